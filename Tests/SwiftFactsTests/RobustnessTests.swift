import Diagnostics
import Foundation
import Testing
import SwiftFacts

/// Bad input gives what can be recovered and never a crash or a hang; every position is inside its file.
@Suite("SwiftFacts on bad input", .enabled(if: parserAvailable, "this build has no SwiftSyntax host libraries (Package.swift, ACTIVITY_BRIDGE_SWIFT_HOST_LIBS)"))
struct RobustnessTests {
    @Test("deep nesting, binary junk, an empty file and an unterminated literal")
    func badInput() throws {
        var binary = Data(#"NSUserActivity(activityType: "ok") "#.utf8)
        binary += Data([0xFF, 0xFE, 0x00, 0x01, 0xC3]) + Data((0..<256).map { UInt8($0) })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftfacts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let contents: [(String, Data)] = [
            ("Deep.swift", Data(("let a = NSUserActivity(activityType: " + String(repeating: "(", count: 20_000) + "\"x\""
                + String(repeating: ")", count: 20_000) + ")\n").utf8)),
            ("DeepClosure.swift", Data(("func f() { _ = NSUserActivity(activityType: \"y\") " + String(repeating: "{ ", count: 20_000)
                + String(repeating: "} ", count: 20_000) + "}\n").utf8)),
            ("Binary.swift", binary),
            ("Empty.swift", Data()),
            ("Unterminated.swift", Data("let b = NSUserActivity(activityType: \"never closed\n".utf8)),
        ]
        var files: [SwiftSourceFile] = []
        for (name, data) in contents {
            try data.write(to: folder.appendingPathComponent(name))
            files.append(SwiftSourceFile(path: folder.appendingPathComponent(name).path, displayPath: name))
        }
        let facts = try SwiftFactsExtractor().extract(files)
        #expect(facts.created.map { "\($0.position) \($0.resolved ?? "nil")" } == [
            "Deep.swift:1:38 nil",
            "DeepClosure.swift:1:45 y",
            // The literal has no closing quote: a syntax error, not a value.
            "Unterminated.swift:1:38 nil",
        ])
        // Binary junk is not UTF-8, which the compiler refuses ("invalid UTF-8 found in source file"): not parsed.
        #expect(facts.unreadableFiles.map { "\($0.file): \($0.reason)" } == [
            "Binary.swift: not UTF-8 text (invalid byte at offset 35), as the compiler would refuse it: not parsed",
        ])
        #expect(facts.swiftFiles == 5 && facts.parsedFiles.count == 3)
    }

    /// The prefilter steps back over block comments to find the keyword before a name; nested comments
    /// that each close right before the name would make every step go back over all the ones before it
    /// (quadratic: minutes for a few hundred KB). Past a budget of the file's size it stops and has the
    /// file parsed, which is linear.
    @Test("nested comments closing before each use of a name: the prefilter stays linear and the file is parsed")
    func nestedCommentsBeforeNames() throws {
        let count = 40_000
        let comments = String(repeating: "/* ", count: count) + String(repeating: "*/ value ", count: count)
        let site = "func donate() { _ = NSUserActivity(activityType: value) }\n"
        let facts = try extractFacts(["Site.swift": site, "Comments.swift": comments])
        // The whole file is one nested comment: it declares nothing, and the type stays unresolved.
        #expect(facts.created.map { "\($0.position) \($0.resolved ?? "nil")" } == ["Site.swift:1:50 nil"])
        #expect(facts.parsedFiles == ["Comments.swift", "Site.swift"])
    }

    @Test("every app of the corpus: each position names a line of its file and a column within it",
          .enabled(if: RealApps.present, "needs ../shared/corpus/apps beside the checkout"))
    func corpusPositions() throws {
        let apps = try FileManager.default.contentsOfDirectory(atPath: RealApps.root.path).filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: RealApps.root.appendingPathComponent($0).path, isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
        #expect(apps.count >= 17)
        for app in apps {
            let files = RealApps.files(app)
            let facts = try SwiftFactsExtractor().extract(files)
            #expect(facts.unreadableFiles.isEmpty, "\(app)")
            let paths = Dictionary(uniqueKeysWithValues: files.map { ($0.displayPath, $0.path) })
            var positions = (facts.created + facts.handled).map(\.position) + facts.appIntents.map(\.position)
            positions += facts.appShortcuts.flatMap { [$0.position] + $0.phrases.map(\.position) }
            positions += facts.appEnums.flatMap { [$0.position] + $0.cases.map(\.position) } + facts.appEntities.map(\.position)
            for position in positions {
                let text = try String(contentsOfFile: paths[position.file] ?? "", encoding: .utf8)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(position.line >= 1 && position.line <= lines.count, "\(app): \(position)")
                guard position.line >= 1 && position.line <= lines.count else { continue }
                #expect(position.column >= 1 && position.column <= lines[position.line - 1].unicodeScalars.count, "\(app): \(position)")
            }
        }
    }
}
