import Foundation
import Testing
import ActivityBridge
import Diagnostics
import TestSupport

@Suite("Replay runner")
struct ReplayRunnerTests {
    func withDirectory<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
        try FixtureTree.with(files, purpose: "replay-runner", body)
    }

    @Test func directoriesExpandToTheirPlistsInNameOrder() throws {
        try withDirectory(["b.plist": "", "a.plist": "", "notes.txt": "", "sub/c.plist": ""]) { directory in
            let listed = try ReplayRunner.scriptFiles(in: [".", "b.plist"], currentDirectory: directory.path)
            #expect(listed == ["./a.plist", "./b.plist", "b.plist"])
        }
    }

    @Test func missingPathsAndEmptyDirectoriesAreInputErrors() throws {
        try withDirectory(["notes.txt": ""]) { directory in
            #expect(throws: ReplayInputError.missing("nope.plist")) {
                try ReplayRunner.scriptFiles(in: ["nope.plist"], currentDirectory: directory.path)
            }
            #expect(throws: ReplayInputError.noScripts(".")) {
                try ReplayRunner.scriptFiles(in: ["."], currentDirectory: directory.path)
            }
        }
    }

    @Test func aFileThatIsNotAScriptFailsOnItsOwn() throws {
        let fixture = try TallyFixture()
        try withDirectory([
            "a-broken.plist": "<plist><dict><key>name</key></plist>",
            "b-good.plist": """
                <plist version="1.0"><dict><key>name</key><string>good</string><key>app</key><string>tally</string>
                <key>steps</key><array><dict><key>do</key><string>tap</string><key>amount</key><integer>2</integer>
                <key>expect</key><dict><key>total</key><real>2.0</real></dict></dict></array></dict></plist>
                """,
        ]) { directory in
            var runner = fixture.runner
            runner.currentDirectory = directory.path
            let report = try runner.run(paths: ["."])
            #expect(report.scripts.map(\.file) == ["./a-broken.plist", "./b-good.plist"])
            #expect(report.scripts.map(\.passed) == [false, true])
            #expect(report.scripts.first?.error?.message.hasPrefix("not a valid property list") == true)
            #expect(report.scripts.first?.error?.location?.file == "./a-broken.plist")
            #expect(report.summaryLine == "1 passed, 1 failed")
        }
    }

    @Test func resourcesAreFoundFromTheScriptUpwards() throws {
        try withDirectory(["Plists/X-Info.plist": "<plist/>", "Samples/Replays/x.plist": ""]) { directory in
            let environment = ReplayEnvironment(
                directory: directory,
                resourceRoots: ReplayEnvironment.defaultResourceRoots(forScriptAt: "Samples/Replays/x.plist", currentDirectory: directory.path))
            #expect(environment.existingResource("Plists/X-Info.plist")?.standardizedFileURL.path
                    == directory.appendingPathComponent("Plists/X-Info.plist").standardizedFileURL.path)
            #expect(throws: ReplayStepError.self) { try environment.resource("Plists/Missing.plist") }
        }
    }
}
