import Diagnostics
import Foundation
import PropertyList
import Testing
import TestSupport

/// Each rule of the XML reader, triggered by a fixture that marks with `1️⃣` exactly where the
/// diagnostic must point (the `<` of the offending element). The location is asserted, not only
/// that reading failed.
@Suite("XML reader diagnostics and their locations")
struct XMLErrorLocationTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var fixture: String
        var rule: Diagnostic.Rule = .plistSyntax
        var severity: Diagnostic.Severity = .error
        /// Words the message must contain: what was found and what was expected.
        var message: [String]
        var maximumDepth = 10_000

        var testDescription: String { fixture }
    }

    static let expectations: [Expectation] = [
        Expectation(fixture: "key-in-array", message: ["unexpected <key> in <array>", "only in a <dict>"]),
        Expectation(fixture: "key-without-value", message: ["expected a value after <key>CFBundleName</key>, found </dict>"]),
        Expectation(fixture: "key-followed-by-key", message: ["expected a value after <key>CFBundleName</key>, found another <key>"]),
        Expectation(fixture: "value-without-key", message: ["expected a <key>", "found <string>"]),
        Expectation(fixture: "nested-element-in-key", message: ["unexpected <true> inside <key>", "only text"]),
        Expectation(fixture: "bad-integer", message: ["invalid <integer> '12abc'", "found 'a'"]),
        Expectation(fixture: "out-of-range-integer", message: ["18446744073709551616 is out of range", "-9223372036854775808 to 18446744073709551615"]),
        Expectation(fixture: "bad-real", message: ["invalid <real> '0x1p3'", "expected a decimal number"]),
        Expectation(fixture: "bad-date", message: ["invalid <date> '-0001-02-28T10:00:00Z'", "year -1 is outside years 0–9999"]),
        Expectation(fixture: "bad-base64", message: ["invalid <data>", "'*' is not a base64 character"]),
        Expectation(fixture: "unknown-element", message: ["unknown element <null>", "expected plist, dict, array"]),
        Expectation(fixture: "two-roots-in-plist", message: ["second value <array> in <plist>", "exactly one root value"]),
        Expectation(fixture: "two-bare-roots", message: ["extra content after the root element", "exactly one root value"]),
        Expectation(fixture: "empty-document", message: ["empty document", "expected a property list"]),
        Expectation(fixture: "whitespace-only-document", message: ["empty document"]),
        Expectation(fixture: "mismatched-tags", message: ["mismatched end tag: expected </string>, found </strng>"]),
        Expectation(fixture: "entity-declaration", message: ["internal DTD subset ('[' in <!DOCTYPE>) is not allowed"]),
        Expectation(fixture: "billion-laughs", message: ["internal DTD subset ('[' in <!DOCTYPE>) is not allowed"]),
        Expectation(fixture: "depth-limit", message: ["<array> nests deeper than the maximum depth of 3"], maximumDepth: 3),
        Expectation(fixture: "non-plist-text", message: ["not a property list", "expected '<'", "found 'N'"]),
        Expectation(fixture: "text-in-dict", message: ["unexpected text 'stray text' in <dict>", "expected only elements"]),
        Expectation(fixture: "empty-plist", message: ["empty <plist>: expected one value, found </plist>"]),
        Expectation(fixture: "multibyte-columns", message: ["invalid <integer> '🐍'"]),
        Expectation(fixture: "undefined-entity", message: ["undefined entity &chips;"]),
        Expectation(fixture: "declaration-not-first", message: ["XML declaration allowed only at the start"]),
        Expectation(fixture: "true-with-content", message: ["unexpected text 'yes' in <true/>"]),
        Expectation(fixture: "crlf-line-endings", message: ["invalid <integer> '1.0'"]),
        Expectation(fixture: "truncated-document", message: ["unexpected end of the document: expected </dict>"]),
        // libxml2 names these by what it was reading; they are all a document cut short, or a `<!` that opens nothing.
        Expectation(fixture: "truncated-in-cdata", message: ["unexpected end of the document: expected </string>"]),
        Expectation(fixture: "truncated-after-open-bracket", message: ["unexpected end of the document: expected </dict>"]),
        Expectation(fixture: "truncated-in-start-tag", message: ["Couldn't find end of Start Tag key"]),
        Expectation(fixture: "markup-declaration-in-key", message: ["expected an element, a comment, CDATA or text here"]),
        Expectation(fixture: "entity-text-in-dict", message: ["unexpected text '&' in <dict>"]),
    ]

    @Test("the diagnostic names the problem and points at the marked element", arguments: expectations)
    func diagnosticLocation(_ expectation: Expectation) throws {
        let fixture = try MarkedFixture(expectation.fixture)
        let diagnostic = try Self.firstError(in: fixture.data, maximumDepth: expectation.maximumDepth, file: "\(fixture.name).plist")
        #expect(diagnostic.rule == expectation.rule)
        #expect(diagnostic.severity == expectation.severity)
        #expect(diagnostic.location == SourceLocation(file: "\(fixture.name).plist", line: fixture.line, column: fixture.column))
        for words in expectation.message {
            #expect(diagnostic.message.contains(words), "message: \(diagnostic.message)")
        }
        // libxml2 appends " line 4" to some messages; the location already says where.
        #expect(diagnostic.message.firstMatch(of: #/ line [0-9]+$/#) == nil, "message: \(diagnostic.message)")
    }

    @Test("a repeated key is a warning at the second <key>; the last value wins")
    func duplicateKeyWarning() throws {
        let fixture = try MarkedFixture("duplicate-key")
        let document = try PropertyListReader().read(fixture.data, file: "Info.plist")
        #expect(document.root["CFBundleName"] == "WalkMate")
        #expect(document.root.dictionaryValue?.count == 1)
        #expect(document.diagnostics.count == 1)
        let warning = try #require(document.diagnostics.first)
        #expect(warning.rule == .duplicateKey)
        #expect(warning.severity == .warning)
        #expect(warning.location == SourceLocation(file: "Info.plist", line: fixture.line, column: fixture.column))
        #expect(warning.message.contains("duplicate key 'CFBundleName'"))
        #expect(warning.description == "Info.plist:\(fixture.line):\(fixture.column): warning: \(warning.message) [duplicate-key]")
    }

    @Test("warnings found before an error travel with it")
    func warningsBeforeAnError() throws {
        let xml = "<plist><dict><key>a</key><true/><key>a</key><false/><key>b</key><integer>x</integer></dict></plist>"
        do throws(PropertyListReadError) {
            _ = try PropertyListReader().read(Data(xml.utf8), file: "t.plist")
            Issue.record("expected an error")
        } catch {
            guard case let .invalid(error, warnings) = error else {
                Issue.record("expected a diagnostic, got \(error)")
                return
            }
            #expect(error.message.contains("invalid <integer> 'x'"))
            #expect(warnings.map(\.rule) == [.duplicateKey])
            #expect(warnings.first?.location.column == 33)
        }
    }

    static let unicodeEncodings: [String.Encoding] = [.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian]
    static let unicodeFixtures = ["key-without-value", "multibyte-columns", "bad-date", "mismatched-tags", "crlf-line-endings", "text-in-dict"]

    @Test("UTF-16 and UTF-32 input report the same lines and columns (in scalars)",
          arguments: unicodeFixtures, unicodeEncodings)
    func locationsInOtherEncodings(_ name: String, _ encoding: String.Encoding) throws {
        let fixture = try MarkedFixture(name)
        var text = fixture.text
        // The declaration must not claim UTF-8 for bytes that are not; the BOM decides.
        text = text.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"\(encoding.xmlName)\"")
        let data = MarkedText.encode(text, as: encoding)
        let diagnostic = try Self.firstError(in: data, maximumDepth: 10_000, file: name)
        #expect(diagnostic.location == SourceLocation(file: name, line: fixture.line, column: fixture.column))
    }

    static func firstError(in data: Data, maximumDepth: Int, file: String) throws -> Diagnostic {
        let outcome: Result<PropertyListDocument, PropertyListReadError>
        do throws(PropertyListReadError) {
            outcome = .success(try PropertyListReader(options: .init(maximumDepth: maximumDepth)).read(data, file: file))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case let .success(document):
            throw ExpectedValueDecoder.Failure(description: "expected a diagnostic, but read \(document.root)")
        case let .failure(.invalid(diagnostic, _)):
            return diagnostic
        case let .failure(error):
            throw error
        }
    }
}

extension String.Encoding {
    fileprivate var xmlName: String {
        switch self {
        case .utf16LittleEndian, .utf16BigEndian: "UTF-16"
        default: "UTF-32"
        }
    }
}
