import Foundation
import Testing
import ActivityBridge
import IntentKit
import PropertyList
import SQLiteStore
@testable import WalkMate

/// Runs every `Samples/Replays/walkmate-*.plist` and checks that together they cover the steps,
/// outcomes, snapshot keys, phrases and platforms the spec lists for Walk Mate.
@Suite("Walk Mate replay scripts")
struct WalkMateReplayTests {
    static let packageRoot = WalkMateTestSupport.packageRoot
    static var scripts: [String] { WalkMateTestSupport.replayScripts.map { ($0 as NSString).lastPathComponent } }
    static var runner: ReplayRunner { runner(bridged: false) }

    /// The legacy handlers, or (`bridged`) the continuation bridge reading `Plists/WalkMate-Bridge.plist`.
    static func runner(bridged: Bool) -> ReplayRunner {
        let bridge: ((ReplaySession) throws -> any ContinuationRoute)? = bridged ? { try BridgeContinuationRoute.make(for: $0) } : nil
        return ReplayRunner(apps: [WalkMateReplayApp.self], bridgeRoute: bridge, resourceRoots: [packageRoot],
                            currentDirectory: packageRoot.path)
    }

    private static func parsed(_ name: String) throws -> ReplayScript {
        try ReplayScript(contentsOf: packageRoot.appendingPathComponent("Samples/Replays/\(name)").path)
    }

    @Test func thereAreScripts() {
        #expect(Self.scripts.count >= 12)
    }

    /// Both routes must reach the same final state (ActivityBridge.docc, ReplayScripts, `bridge`).
    @Test(arguments: scripts, [false, true])
    func scriptPasses(_ name: String, bridged: Bool) {
        let report = Self.runner(bridged: bridged).run(file: "Samples/Replays/\(name)")
        #expect(report.error == nil, "\(report.error?.description ?? "")")
        #expect(report.passed, "\(report.failureMessages.joined(separator: "\n"))")
        #expect(report.steps.count == ((try? Self.parsed(name).steps.count) ?? -1))
    }

    @Test func theScriptsCoverEveryStepOutcomeKeyPhraseAndPlatform() throws {
        var actions = Set<String>(), outcomes = Set<String>(), keys = Set<String>()
        var utterances: [String] = [], platforms = Set<Platform>(), screens = Set<String>()
        for name in Self.scripts {
            let script = try Self.parsed(name)
            platforms.insert(script.platform)
            for step in script.steps {
                // `entity.title` checks the result's `entity`; the other dotted keys are snapshot keys.
                keys.formUnion(step.expectations.keys.map { $0.hasPrefix("entity.") ? "entity" : $0 })
                if let screen = step.expectations["screen"]?.stringValue { screens.insert(screen) }
                if step.action == "siri", let utterance = step.arguments["utterance"]?.stringValue { utterances.append(utterance) }
            }
            for step in Self.runner.run(script).steps {
                actions.insert(step.action)
                if let outcome = step.outcome { outcomes.insert(outcome) }
            }
        }
        let ownSteps: Set<String> = ["addFavorite", "renameFavorite", "deleteFavorite", "openFavorite", "showFavoritesList",
                                     "setTargetDistance", "resolveOnScreen", "exportPlace", "reindexSpotlight", "terminate"]
        let steps = Set(ReplaySession.commonSteps).union(ownSteps)
        #expect(steps.subtracting(actions).isEmpty, "steps never run: \(steps.subtracting(actions).sorted())")
        let required: Set<String> = ["ok", "handled", "notHandled", "undeclared", "noHandler", "missingRequiredKeys", "invalidActivity",
                                     "donated", "disambiguation", "needsValue", "noMatch", "notFound", "unavailable", "failed",
                                     "notOnScreen", "reindexed"]
        #expect(required.subtracting(outcomes).isEmpty, "outcomes never seen: \(required.subtracting(outcomes).sorted())")
        let snapshotKeys: Set<String> = ["screen", "map.favorite", "generating.distanceKm", "favorites", "spotlight", "shortcutPhrases",
                                         "router.pending", "donations", "intentDonations", "lastIntent", "candidates", "results",
                                         "place", "entity", "targetDistanceKm", "syncedEntities"]
        #expect(snapshotKeys.subtracting(keys).isEmpty, "keys never expected: \(snapshotKeys.subtracting(keys).sorted())")
        #expect(screens == ["closed", "splash", "map", "favorites", "generating"])
        #expect(platforms == [.iOS18, .iOS18_4, .iOS26_4, .iOS27])
        // Every phrase shape of the seed is said at least once.
        let said = utterances.map(TextFolding.fold)
        let shapes = ["load ", "open .* in walk mate", "open .* with walk mate", "search .* in walk mate", "generate a route in walk mate",
                      "generate me a route in walk mate", "make me a walk in walk mate", "create a walk in walk mate",
                      "generate walking routes in walk mate"]
        for shape in shapes {
            #expect(said.contains { $0.range(of: shape, options: .regularExpression) != nil }, "no utterance like '\(shape)'")
        }
    }

