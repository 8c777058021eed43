import Foundation
import Testing
import ActivityBridge
import ActivityKit
import IntentKit
import PropertyList

/// The seam the legacy-to-intents bridge plugs into: a ``ContinuationRoute`` the runner builds
/// for sessions whose script uses the bridge.
@Suite("Replay bridge seam")
struct ReplayBridgeSeamTests {
    /// A bridge stand-in: records what it was given and answers from an intent run (AddIntent
    /// without a size needs a value, so: notHandled) instead of the legacy handler.
    final class RecordingBridge: ContinuationRoute {
        var delivered: [(UserActivity, Bool)] = []

        func deliver(_ activity: UserActivity, stored: Bool, in session: ReplaySession) throws(ReplayStepError) -> ContinuationResult {
            delivered.append((activity, stored))
            // A bridge still obeys the system's rules; then it runs an intent instead of the handler.
            if let refused = session.app.continuations.admission(of: activity) { return refused }
            return try session.runIntent(.init(typeName: "AddIntent", values: [:]), source: "bridge").outcome == "needsValue"
                ? ContinuationResult(outcome: .notHandled, activityType: activity.activityType)
                : ContinuationResult(outcome: .handled, activityType: activity.activityType)
        }
    }

    func script(bridge: Bool?) throws -> ReplayScript {
        var root: PropertyListDictionary = ["name": "bridge", "app": "tally", "steps": [
            ["do": "continue", "activity": addActivity(5)],
            ["do": "continue", "activity": addActivity(5, type: "com.example.undeclared"), "expect": ["outcome": "undeclared"]],
        ]]
        if let bridge { root["bridge"] = .bool(bridge) }
        return try ReplayScript(root: .dictionary(root), file: "bridge.plist")
    }

    @Test func withAManifestAndABridgeScriptsDefaultToTheBridge() throws {
        let fixture = try TallyFixture()
        try Data("<plist><dict/></plist>".utf8).write(to: fixture.root.appendingPathComponent(TallyApp.bridgeManifestPath ?? ""))
        let bridge = RecordingBridge()
        var runner = fixture.runner
        runner.bridgeRoute = { _ in bridge }

        let report = runner.run(try script(bridge: nil))
        #expect(report.passed, "\(report.failureMessages)")
        #expect(bridge.delivered.count == 2)
        #expect(bridge.delivered.first?.1 == false)
        #expect(report.steps.first?.outcome == "notHandled", "the bridge's answer, not the legacy handler's")

        let legacy = runner.run(try script(bridge: false))
        #expect(legacy.passed)
        #expect(bridge.delivered.count == 2, "bridge false keeps the legacy handlers")
        #expect(legacy.steps.first?.outcome == "handled")
    }

    @Test func withoutAManifestTheLegacyHandlersRun() throws {
        let fixture = try TallyFixture()
        let bridge = RecordingBridge()
        var runner = fixture.runner
        runner.bridgeRoute = { _ in bridge }
        let report = runner.run(try script(bridge: nil))
        #expect(report.passed)
        #expect(bridge.delivered.isEmpty)
    }

    @Test func bridgeTrueWithoutAConfiguredBridgeIsAScriptError() throws {
        let fixture = try TallyFixture()
        try Data("<plist><dict/></plist>".utf8).write(to: fixture.root.appendingPathComponent(TallyApp.bridgeManifestPath ?? ""))
        let report = fixture.runner.run(try script(bridge: true))
        #expect(report.error?.message == "'bridge' is true but no bridge is configured to read Plists/Tally-Bridge.plist")
        #expect(fixture.scratchContents.isEmpty)
    }
}
