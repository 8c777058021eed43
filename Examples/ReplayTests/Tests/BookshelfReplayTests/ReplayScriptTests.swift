import ActivityBridge
import Foundation
import Testing
import BuildSettings

/// Every script in `Replays/` is one test; each failing step is an issue at the script's file and
/// line, so `swift test` (and an IDE) points at the `expect` key that did not hold.
@Suite("Bookshelf replay scripts")
struct ReplayScriptTests {
    /// The package's folder, from this file's place in it.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The build settings of the app's Release build: what `$(…)` in its Info.plist expand to.
    static let buildSettings = BuildSettings(["PRODUCT_BUNDLE_IDENTIFIER": "com.example.bookshelf"])

    static func scripts(in folder: String) -> [String] {
        (try? ReplayRunner.scriptFiles(in: [packageRoot.appendingPathComponent(folder).path])) ?? []
    }

    static func run(_ script: String) -> ReplayScriptReport {
        var runner = ReplayRunner(apps: [BookshelfReplayApp.self])
        runner.buildSettings = buildSettings
        return runner.run(file: script)
    }

    @Test("replay", arguments: scripts(in: "Replays"))
    func replay(_ script: String) {
        ReplayIssues.record(Self.run(script))
    }
}

/// What a failure looks like: `FailingReplays/` holds a script that is wrong on purpose. Its two
/// failures are recorded as issues at their exact places — the `outcome` key of step 1's `expect`
/// (line 28; four tabs, column 5) and step 2's `<dict>` (line 34, column 3) — and expected here, so
/// the suite stays green while proving where a real failure would point.
@Suite("A failing script's issues")
struct FailingScriptTests {
    static let expected: Set<String> = [
        #"ReplayTests/FailingReplays/wrong-expectations.plist:28:5: step 1 (continue): outcome: expected "handled", got "notHandled""#,
        "ReplayTests/FailingReplays/wrong-expectations.plist:34:3: step 2 (shelveBook): unknown step 'shelveBook'",
    ]

    @Test func eachFailureIsAnIssueAtItsLineInTheScript() throws {
        let script = try #require(ReplayScriptTests.scripts(in: "FailingReplays").first)
        let report = ReplayScriptTests.run(script)
        #expect(report.issues.count == Self.expected.count)
        // An issue elsewhere, or with another message, is not matched: it fails the test.
        withKnownIssue {
            ReplayIssues.record(report)
        } matching: { issue in
            guard let location = issue.sourceLocation else { return false }
            let comment = issue.comments.map(\.rawValue).joined()
            return Self.expected.contains("\(location.fileID):\(location.line):\(location.column): \(comment)")
        }
    }
}