    @Test func aWrongExpectationWouldFailNamingTheStep() throws {
        var script = try Self.parsed("walkmate-siri-load-cold-start.plist")
        script.steps[4].expectations["map.favorite"] = "Riverside Loop"
        let report = Self.runner.run(script)
        #expect(!report.passed)
        #expect(report.failureMessages == [#"step 5 (finishLaunching): map.favorite: expected "Riverside Loop", got "Berlin""#])
    }

    private func run(_ steps: [ReplayStep], launched: Bool = false) -> ReplayScriptReport {
        Self.runner.run(ReplayScript(name: "inline", app: "walkmate", launched: launched, steps: steps))
    }

    private func step(_ index: Int, _ action: String, _ arguments: PropertyListDictionary = [:]) -> ReplayStep {
        ReplayStep(index: index, action: action, arguments: arguments)
    }

    @Test func badStepsStopTheScriptWithAMessageNamingTheStepAndKey() {
        let berlin: PropertyListDictionary = ["name": "Berlin", "latitude": 52.52, "longitude": 13.405]
        let cases: [([ReplayStep], String)] = [
            ([step(1, "addFavorite", ["name": "Berlin", "latitude": 95.0, "longitude": 0.0])], "step 1 (addFavorite): invalid argument 'latitude'"),
            ([step(1, "addFavorite", ["name": "Berlin", "longitude": 0.0])], "step 1 (addFavorite): missing argument 'latitude'"),
            ([step(1, "addFavorite", berlin), step(2, "addFavorite", berlin)], "step 2 (addFavorite): invalid argument 'name': a favorite named 'Berlin' already exists"),
            ([step(1, "addFavorite", berlin.merging(["id": "nope"]))], "step 1 (addFavorite): invalid argument 'id': 'nope' is not a UUID"),
            ([step(1, "renameFavorite", ["from": "Moon", "to": "Sun"])], "step 1 (renameFavorite): invalid argument 'from': no favorite named 'Moon'"),
            ([step(1, "addFavorite", berlin), step(2, "openFavorite", ["name": "Berlin"])], "step 2 (openFavorite): tapping a favorite needs Walk Mate running"),
            ([step(1, "showFavoritesList")], "step 1 (showFavoritesList): showing the Favorites list needs Walk Mate running"),
            ([step(1, "setTargetDistance", ["km": -4])], "step 1 (setTargetDistance): invalid argument 'km'"),
            ([step(1, "resolveOnScreen", ["ordinal": 0])], "step 1 (resolveOnScreen): invalid argument 'ordinal'"),
            ([step(1, "exportPlace", ["name": "Moon"])], "step 1 (exportPlace): invalid argument 'name': no favorite named 'Moon'"),
            ([step(1, "walkTheDog")], "step 1 (walkTheDog): unknown step 'walkTheDog'"),
        ]
        for (steps, message) in cases {
            let report = run(steps)
            #expect(!report.passed)
            #expect(report.error?.summary.hasPrefix(message) == true, "\(report.error?.summary ?? "no error"), expected \(message)")
        }
    }

