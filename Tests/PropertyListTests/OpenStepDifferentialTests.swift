import Diagnostics
import Foundation
import PropertyList
import TestSupport
import Testing
import TestSupport

/// Differential test against Python's `openstep_plist` on real projects: every `project.pbxproj`
/// and `.strings` file under `shared/corpus/apps` (and the OpenStep files of the real-world plist
/// corpus) reads to the same values in the same key order.
@Suite("OpenStep corpus versus openstep_plist")
struct OpenStepDifferentialTests {
    static let apps = SharedCorpus.root.appendingPathComponent("corpus/apps")

    /// Every pbxproj and .strings file of the app corpus, plus the real-world plists that are OpenStep text.
    static let files: [String] = {
        var found: [String] = []
        if let walker = FileManager.default.enumerator(atPath: apps.path) {
            for case let relative as String in walker {
                let name = (relative as NSString).lastPathComponent
                if name == "project.pbxproj" || name.hasSuffix(".strings") {
                    found.append(apps.appendingPathComponent(relative).path)
                }
            }
        }
        let realWorld = (try? FileManager.default.contentsOfDirectory(atPath: SharedCorpus.realWorld.path)) ?? []
        for name in realWorld where name.hasSuffix(".plist") {
            // OpenStep text starts (after a BOM and whitespace) with one of these.
            let path = SharedCorpus.realWorld.appendingPathComponent(name).path
            if let data = FileManager.default.contents(atPath: path),
               let first = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
               "{(/\"".utf8.contains(first) {
                found.append(path)
            }
        }
        return found.sorted()
    }()

    static let oracle: [String: OpenStepPlistOracle.Verdict]? = OpenStepPlistOracle.verdicts(for: files)

    // No corpus file differs. Where openstep_plist departs from CoreFoundation we follow CF, on
    // inputs the corpus does not contain: a one-digit octal escape (`"\0x"` is NUL + "x" in CF,
    // "xx" in openstep_plist), text after an empty root (`{} junk`: CF's "Junk after plist",
    // openstep_plist accepts it), and zero-length input (CF refuses it, openstep_plist gives {}).
    // Text after a complete `.strings` body, which both ignore, is an error here: it is never
    // what the author meant, and Apple would silently drop every entry after it.

    static func relative(_ path: String) -> String {
        path.replacingOccurrences(of: SharedCorpus.root.path + "/", with: "")
    }

    @Test(
        "every file reads to the same values, in the same key order, as openstep_plist",
        .enabled(if: !files.isEmpty, "../shared/corpus/apps is absent: differential test skipped"),
        .enabled(if: oracle != nil, "python3 with the openstep_plist module is not available (pip install openstep-plist): differential test skipped"),
        arguments: files.map(relative))
    func sameValues(_ name: String) throws {
        let path = SharedCorpus.root.appendingPathComponent(name).path
        let verdict = try #require(Self.oracle?[path], "openstep_plist gave no verdict for \(name)")
        let ours: Result<PropertyListDocument, PropertyListReadError>
        do throws(PropertyListReadError) {
            ours = .success(try PropertyListReader().read(contentsOf: path))
        } catch {
            ours = .failure(error)
        }
        switch (verdict, ours) {
        case let (.tokens(expected), .success(document)):
            #expect(document.format == .openStep)
            let actual = OpenStepPlistOracle.tokens(for: document.root)
            let firstMismatch = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            if let index = firstMismatch ?? (actual.count == expected.count ? nil : min(actual.count, expected.count)) {
                Issue.record("first difference at token \(index): ours \(actual.dropFirst(index).prefix(3)), openstep_plist \(expected.dropFirst(index).prefix(3))")
            }
        case let (.tokens, .failure(error)):
            Issue.record("openstep_plist reads \(name), we refuse it: \(error)")
        case let (.error(message), .success):
            Issue.record("openstep_plist refuses \(name) (\(message)), we read it")
        case let (.error, .failure(error)):
            // Both refuse; ours must say where.
            if case let .invalid(diagnostic, _) = error {
                #expect(diagnostic.rule == .plistSyntax)
            }
        }
    }

    @Test("the oracle really ran over the corpus (a broken oracle would make the test vacuous)",
          .enabled(if: !files.isEmpty && oracle != nil, "corpus or openstep_plist absent"))
    func oracleCoversCorpus() throws {
        let oracle = try #require(Self.oracle)
        #expect(Set(oracle.keys) == Set(Self.files))
        let pbxprojCount = Self.files.filter { $0.hasSuffix("project.pbxproj") }.count
        #expect(pbxprojCount >= 30)
        let read = oracle.values.filter { if case .tokens = $0 { true } else { false } }.count
        #expect(read >= pbxprojCount)
    }
}
