import Diagnostics
import Foundation
import PropertyList
import Testing
import TestSupport

/// Differential test against Python's plistlib on the real-world corpus
/// (`shared/corpus/realworld`): every file plistlib reads, we read to the same value.
@Suite("Real-world corpus versus plistlib")
struct CorpusDifferentialTests {
    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: SharedCorpus.realWorld.path)) ?? []
        return names.filter { $0.hasSuffix(".plist") }.sorted()
    }()

    static let oracle: [String: PlistlibOracle.Verdict]? = PlistlibOracle.verdicts(for: SharedCorpus.realWorld)

    /// Files plistlib reads but Apple's reader refuses; we follow Apple (plutil -lint agrees).
    static let refusedLikeApple: [String: String] = [
        "017_ownCloud_Info.plist": "C preprocessor lines (#ifdef) between elements are text in a <dict>; plistlib ignores such text",
        "102_patsplat_commented.plist": "a <plist> with only comments holds no value; plistlib returns None",
    ]

    @Test(
        "every file plistlib reads, we read to the same value",
        .enabled(if: !files.isEmpty, "../shared/corpus/realworld is absent: differential test skipped"),
        .enabled(if: oracle != nil, "python3 with plistlib is not available: differential test skipped"),
        arguments: files)
    func sameValueAsPlistlib(_ name: String) throws {
        let url = SharedCorpus.realWorld.appendingPathComponent(name)
        let ours: Result<PropertyListDocument, PropertyListReadError>
        do throws(PropertyListReadError) {
            ours = .success(try PropertyListReader().read(contentsOf: url.path))
        } catch {
            ours = .failure(error)
        }
        guard let verdict = Self.oracle?[name] else {
            Issue.record("plistlib produced no verdict for \(name)")
            return
        }
        switch (verdict, ours) {
        case let (.value(expected), .success(document)):
            #expect(Self.refusedLikeApple[name] == nil, "listed as refused but read: \(Self.refusedLikeApple[name] ?? "")")
            #expect(document.root == expected)
        case let (.value, .failure(error)):
            #expect(Self.refusedLikeApple[name] != nil, "plistlib reads it, we refuse: \(error)")
            if case let .invalid(diagnostic, _) = error { #expect(diagnostic.location.line > 1) }
        case (.error, .success), (.error, .failure):
            // plistlib refuses it (old-style text plists, malformed fixtures, UTF-16 without BOM):
            // nothing to compare; we must only not crash, which reaching here shows.
            break
        }
    }

    @Test("the corpus and the oracle agree on what exists",
          .enabled(if: !files.isEmpty && oracle != nil, "../shared/corpus/realworld or python3 with plistlib is absent: nothing to compare"))
    func oracleCoversCorpus() throws {
        let oracle = try #require(Self.oracle)
        #expect(Set(oracle.keys) == Set(Self.files))
        // Most of the corpus is readable by both; a broken oracle would make the test vacuous.
        let readable = oracle.values.filter { if case .value = $0 { true } else { false } }.count
        #expect(readable >= 70)
    }
}
