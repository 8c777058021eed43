import Diagnostics
import Foundation
import Testing
import ActivityBridge
import PropertyList
import BuildSettings

/// `ReplayScriptReport.issues`: every failure at its place in the script file, as a test framework
/// records it (Examples/ReplayTests does, with Swift Testing) — and the warnings for declared
/// types whose `$(…)` nothing expands.
@Suite("Replay issues at file:line")
struct ReplayIssuesTests {
    /// Line 7 holds step 1's `outcome` key (column 7), line 8 its `total` key; step 2 starts at line 10, column 3.
    static let failing = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>name</key><string>wrong</string><key>app</key><string>tally</string>
        <key>launched</key><true/><key>steps</key><array>
          <dict><key>do</key><string>continue</string><key>activity</key><dict>
            <key>activityType</key><string>com.example.tally.add</string>
            <key>userInfo</key><dict><key>amount</key><integer>2</integer></dict></dict>
            <key>expect</key><dict><key>outcome</key><string>handled</string>
              <key>total</key><integer>3</integer>
              <key>screen</key><string>home</string></dict></dict>
          <dict><key>do</key><string>frobnicate</string></dict>
          <dict><key>do</key><string>check</string></dict>
        </array></dict></plist>
        """

    @Test func eachFailureIsAtItsExpectKeyOrStep() throws {
        let fixture = try TallyFixture()
        let path = try Self.write(Self.failing, to: "wrong.plist", in: fixture.root)
        let report = fixture.runner.run(file: path)
        #expect(report.issues == [
            ReplayIssue(message: "step 1 (continue): total: expected 3, got 2", location: SourceLocation(file: path, line: 8, column: 7)),
            ReplayIssue(message: "step 2 (frobnicate): unknown step 'frobnicate'", location: SourceLocation(file: path, line: 10, column: 3)),
        ])
        #expect(report.issues.first?.description == "\(path):8:7: step 1 (continue): total: expected 3, got 2")
        // The failure itself keeps the place too.
        #expect(report.steps.first?.failures.first?.location == SourceLocation(file: path, line: 8, column: 7))
        #expect(report.warnings.isEmpty)
    }

    /// A script built in memory has no places: its failures fall back to the step's (none), then
    /// to line 1 of its file name.
    @Test func aScriptWithoutLocationsFallsBackToLineOne() throws {
        let fixture = try TallyFixture()
        let report = try fixture.run([["do": "check", "expect": ["total": 1]]])
        #expect(report.issues == [ReplayIssue(message: "step 1 (check): total: expected 1, got 0",
                                              location: SourceLocation(file: "tally.plist", line: 1, column: 1))])
    }

    /// An unknown app at its `<string>` (line 2, column 15); a property list that does not parse at
    /// the `</dict>` where a value was due (line 1, column 43).
    @Test func scriptLevelErrorsAreAtTheirPlace() throws {
        let fixture = try TallyFixture()
        let unknown = try Self.write("""
            <plist version="1.0"><dict><key>name</key><string>x</string>
            <key>app</key><string>nope</string><key>steps</key><array/></dict></plist>
            """, to: "unknown.plist", in: fixture.root)
        #expect(fixture.runner.run(file: unknown).issues == [
            ReplayIssue(message: "unknown app 'nope' (known: tally)", location: SourceLocation(file: unknown, line: 2, column: 15)),
        ])
        let broken = try Self.write("<plist version=\"1.0\"><dict><key>name</key></dict></plist>", to: "broken.plist", in: fixture.root)
        let issues = fixture.runner.run(file: broken).issues
        #expect(issues.map(\.location) == [SourceLocation(file: broken, line: 1, column: 43)])
        #expect(issues.first?.message.hasPrefix("not a valid property list: ") == true, "\(issues)")
    }

    /// The Info.plist declares `$(PRODUCT_BUNDLE_IDENTIFIER).add` (line 3, column 3): without the
    /// setting the report warns there and the continuation is undeclared; with it, it is handled.
    @Test func anUnexpandedDeclaredTypeIsAWarningAtItsDeclaration() throws {
        var fixture = try TallyFixture()
        let infoPlist = fixture.root.appendingPathComponent(TallyApp.infoPlistPath)
        try Data("""
            <plist version="1.0"><dict>
              <key>NSUserActivityTypes</key><array>
              <string>$(PRODUCT_BUNDLE_IDENTIFIER).add</string></array></dict></plist>
            """.utf8).write(to: infoPlist)
        let steps: [PropertyListValue] = [["do": "continue", "activity": addActivity(1), "expect": ["outcome": "handled"]]]
        let unexpanded = try fixture.run(steps, launched: true)
        #expect(unexpanded.warnings.map(\.description) == [
            "Plists/Tally-Info.plist:3:3: warning: declared activity type '$(PRODUCT_BUNDLE_IDENTIFIER).add' of tally stays as written (build setting PRODUCT_BUNDLE_IDENTIFIER is not defined): no activity type can equal it, so its continuations replay as undeclared; define PRODUCT_BUNDLE_IDENTIFIER (replay --define PRODUCT_BUNDLE_IDENTIFIER=VALUE, or --project) [activity-type-unresolved-variable]",
        ])
        #expect(unexpanded.steps.first?.outcome == "undeclared")

        fixture.runner.buildSettings = BuildSettings(["PRODUCT_BUNDLE_IDENTIFIER": "com.example.tally"])
        let expanded = try fixture.run(steps, launched: true)
        #expect(expanded.passed, "\(expanded.failureMessages)")
        #expect(expanded.warnings.isEmpty)

        // An app's own settings win over the runner's; Xcode's way (undefined is empty) still warns.
        fixture.runner.appBuildSettings = ["tally": BuildSettings(["OTHER": "x"], options: .xcode)]
        let empty = try fixture.run(steps, launched: true)
        #expect(empty.warnings.map(\.message) == [
            "declared activity type '$(PRODUCT_BUNDLE_IDENTIFIER).add' of tally expands to '.add' (build setting PRODUCT_BUNDLE_IDENTIFIER is not defined); define PRODUCT_BUNDLE_IDENTIFIER (replay --define PRODUCT_BUNDLE_IDENTIFIER=VALUE, or --project)",
        ])
    }

    static func write(_ text: String, to name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
