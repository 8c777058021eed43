import Foundation
import SwiftFacts
import TestSupport
import Testing

/// `convert --activity-type` on the corpus apps (../shared/corpus/apps) whose truth tables list a type created and
/// handled, each on a copy: every type a target creates and handles (as the audit sees it) converted through the
/// built binary; the Swift files type-check against the stub; the audit with the files added reports no error it
/// did not report before. Each app's figures (types, parameters typed or left String and why) are printed on a
/// `convert-activity-figures:` line, for BENCHMARKS.md.
@Suite("Convert: activity types of the corpus apps", .enabled(if: SharedCorpus.appsArePresent, "../shared/corpus/apps is not there (a plain clone)"),
       .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser"))
struct ConvertActivityCorpusTests {
    static let apps: [String] = ((try? TruthTable.all()) ?? []).filter { table in
        !Set(table.created.compactMap(\.type)).isDisjoint(with: table.handled.compactMap(\.type))
    }.map(\.app).sorted()

    /// The types each target creates and handles, from `audit --format json`.
    static func convertibleTypes(_ json: String) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var types: [String] = []
        for project in document["projects"] as? [[String: Any]] ?? [] {
            for target in project["targets"] as? [[String: Any]] ?? [] {
                let sites = target["activityTypes"] as? [String: Any] ?? [:]
                func resolved(_ key: String) -> [String] { (sites[key] as? [[String: Any]] ?? []).compactMap { $0["resolved"] as? String } }
                let created = Set(resolved("created"))
                for type in resolved("handled") where created.contains(type) && !types.contains(type) { types.append(type) }
            }
        }
        return types
    }

    static func errors(_ text: String) -> Set<String> {
        Set(text.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init))
    }

    @Test("every created and handled type converted: the files type-check, no new audit error", arguments: apps)
    func converts(app: String) throws {
        let directory = try TemporaryDirectory("convert-activity-corpus")
        let repository = try ConvertFixtures.copy(SharedCorpus.apps.appendingPathComponent(app), into: directory, as: app)
        let json = try BuiltBinary.run(["audit", "--format", "json", "."], in: repository)
        let types = try Self.convertibleTypes(json.standardOutput)
        guard !types.isEmpty else {
            print("convert-activity-figures: \(app) types=0 (the audit sees no type a target both creates and handles)")
            return
        }
        let arguments = types.flatMap { ["--activity-type", $0] }
        let before = try BuiltBinary.run(["audit", "."], in: repository)

        if ConvertFixtures.swiftc != nil {
            let out = directory.url.appendingPathComponent("out")
            let plain = try BuiltBinary.run(["convert", "--no-handlers", "--out", out.path] + arguments + ["."], in: repository)
            #expect(plain.status == 0, "\(plain.standardError)")
            let modules = try StubModules.shared.get()
            for target in try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() {
                let folder = out.appendingPathComponent(target)
                let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter { $0.hasSuffix(".swift") }
                let result = try modules.typecheck(files.map { folder.appendingPathComponent($0).path }, swiftVersion: "6")
                #expect(result.status == 0, "\(app)/\(target): \(result.standardError)")
            }
        }

        let converted = try BuiltBinary.run(["convert"] + arguments + ["."], in: repository)
        #expect(converted.status == 0, "\(converted.standardError)")
        let after = try BuiltBinary.run(["audit", "."], in: repository)
        let new = Self.errors(after.standardOutput).subtracting(Self.errors(before.standardOutput))
        #expect(new.isEmpty, "\(app): \(new.sorted())")

        // Figures: the parameters of the activity-type files, typed or String (the TODO line above says why).
        var typed = 0, untyped = 0, providers = 0, manifests = 0
        var kinds: [String: Int] = [:]
        let enumerator = FileManager.default.enumerator(at: repository, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.path.contains("/ConvertedAppIntents/") else { continue }
            if url.pathExtension == "plist" { manifests += 1; continue }
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            if text.contains(": AppShortcutsProvider {") { providers += 1 }
            guard text.contains("from activity type ") else { continue }
            var previous = ""
            for line in text.split(separator: "\n") {
                if line.hasPrefix("    var "), line.hasSuffix("?") {
                    if previous.contains("@Parameter"), let type = line.split(separator: ":").last?.dropLast().trimmingCharacters(in: .whitespaces) {
                        kinds[type, default: 0] += 1
                    }
                }
                if line.contains("TODO(activity-bridge convert): String, as the type is not known") { untyped += 1 }
                previous = String(line)
            }
        }
        typed = kinds.values.reduce(0, +) - untyped
        let reasons = converted.standardError.split(separator: "\n").filter { $0.contains("is a String: ") }
            .map { String($0.split(separator: ": ", maxSplits: 3).last ?? "") }
        print("convert-activity-figures: \(app) types=\(types.count) parameters=\(typed + untyped) typed=\(typed) string=\(untyped) "
              + "kinds=\(kinds.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ",")) providers=\(providers) manifests=\(manifests) "
              + "errorsBefore=\(Self.errors(before.standardOutput).count) errorsAfter=\(Self.errors(after.standardOutput).count) reasons=\(reasons)")
    }
}
