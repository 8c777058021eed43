import Foundation
import Testing
import ActivityBridge
import ActivityKit
import Hairdressers
import PropertyList
import WalkMate
import TestSupport

/// Runs replay scripts step by step, through the legacy handlers or the bridge, recording every
/// step's result and snapshot and the intents the bridge ran for continuations.
enum BridgeReplay {
    static let apps: [any ReplayApp.Type] = [HairdressersReplayApp.self, WalkMateReplayApp.self]

    /// Every script in `Samples/Replays`, sorted.
    static var scripts: [String] {
        let directory = BridgeFixtures.packageRoot.appendingPathComponent("Samples/Replays")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".plist") }.sorted().map { "Samples/Replays/" + $0 }
    }

    struct Run {
        var results: [PropertyListDictionary] = []
        var snapshots: [PropertyListDictionary] = []
        var failures: [ReplayExpectationFailure] = []
        var error: String?
        /// The intents the bridge ran for legacy continuations, in order.
        var bridgedIntents: [String] = []
    }

    /// A route that remembers which intents its inner route ran.
    final class RecordingRoute: ContinuationRoute {
        let inner: any ContinuationRoute
        var intents: [String] = []

        init(_ inner: any ContinuationRoute) { self.inner = inner }

        func deliver(_ activity: UserActivity, stored: Bool, in session: ReplaySession) throws(ReplayStepError) -> ContinuationResult {
            let result = try inner.deliver(activity, stored: stored, in: session)
            // A mapped type handled on the bridge's route ran the intent `lastIntent` names.
            if let bridge = inner as? BridgeContinuationRoute, result.outcome == .handled,
               bridge.manifest.mapping(for: activity.activityType) != nil, let ran = session.lastIntent {
                intents.append(ran)
            }
            return result
        }
    }

    static func run(
        _ script: ReplayScript, bridge: Bool, route: ((ReplaySession) throws -> any ContinuationRoute)? = nil,
        resourceRoots: [URL] = []
    ) throws -> Run {
        var script = script
        script.bridge = bridge
        let appType = try #require(apps.first { $0.name == script.app })
        let directory = try TemporaryDirectory.create("bridge-replay")
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ReplayEnvironment(
            directory: directory, platform: script.platform, launched: script.launched,
            resourceRoots: resourceRoots + [BridgeFixtures.packageRoot])
        var recorder: RecordingRoute?
        let session = try ReplaySession(script: script, app: appType, environment: environment) { session in
            let made = RecordingRoute(try (route ?? BridgeContinuationRoute.make)(session))
            recorder = made
            return made
        }
        defer { session.close() }
        var run = Run()
        for step in script.steps {
            do {
                let result = try session.perform(step).dictionary
                let snapshot = try session.snapshot()
                run.results.append(result)
                run.snapshots.append(snapshot)
                run.failures += ReplayExpectation.failures(of: step.expectations, result: result, snapshot: snapshot)
            } catch {
                run.error = "step \(step.index) (\(step.action)): \(error)"
                break
            }
        }
        run.bridgedIntents = recorder?.intents ?? []
        return run
    }

    static func run(_ path: String, bridge: Bool) throws -> Run {
        try run(ReplayScript(contentsOf: BridgeFixtures.path(path)), bridge: bridge)
    }

    /// Step results as both routes give them: without the fresh UUIDs `addFavorite` reports when a
    /// script gives no `id` (they differ between any two runs, bridge or not), and without the
    /// `reason` only the bridge can give for `notHandled` (a legacy handler just returns false).
    static func comparable(_ results: [PropertyListDictionary]) -> [PropertyListDictionary] {
        results.map { result in
            var copy = result
            if let id = copy["id"]?.stringValue, UUID(uuidString: id) != nil { copy["id"] = nil }
            copy["reason"] = nil
            return copy
        }
    }

    /// A snapshot without `lastIntent` and `syncedEntities`, the keys about the last intent that
    /// ran, on which the two routes may disagree (only the bridge runs intents for continuations).
    static func withoutLastIntent(_ snapshot: PropertyListDictionary) -> PropertyListDictionary {
        var copy = snapshot
        copy["lastIntent"] = nil
        copy["syncedEntities"] = nil
        return copy
    }
}

@Suite("Continuation bridge: every replay script, with and without the bridge")
struct BridgeReplayTests {
    @Test(arguments: BridgeReplay.scripts)
    func bothRoutesPassWithTheSameSnapshots(script: String) throws {
        let legacy = try BridgeReplay.run(script, bridge: false)
        let bridged = try BridgeReplay.run(script, bridge: true)
        #expect(legacy.error == nil, "\(legacy.error ?? "")")
        #expect(bridged.error == nil, "\(bridged.error ?? "")")
        // The bridge is the default, so every expectation must hold with it; a script may name
        // the intent a bridged continuation ran, which only the legacy run cannot match.
        #expect(bridged.failures.isEmpty, "with the bridge: \(bridged.failures)")
        #expect(legacy.failures.filter { $0.key != "lastIntent" }.isEmpty, "without the bridge: \(legacy.failures)")
        let (legacyResults, bridgedResults) = (BridgeReplay.comparable(legacy.results), BridgeReplay.comparable(bridged.results))
        let differentResults = zip(legacyResults, bridgedResults).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset + 1 }
        #expect(legacyResults.count == bridgedResults.count && differentResults.isEmpty, "results differ at steps \(differentResults)")
        let (legacySnapshots, bridgedSnapshots) = (legacy.snapshots.map(BridgeReplay.withoutLastIntent), bridged.snapshots.map(BridgeReplay.withoutLastIntent))
        let differentSnapshots = zip(legacySnapshots, bridgedSnapshots).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset + 1 }
        #expect(legacySnapshots.count == bridgedSnapshots.count && differentSnapshots.isEmpty, "snapshots differ after steps \(differentSnapshots)")
        #expect(legacySnapshots.last == bridgedSnapshots.last, "the final state is the same")
        #expect(legacy.bridgedIntents.isEmpty)
    }

    @Test func theBridgeReallyRanIntentsForTheLegacyScripts() throws {
        var ran: [String: [String]] = [:]
        for script in BridgeReplay.scripts {
            ran[script] = try BridgeReplay.run(script, bridge: true).bridgedIntents
        }
        #expect(ran["Samples/Replays/walkmate-legacy-continue.plist"]?.contains("GenerateRoutesIntent") == true, "\(ran)")
        #expect(ran["Samples/Replays/walkmate-legacy-continue.plist"]?.contains("OpenWalkMatePlaceIntent") == true, "\(ran)")
        let hairdressers = ran.filter { $0.key.contains("hairdressers-") }.values.flatMap { $0 }
        #expect(hairdressers.contains("BookAppointmentIntent"), "\(ran)")
        #expect(ran.values.reduce(0) { $0 + $1.count } >= 5, "\(ran)")
    }
}
