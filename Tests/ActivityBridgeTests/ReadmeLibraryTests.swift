import ActivityBridge
import ActivityKit
import Foundation
import PropertyList
import TestSupport
import Testing

/// README.md's "Library" section compiles as written: each of its Swift blocks is one of the
/// `// README:` blocks of ReadmeLibraryExamples.swift (which the tests compile), and the examples work.
@Suite("README library section")
struct ReadmeLibraryTests {
    /// The Swift blocks of the README's `## Library` section, in order.
    static func readmeBlocks() throws -> [String] {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## Library\n") else { return [] }
        let section = readme[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].components(separatedBy: "```swift\n").dropFirst().map { block in
            String(block[..<(block.range(of: "```")?.lowerBound ?? block.endIndex)])
        }
    }

    /// The marked blocks of the compiled example file, each without its common indentation.
    static func compiledBlocks() throws -> [String] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ReadmeLibraryExamples.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "// README: end" {
                if let lines = current { blocks.append(dedent(lines)) }
                current = nil
            } else if trimmed.hasPrefix("// README: ") {
                current = []
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    static func dedent(_ lines: [Substring]) -> String {
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n") + "\n"
    }

    @Test func everyReadmeBlockIsCompiledCode() throws {
        let readme = try Self.readmeBlocks()
        let compiled = try Self.compiledBlocks()
        #expect(readme.count == 5, "the Library section shows reading, continuation, replay, replay issues and migration")
        #expect(readme == compiled)
    }

    @Test func readingAPlist() throws {
        let types = try ReadmeLibraryExamples.declaredTypes(inInfoPlistAt: TestPaths.packageRoot.appendingPathComponent("Plists/WalkMate-Info.plist").path)
        #expect(types == ["com.walkmate.favorite.open", "com.walkmate.route.generate"])
    }

    @Test func continuation() {
        #expect(ReadmeLibraryExamples.continueAnAppointment() == .handled)
    }

    @Test func replayWithAnAppOfOnesOwn() throws {
        let directory = try TemporaryDirectory("readme-replay")
        _ = try directory.write(Data("""
            <plist version="1.0"><dict><key>name</key><string>adds after launch</string><key>app</key><string>counter</string>
            <key>steps</key><array>
              <dict><key>do</key><string>continue</string><key>activity</key><dict>
                <key>activityType</key><string>com.example.counter.add</string>
                <key>userInfo</key><dict><key>amount</key><integer>3</integer></dict></dict>
                <key>expect</key><dict><key>outcome</key><string>handled</string><key>router.pending</key><integer>1</integer></dict></dict>
              <dict><key>do</key><string>finishLaunching</string><key>expect</key><dict><key>total</key><integer>3</integer></dict></dict>
              <dict><key>do</key><string>continue</string><key>activity</key><dict>
                <key>activityType</key><string>com.example.counter.other</string></dict>
                <key>expect</key><dict><key>outcome</key><string>undeclared</string></dict></dict>
            </array></dict></plist>
            """.utf8), to: "counter.plist")
        let report = try ReadmeLibraryExamples.replayCounterScripts(in: directory.url.path)
        #expect(report.summaryLine == "1 passed, 0 failed", "\(report.scripts.first?.steps.flatMap(\.failureMessages) ?? [])")
    }

    /// The counter script with a wrong expectation: the issue is recorded at its `expect` key
    /// (line 3, column 26 of the script) with the failure's message.
    @Test func replayIssuesAtTheirLine() throws {
        let directory = try TemporaryDirectory("readme-issues")
        let script = try directory.write(Data("""
            <plist version="1.0"><dict><key>name</key><string>wrong</string><key>app</key><string>counter</string>
            <key>launched</key><true/><key>steps</key><array><dict><key>do</key><string>check</string>
              <key>expect</key><dict><key>total</key><integer>1</integer></dict></dict></array></dict></plist>
            """.utf8), to: "wrong.plist")
        let report = try ReadmeLibraryExamples.replayCounterScripts(in: directory.url.path)
        withKnownIssue {
            ReadmeLibraryExamples.recordIssues(of: report.scripts[0])
        } matching: { issue in
            issue.sourceLocation?.fileID == script.path && issue.sourceLocation?.line == 3 && issue.sourceLocation?.column == 26
                && issue.comments.map(\.rawValue) == ["step 1 (check): total: expected 1, got 0"]
        }
    }

    @Test func migration() throws {
        let fixture = try MigrationFixture()
        defer { try? FileManager.default.removeItem(at: fixture.registries.directory) }
        try fixture.store([UserActivity(
            activityType: "com.donnywals.hairdressers.appointment", title: "Book",
            userInfo: ["hairdresser": "Jane", "day": "Monday"], requiredUserInfoKeys: ["hairdresser", "day"],
            persistentIdentifier: "Jane-Monday", isEligibleForPrediction: true)])
        let report = try ReadmeLibraryExamples.migrate(
            legacyStore: fixture.legacyPath, intentStore: fixture.targetPath,
            manifest: BridgeFixtures.path("Plists/Hairdressers-Bridge.plist"), app: fixture.registries.hairdressers)
        #expect(report.read == 1)
        #expect(report.migrated == 1)
    }
}
