import Diagnostics
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import ActivityBridge
import PropertyList
@testable import ActivityBridgeCLI
import TestSupport

/// `replay` in-process: help, registration, and the report renderers on hand-made reports.
@Suite("replay command")
struct ReplayCommandTests {
    static let report = ReplayReport(scripts: [
        ReplayScriptReport(file: "a.plist", name: "A & <B>", app: "hairdressers", steps: [
            ReplayStepReport(index: 1, action: "check", result: ["outcome": "ok"]),
            ReplayStepReport(index: 2, action: "continue", result: ["outcome": "handled"], failures: [
                ReplayExpectationFailure(key: "screen", expected: "splash", actual: "closed"),
                ReplayExpectationFailure(key: "lastIntent", expected: "X", actual: nil),
            ]),
        ]),
        ReplayScriptReport(file: "b.plist", name: "b.plist", app: nil, error: ReplayScriptError(
            file: "b.plist", location: SourceLocation(file: "b.plist", line: 3, column: 7), message: "unknown app 'x' (known: hairdressers, walkmate)")),
    ])

    @Test func isRegisteredWithTheSpecUsage() {
        let context = CommandContext.captured()
        let code = CommandRunner.run(ActivityBridgeCommand.self, arguments: ["replay", "--help"], context: context)
        #expect(code == .success)
        #expect(context.standardOutput.capturedText.contains("USAGE: activity-bridge replay [--format text|json|junit] [-o OUT] [--define NAME=VALUE]... [--project PATH.xcodeproj] [--target NAME] [--configuration NAME] [--app-model APP.plist]... [--manifest BRIDGE.plist]... SCRIPT_OR_DIR..."))
    }

    /// The CLI names no app: the apps come from the context (the executable passes the samples), so
    /// the same script is an unknown app without them and runs with them.
    @Test func theAppsComeFromTheContextNotTheCLI() {
        let script = "Samples/Replays/hairdressers-cold-start.plist"
        let bare = CommandContext.captured(currentDirectory: BuiltBinary.packageRoot.path)
        #expect(CommandRunner.run(ActivityBridgeCommand.self, arguments: ["replay", script], context: bare) == .failure)
        #expect(bare.standardOutput.capturedText.contains("unknown app 'hairdressers' (known: none)"))

        let linked = CommandContext.captured(currentDirectory: BuiltBinary.packageRoot.path, apps: CommandContext.sampleApps)
        #expect(CommandRunner.run(ActivityBridgeCommand.self, arguments: ["replay", script], context: linked) == .success)
        #expect(linked.standardOutput.capturedText.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func textHasALinePerStepAndTheSummaryLast() {
        #expect(ReplayTextReport.render(Self.report) == """
            a.plist: A & <B>
              PASS  step 1 check: ok
              FAIL  step 2 continue: handled — screen: expected "splash", got "closed"; lastIntent: expected "X", got nothing (no such key in the result or the snapshot)
            b.plist: b.plist
              ERROR b.plist:3:7: error: unknown app 'x' (known: hairdressers, walkmate) [replay-script]
            0 passed, 2 failed

            """)
    }

    @Test func junitEscapesAndCountsFailuresAndErrors() throws {
        let xml = String(decoding: ReplayJUnitReport.render(Self.report), as: UTF8.self)
        #expect(xml.contains("tests=\"2\" failures=\"1\" errors=\"1\""))
        #expect(xml.contains("name=\"A &amp; &lt;B&gt;\""))
        #expect(xml.contains("<failure message=\"step 2 (continue): screen: expected &quot;splash&quot;, got &quot;closed&quot;\" type=\"expectation\">"))
        #expect(xml.contains("<error message=\"unknown app &apos;x&apos; (known: hairdressers, walkmate)\" type=\"script-error\">"))
        _ = try XMLDocument(data: Data(xml.utf8))
        #expect(MarkupText.escaped("a\u{1}b", for: .xml) == "a\\u{1}b")
    }

    @Test func jsonKeepsKeyOrderAndValues() throws {
        let json = String(decoding: ReplayJSONReport.render(Self.report), as: UTF8.self)
        #expect(json.hasPrefix("{\"scripts\":[{\"file\":\"a.plist\",\"name\":\"A & <B>\",\"app\":\"hairdressers\",\"passed\":false,\"steps\":[{\"index\":1,\"do\":\"check\",\"passed\":true,\"result\":{\"outcome\":\"ok\"},\"failures\":[]}"))
        #expect(json.hasSuffix("\"summary\":{\"scripts\":2,\"passed\":0,\"failed\":2}}\n"))
        #expect(json.contains("{\"key\":\"lastIntent\",\"expected\":\"X\",\"message\":"), "an absent actual value has no key")
        #expect(json.contains("\"error\":{\"message\":\"unknown app 'x' (known: hairdressers, walkmate)\",\"line\":3,\"column\":7}"))
    }

    @Test func anUnwritableOutputIsAFailure() throws {
        let context = CommandContext.captured(currentDirectory: BuiltBinary.packageRoot.path)
        let code = CommandRunner.run(ActivityBridgeCommand.self,
                                     arguments: ["replay", "-o", "/nonexistent/dir/report.txt", "Samples/Replays/hairdressers-cold-start.plist"],
                                     context: context)
        #expect(code == .failure)
        #expect(context.standardError.capturedText.hasPrefix("error: cannot write '/nonexistent/dir/report.txt'"))
    }
}
