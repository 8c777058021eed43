import Foundation
import SwiftFacts
import TestSupport
import Testing

/// `convert` on the real apps of the corpus (../shared/corpus/apps) whose truth tables list custom intents, each
/// on a copy in a temporary folder (../shared is never written): before, the audit reports their
/// `custom-intent-not-migrated`; after `convert`, none; `diff` from the app to the app with the files and without its
/// intent definitions reports nothing; and the files (written without handler calls, which name the app's own
/// classes) type-check against the AppIntents stub in Swift 6 mode. Through the built binary.
@Suite("Convert: corpus apps", .enabled(if: SharedCorpus.appsArePresent, "../shared/corpus/apps is not there (a plain clone)"),
       .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser"))
struct ConvertCorpusTests {
    static let apps: [String] = ((try? TruthTable.all()) ?? [])
        .filter { table in table.customIntents.contains { $0.migratedBy == nil } }.map(\.app).sorted()

    static func count(_ rule: String, in text: String) -> Int { text.components(separatedBy: "[\(rule)]").count - 1 }

    @Test("every custom intent converted: no custom-intent-not-migrated left, diff finds nothing lost, the files type-check", arguments: apps)
    func converts(app: String) throws {
        let table = try TruthTable.load(app)
        let directory = try TemporaryDirectory("convert-corpus")
        let repository = try ConvertFixtures.copy(SharedCorpus.apps.appendingPathComponent(app), into: directory, as: app)

        // First into a folder outside the repository (which it leaves as it was), without handler calls (they name
        // the app's own classes): every file type-checks against the stub.
        if ConvertFixtures.swiftc != nil {
            let out = directory.url.appendingPathComponent("without-handlers")
            let plain = try BuiltBinary.run(["convert", "--no-handlers", "--out", out.path, "."], in: repository)
            #expect(plain.status == 0, "\(plain.standardError)")
            let modules = try StubModules.shared.get()
            for target in try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() {
                let folder = out.appendingPathComponent(target)
                let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0).path }
                let result = try modules.typecheck(files, swiftVersion: "6")
                #expect(result.status == 0, "\(app)/\(target): \(result.standardError)")
            }
        }

        let before = try BuiltBinary.run(["audit", "."], in: repository)
        let unmigrated = Set(table.customIntents.filter { $0.migratedBy == nil }.map(\.className))
        #expect(Self.count("custom-intent-not-migrated", in: before.standardOutput) >= unmigrated.count, "\(before.standardOutput)")

        let converted = try BuiltBinary.run(["convert", "."], in: repository)
        #expect(converted.status == 0, "\(converted.standardError)")
        let after = try BuiltBinary.run(["audit", "."], in: repository)
        #expect(Self.count("custom-intent-not-migrated", in: after.standardOutput) == 0, "\(after.standardOutput)")
        let sources = try Self.generatedSources(under: repository)
        for className in unmigrated {
            #expect(sources.contains { $0.contains("static let intentClassName = \"\(className)\"\n") }, "\(className)")
        }

        // The release that ships the files and deletes the intent definitions takes nothing away: `diff` from the
        // app as it was to it has no compat-* error or warning.
        let pristine = try ConvertFixtures.copy(SharedCorpus.apps.appendingPathComponent(app), into: directory, as: app + "-base")
        let enumerator = FileManager.default.enumerator(at: repository, includingPropertiesForKeys: nil)
        var definitions: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "intentdefinition" { definitions.append(url) }
        }
        for definition in definitions { try FileManager.default.removeItem(at: definition) }
        let diff = try BuiltBinary.run(["diff", pristine.path, repository.path], in: directory.url)
        #expect(diff.standardOutput.hasSuffix("compared: 0 errors, 0 warnings, 0 notes\n"), "\(diff.standardOutput)\(diff.standardError)")
    }

    /// The text of every file `convert` wrote under `repository` (their first line says so).
    static func generatedSources(under repository: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(at: repository, includingPropertiesForKeys: nil)
        var sources: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", url.path.contains("/ConvertedAppIntents/"),
                  let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            sources.append(text)
        }
        return sources
    }
}