    @Test func aFailedEditChangesNothing() throws {
        let report = run([
            step(1, "addFavorite", ["name": "Berlin", "latitude": 52.52, "longitude": 13.405]),
            step(2, "addFavorite", ["name": "Potsdam", "latitude": 52.4, "longitude": 13.06]),
            ReplayStep(index: 3, action: "check", expectations: ["favorites": ["Berlin", "Potsdam"]]),
            step(4, "renameFavorite", ["from": "Berlin", "to": "potsdam"]),
        ])
        #expect(report.steps.prefix(3).allSatisfy { $0.passed })
        #expect(report.error?.summary == "step 4 (renameFavorite): invalid argument 'to': a favorite named 'Potsdam' already exists")
    }

    @Test func aHandlerThatCannotReadTheStoreFailsItsStep() throws {
        let directory = try WalkMateTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try ReplaySession(script: ReplayScript(name: "failing", app: "walkmate", launched: true, steps: []),
                                        app: WalkMateReplayApp.self,
                                        environment: ReplayEnvironment(directory: directory, launched: true, resourceRoots: [Self.packageRoot]))
        defer { session.close() }
        let app = try #require(session.app as? WalkMateReplayApp)
        _ = try session.perform(step(1, "check"))   // Spotlight and phrases settled while readable
        try app.afterStep()
        try app.app.connection.close()   // the favorites file becomes unreadable
        let activity: PropertyListDictionary = ["activityType": "com.walkmate.favorite.open", "userInfo": ["favoriteID": .string(UUID().uuidString)]]
        let result = try session.perform(step(2, "continue", ["activity": .dictionary(activity)]))
        #expect(result.outcome == "notHandled")
        #expect {
            try app.afterStep()
        } throws: { error in
            guard case let .failed(message)? = error as? ReplayStepError else { return false }
            return message.hasPrefix("a Walk Mate continuation handler failed")
        }
        try app.afterStep()   // reported once
        #expect(app.app.screenName == "map")
    }

    /// The session answers `spotlightSearch` from its cached pool (Walk Mate no longer answers it
    /// itself); it must agree with the plain rule — fold and compare every title and keyword —
    /// over everything Spotlight shows, legacy donations and indexed favorites alike.
    @Test(arguments: ["berl", "BERLIN", "zurich", "open", "mitte", "x", "Central Park", "  "])
    func theSessionsSpotlightSearchAgreesWithThePlainRule(_ query: String) throws {
        let directory = try WalkMateTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = ReplayScript(name: "search", app: "walkmate", steps: [])
        let session = try ReplaySession(script: script, app: WalkMateReplayApp.self,
                                        environment: ReplayEnvironment(directory: directory, resourceRoots: [Self.packageRoot]))
        defer { session.close() }
        for (index, name) in ["Berlin", "Berlin Mitte", "Zürich Lake", "Open Air Loop"].enumerated() {
            _ = try session.perform(step(index + 1, "addFavorite", ["name": .string(name), "latitude": 1.0, "longitude": 2.0]))
        }
        let donation: PropertyListDictionary = ["activityType": "com.walkmate.favorite.open", "title": "Open Berlin",
                                                "isEligibleForSearch": true, "keywords": ["zurich trip"], "persistentIdentifier": "p"]
        _ = try session.perform(step(5, "donate", ["activity": .dictionary(donation)]))
        _ = try session.perform(step(6, "check"))   // settles the index, as any non-edit step does
        let ours = try session.perform(step(7, "spotlightSearch", ["query": .string(query)])).values["results"]
        let generic = try session.spotlightItems().filter { item in
            item.title.foldedContains(query) || item.keywords.contains { $0.foldedContains(query) }
        }.map { PropertyListValue.string($0.title) }
        #expect(ours == .array(generic))
    }
}

extension PropertyListDictionary {
    fileprivate func merging(_ other: PropertyListDictionary) -> PropertyListDictionary {
        var copy = self
        for entry in other { copy[entry.key] = entry.value }
        return copy
    }
}
