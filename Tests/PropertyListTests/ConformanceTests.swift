import Diagnostics
import Foundation
import PropertyList
import Testing
import TestSupport

/// Every `valid`/`invalid` vector of `shared/conformance/CASES.tsv` gets the stated verdict and,
/// where one is stated, the stated value. Cases we knowingly differ on are listed, with a reason,
/// in `Fixtures/conformance-exceptions.tsv`; the test also fails when a listed case starts to
/// conform, so that list cannot go stale.
@Suite("Conformance vectors")
struct ConformanceTests {
    static let decidedCases = ConformanceCase.all.filter { $0.expectation != .implementationDefined }
    static let openCases = ConformanceCase.all.filter { $0.expectation == .implementationDefined }

    @Test(
        "valid and invalid vectors get the stated verdict and value",
        .enabled(if: ConformanceCase.isAvailable, "../shared/conformance/CASES.tsv is absent: conformance vectors skipped"),
        arguments: decidedCases)
    func statedVerdict(_ testCase: ConformanceCase) throws {
        let exception = ConformanceException.all[testCase.file]
        let outcome = Self.read(testCase)

        switch (testCase.expectation, outcome) {
        case let (.valid, .success(document)):
            #expect(exception?.aspect != .verdict, "listed as a verdict exception but now conforms: \(exception?.reason ?? "")")
            guard !testCase.expectedValueJSON.isEmpty else { return }
            let expected = try ExpectedValueDecoder.decode(testCase.expectedValueJSON)
            if exception?.aspect == .value {
                #expect(document.root != expected, "listed as a value exception but now matches: \(exception?.reason ?? "")")
            } else {
                #expect(document.root == expected, "\(testCase.whatItTests)")
            }
        case let (.valid, .failure(error)):
            #expect(exception?.aspect == .verdict, "stated valid (\(testCase.whatItTests)), but: \(error)")
        case let (.invalid, .failure(error)):
            #expect(exception?.aspect != .verdict, "listed as a verdict exception but now conforms: \(exception?.reason ?? "")")
            guard case let .invalid(diagnostic, _) = error else {
                Issue.record("expected a diagnostic, got \(error)")
                return
            }
            #expect(diagnostic.rule == .plistSyntax)
            #expect(diagnostic.severity == .error)
            #expect(diagnostic.location.line >= 1 && diagnostic.location.column >= 1)
            #expect(diagnostic.location.file == testCase.url.path)
        case (.invalid, .success):
            #expect(exception?.aspect == .verdict, "stated invalid (\(testCase.whatItTests)), but it was read")
        case (.implementationDefined, _):
            Issue.record("implementation-defined cases are checked by implementationDefined(_:)")
        }
    }

    /// Our decisions where the sources disagree or state none; the rest (fuzzer reproducers)
    /// must simply be read or refused with a located diagnostic, never crash or hang.
    static let decisions: [String: (valid: Bool, why: String)] = [
        "cpython/028_controlchar_cr.plist": (true, "a literal CR in text is allowed (XML turns it into LF)"),
        "rust-plist/007_xml_detection_bom0_ws1_decl1_comment0_doctype1.plist": (false, "XML 1.0: the declaration must come first"),
        "rust-plist/008_xml_detection_bom1_ws1_decl1_comment1_doctype1.plist": (false, "XML 1.0: the declaration must come first"),
        "rust-plist/014_leading_ws_before_decl_nested_dict.plist": (false, "XML 1.0: the declaration must come first"),
        "dd-plist/013_issue30_no_plist_element.plist": (true, "a bare root value is accepted, as Apple's parser does"),
        "dd-plist/020_nesting_50000.plist": (false, "deeper than maximumDepth (10,000): a clean plist-syntax error"),
        "plist-js/001_null.plist": (false, "<null/> is not in Apple's DTD"),
        "plist-js/023_dict_value_missing.plist": (false, "a <key> needs a value, as in Apple's and CPython's readers"),
        "plist-js/029_dict_proto_key.plist": (true, "__proto__ is an ordinary key"),
        "ruby-plist/008_only_comments.plist": (false, "an empty <plist> holds no value"),
    ]

    @Test(
        "implementation-defined vectors follow our recorded decision or at least never crash",
        .enabled(if: ConformanceCase.isAvailable, "../shared/conformance/CASES.tsv is absent: conformance vectors skipped"),
        arguments: openCases)
    func implementationDefined(_ testCase: ConformanceCase) throws {
        let outcome = Self.read(testCase)
        if case let .failure(error) = outcome {
            guard case let .invalid(diagnostic, _) = error else {
                Issue.record("expected a diagnostic, got \(error)")
                return
            }
            #expect(diagnostic.rule == .plistSyntax && diagnostic.location.line >= 1)
        }
        guard let decision = Self.decisions[testCase.file] else { return }
        switch outcome {
        case let .success(document):
            #expect(decision.valid, "decided invalid (\(decision.why)), but it was read")
            if decision.valid, !testCase.expectedValueJSON.isEmpty {
                #expect(document.root == (try ExpectedValueDecoder.decode(testCase.expectedValueJSON)))
            }
        case let .failure(error):
            #expect(!decision.valid, "decided valid (\(decision.why)), but: \(error)")
        }
    }

    @Test("the 50,000-deep vector is refused at the depth limit, not by a stack overflow",
          .enabled(if: ConformanceCase.isAvailable, "../shared/conformance is absent"))
    func deepNestingVector() throws {
        let url = SharedCorpus.conformance.appendingPathComponent("dd-plist/020_nesting_50000.plist")
        #expect {
            _ = try PropertyListReader().read(contentsOf: url.path)
        } throws: { error in
            guard case let .invalid(diagnostic, _) = error as? PropertyListReadError else { return false }
            return diagnostic.message.contains("maximum depth of 10000")
        }
    }

    @Test("every listed exception names a real case",
          .enabled(if: ConformanceCase.isAvailable, "../shared/conformance/CASES.tsv is absent: nothing to check the list against"))
    func exceptionsNameRealCases() {
        let files = Set(ConformanceCase.all.map(\.file))
        #expect(!ConformanceException.all.isEmpty, "Fixtures/conformance-exceptions.tsv was not found")
        for exception in ConformanceException.all.values {
            #expect(files.contains(exception.file), "\(exception.file) is not in CASES.tsv")
            #expect(!exception.reason.isEmpty)
        }
    }

    static func read(_ testCase: ConformanceCase) -> Result<PropertyListDocument, PropertyListReadError> {
        do {
            return .success(try PropertyListReader().read(contentsOf: testCase.url.path))
        } catch {
            return .failure(error)
        }
    }
}
