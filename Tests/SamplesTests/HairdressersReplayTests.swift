import Foundation
import Testing
import ActivityBridge
import Hairdressers
import PropertyList
import TestSupport

/// Runs every `Samples/Replays/hairdressers-*.plist` through the replay engine, and checks that the
/// scripts together cover every step and outcome the spec lists for this app.
@Suite("Hairdressers replay scripts")
struct HairdressersReplayTests {
    static let packageRoot = TestPaths.packageRoot
    static let replays = packageRoot.appendingPathComponent("Samples/Replays")

    static var scripts: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: replays.path)) ?? []
        return names.filter { $0.hasPrefix("hairdressers-") && $0.hasSuffix(".plist") }.sorted()
    }

    /// The legacy handlers, or (`bridged`) the continuation bridge reading `Plists/Hairdressers-Bridge.plist`.
    static func runner(bridged: Bool = false) -> ReplayRunner {
        let bridge: ((ReplaySession) throws -> any ContinuationRoute)? = bridged ? { try BridgeContinuationRoute.make(for: $0) } : nil
        return ReplayRunner(apps: [HairdressersReplayApp.self], bridgeRoute: bridge,
                            resourceRoots: [packageRoot], currentDirectory: packageRoot.path)
    }

    @Test func thereAreScripts() {
        #expect(Self.scripts.count >= 10)
    }

    /// Both routes must reach the same final state (ActivityBridge.docc, ReplayScripts, `bridge`).
    @Test(arguments: scripts, [false, true])
    func scriptPasses(_ name: String, bridged: Bool) {
        let report = Self.runner(bridged: bridged).run(file: "Samples/Replays/\(name)")
        #expect(report.error == nil, "\(report.error?.description ?? "")")
        #expect(report.passed, "\(report.failureMessages.joined(separator: "\n"))")
        #expect(!report.steps.isEmpty)
        // Every step of a sample script checks something.
        let unchecked = report.steps.filter { $0.action == "check" && $0.result == nil }
        #expect(unchecked.isEmpty)
    }

    @Test func theScriptsCoverEveryStepAndOutcome() throws {
        var actions = Set<String>()
        var outcomes = Set<String>()
        for name in Self.scripts {
            let report = Self.runner().run(file: "Samples/Replays/\(name)")
            for step in report.steps {
                actions.insert(step.action)
                if let outcome = step.outcome { outcomes.insert(outcome) }
                if step.result?["warnings"] != nil { outcomes.insert("donated+warnings") }
            }
        }
        let commonSteps = Set(ReplaySession.commonSteps)
        let appSteps: Set<String> = ["bookAppointment", "addHairdresser", "exportHairdresser", "importPerson"]
        #expect(commonSteps.union(appSteps).subtracting(actions).isEmpty, "steps never run: \(commonSteps.union(appSteps).subtracting(actions).sorted())")
        let required: Set<String> = [
            "ok", "handled", "notHandled", "undeclared", "noHandler", "missingRequiredKeys", "invalidActivity",
            "donated", "donated+warnings", "disambiguation", "needsValue", "noMatch", "matched", "created", "notFound", "unavailable",
        ]
        #expect(required.subtracting(outcomes).isEmpty, "outcomes never seen: \(required.subtracting(outcomes).sorted())")
    }

    @Test func aWrongExpectationInASampleScriptWouldFail() throws {
        // The same script with one expectation changed must fail, naming the step and both values.
        var script = try ReplayScript(contentsOf: Self.replays.appendingPathComponent("hairdressers-cold-start.plist").path)
        script.steps[3].expectations["appointments.count"] = 3
        let report = Self.runner().run(script)
        #expect(!report.passed)
        #expect(report.failureMessages == ["step 4 (finishLaunching): appointments.count: expected 3, got 2"])
    }
}
