import Foundation
import Testing
import ActivityKit
import IntentKit
import PropertyList
import SQLiteStore
@testable import WalkMate

@Suite("Walk Mate: intents, phrases and continuations")
struct WalkMateAppTests {
    private func performed(_ outcome: UtteranceOutcome) -> String? {
        guard case let .performed(run) = outcome else { return nil }
        return run.intent.typeName
    }

    @Test func phrasesFollowAddsRenamesAndDeletesAfterOneCoalescedUpdate() throws {
        let fixture = try WalkMateFixture()
        let updates = fixture.app.phraseUpdateCount
        #expect(updates == 1)   // App.init
        try fixture.add("Berlin")
        try fixture.add("Riverside Loop")
        try fixture.app.renameFavorite(named: "Berlin", to: "Berlin Mitte")
        #expect(fixture.app.phrasesAreStale && fixture.app.phraseUpdateCount == updates)
        let phrases = try fixture.app.shortcutPhrases()
        #expect(fixture.app.phraseUpdateCount == updates + 1)
        #expect(phrases == ["Load Berlin Mitte in Walk Mate", "Load Riverside Loop in Walk Mate",
                            "Generate a route in Walk Mate", "Generate me a route in Walk Mate", "Make me a walk in Walk Mate",
                            "Create a walk in Walk Mate", "Generate walking routes in Walk Mate"])
        try fixture.app.deleteFavorite(named: "Riverside Loop")
        #expect(try fixture.app.shortcutPhrases().filter { $0.hasPrefix("Load") } == ["Load Berlin Mitte in Walk Mate"])
    }

    @Test func sayingLoadOnAColdStartQueuesTheOpenUntilLaunchFinishes() throws {
        let fixture = try WalkMateFixture()
        try fixture.add("Berlin")
        #expect(performed(try fixture.app.hear("load berlin in walk mate!")) == "ShowSavedWalkIntent")
        #expect(fixture.app.screenName == "splash")
        #expect(fixture.app.store.state.router.pending == 1)
        try fixture.app.finishLaunching()
        #expect(fixture.app.screenName == "map" && fixture.mapFavorite == "Berlin")
        #expect(fixture.donatedIntents.isEmpty)   // Siri runs are never donated by the app
    }

    @Test func openAsksWhichOneWhenSeveralFavoritesMatchAndPrefersAnExactName() throws {
        let fixture = try WalkMateFixture(launched: true)
        try fixture.add("Park North")
        try fixture.add("Park South")
        try fixture.add("Park")
        guard case let .disambiguation(candidates) = try fixture.app.hear("Open Par in Walk Mate") else {
            Issue.record("expected a disambiguation")
            return
        }
        #expect(Set(candidates.titles) == ["Park North", "Park South", "Park"])
        let chosen = try #require(try fixture.app.shortcuts.choose("park south", from: .disambiguation(candidates)))
        #expect(performed(chosen) == "OpenWalkMatePlaceIntent")
        #expect(fixture.mapFavorite == "Park South")
        #expect(performed(try fixture.app.hear("Open Park with Walk Mate")) == "OpenWalkMatePlaceIntent")
        #expect(fixture.mapFavorite == "Park")
    }

    @Test func openIsTheIOS27SchemaPhraseOnly() throws {
        let fixture = try WalkMateFixture(platform: Platform(26, 4), launched: true)
        try fixture.add("Berlin")
        #expect(try fixture.app.hear("Open Berlin in Walk Mate") == .noMatch)
        #expect(performed(try fixture.app.hear("Load Berlin in Walk Mate")) == "ShowSavedWalkIntent")
    }

    @Test func generateUsesTheTargetDistanceAndClampsGivenOnes() throws {
        let fixture = try WalkMateFixture(launched: true)
        try fixture.app.setTargetDistance(12)
        #expect(performed(try fixture.app.hear("Make me a walk in Walk Mate")) == "GenerateRoutesIntent")
        #expect(fixture.app.store.state.screen == .generating(distanceKm: 12))
        for (given, expected) in [(25.0, 20.0), (1.0, 3.0), (7.5, 7.5)] {
            guard case .performed = try fixture.app.registry.run("GenerateRoutesIntent", parameters: ["distance": .real(given)]) else {
                Issue.record("GenerateRoutesIntent did not run for \(given)")
                continue
            }
            #expect(fixture.app.store.state.screen == .generating(distanceKm: expected))
        }
    }

    @Test func searchOpensAUniqueMatchOtherwiseTheList() throws {
        let fixture = try WalkMateFixture(launched: true)
        try fixture.add("Riverside Loop")
        try fixture.add("Park North")
        try fixture.add("Park South")
        #expect(performed(try fixture.app.hear("Search Riverside Loop in Walk Mate")) == "SearchFavoritesIntent")
        #expect(fixture.mapFavorite == "Riverside Loop")
        _ = try fixture.app.hear("Search Park in Walk Mate")
        #expect(fixture.app.screenName == "favorites")
        _ = try fixture.app.hear("Search Riverside Loop in Walk Mate")
        _ = try fixture.app.hear("Search Central Park in Walk Mate")
        #expect(fixture.app.screenName == "favorites")
    }

    @Test func openingFromTheListDonatesTheSchemaOpenOnIOS27AndTheCustomIntentBefore() throws {
        for (platform, expected) in [(Platform.iOS27, "OpenWalkMatePlaceIntent"), (Platform.iOS18, "ShowSavedWalkIntent")] {
            let fixture = try WalkMateFixture(platform: platform, launched: true)
            let berlin = try fixture.add("Berlin")
            try fixture.app.showFavoritesList()
            #expect(fixture.donatedIntents.isEmpty)
            try fixture.app.openFavoriteFromList(named: "berlin")
            #expect(fixture.mapFavorite == "Berlin")
            let donations = try fixture.app.donations.donations()
            #expect(donations.map(\.intentTypeName) == [expected])
            #expect(donations.first?.parameters.values == [.string(berlin.id.uuidString)])
        }
    }

    @Test func tapsNeedARunningApp() throws {
        let fixture = try WalkMateFixture()
        try fixture.add("Berlin")
        #expect(throws: WalkMateAppError.self) { try fixture.app.openFavoriteFromList(named: "Berlin") }
        #expect(throws: WalkMateAppError.self) { try fixture.app.showFavoritesList() }
        #expect(fixture.app.screenName == "closed" && fixture.donatedIntents.isEmpty)
    }

    @Test func onScreenRowsResolveWithTheListShowingFromIOS18_4() throws {
        let fixture = try WalkMateFixture(platform: Platform(18, 4), launched: true)
        try fixture.add("A")
        try fixture.add("B")
        #expect(throws: WalkMateAppError.favoritesListNotShown) { try fixture.app.entityOnScreen(at: 1) }
        try fixture.app.showFavoritesList()
        #expect(try fixture.app.entityOnScreen(at: 2)?.name == "B")
        #expect(try fixture.app.entityOnScreen(at: 3) == nil)
        let old = try WalkMateFixture(platform: Platform(18, 3), launched: true)
        try old.app.showFavoritesList()
        #expect(throws: WalkMateAppError.unavailable("on-screen entity identifiers", requires: Platform(18, 4), platform: Platform(18, 3))) {
            try old.app.entityOnScreen(at: 1)
        }
    }

    @Test func legacyActivitiesAndSpotlightTapsReachTheSameReducer() throws {
        let fixture = try WalkMateFixture()
        let berlin = try fixture.add("Berlin")
        let engine = fixture.app.continuations
        let open = UserActivity(activityType: "com.walkmate.favorite.open", userInfo: ["favoriteID": .string(berlin.id.uuidString.lowercased())])
        #expect(engine.continue(open).outcome == .handled)
        #expect(fixture.app.screenName == "splash")
        try fixture.app.finishLaunching()
        #expect(fixture.mapFavorite == "Berlin")
        let tap = UserActivity(activityType: "com.apple.corespotlightitem",
                               userInfo: ["kCSSearchableItemActivityIdentifier": .string(UUID().uuidString)])
        #expect(engine.continue(tap).outcome == .handled)
        #expect(fixture.app.screenName == "favorites")   // a deleted or unknown id opens the list
        let query = UserActivity(activityType: "com.apple.corespotlightquery", userInfo: ["kCSSearchQueryString": .string("berl")])
        #expect(engine.continue(query).outcome == .handled)
        #expect(fixture.mapFavorite == "Berlin")
    }

    @Test(arguments: [(PropertyListValue.integer(8), 8.0), (.real(30), 20), (.string(" 2.5 "), 3)])
    func generateContinuationsClampTheirDistance(_ value: PropertyListValue, _ expected: Double) throws {
        let activity = UserActivity(activityType: "com.walkmate.route.generate", userInfo: ["distanceKm": value])
        let request = try WalkMateContinuations.request(for: activity, targetDistanceKm: 5) { _ in .showFavoritesList }
        #expect(request == .generateRoutes(distanceKm: expected))
    }

    @Test func malformedActivitiesAreNotHandledAndChangeNothing() throws {
        let fixture = try WalkMateFixture(launched: true)
        let cases: [UserActivity] = [
            UserActivity(activityType: "com.walkmate.favorite.open", userInfo: ["favoriteID": .string("Berlin")]),
            UserActivity(activityType: "com.walkmate.favorite.open", userInfo: ["favoriteID": .integer(7)]),
            UserActivity(activityType: "com.walkmate.favorite.open"),
            UserActivity(activityType: "com.walkmate.route.generate", userInfo: ["distanceKm": .string("far")]),
            UserActivity(activityType: "com.walkmate.route.generate", userInfo: ["distanceKm": .dictionary([:])]),
        ]
        for activity in cases {
            #expect(fixture.app.continuations.continue(activity).outcome == .notHandled, "\(activity.userInfo)")
        }
        #expect(fixture.app.store.state.screen == .map(favoriteID: nil))
        let generate = UserActivity(activityType: "com.walkmate.route.generate")
        #expect(try WalkMateContinuations.request(for: generate, targetDistanceKm: 9) { _ in .showFavoritesList } == .generateRoutes(distanceKm: 9))
    }

    @Test func onlyDeclaredTypesAreDelivered() throws {
        let fixture = try WalkMateFixture()
        #expect(fixture.app.continuations.declaredTypes == ["com.walkmate.favorite.open", "com.walkmate.route.generate"])
        let other = UserActivity(activityType: "com.walkmate.favorite.share")
        #expect(fixture.app.continuations.continue(other).outcome == .undeclared)
        #expect(fixture.app.screenName == "closed")
    }
}

@Suite("Walk Mate: settings survive a relaunch")
struct WalkMateSettingsTests {
    let directory: URL
    var storePath: String { directory.appendingPathComponent("walkmate.sqlite").path }

    init() throws {
        directory = try WalkMateTestSupport.temporaryDirectory()
    }

    private func launch(freshInstallKm: Double = WalkMateDistance.defaultTargetKm) throws -> WalkMateApp {
        try WalkMateApp(storePath: storePath, platform: .iOS27, declarations: try WalkMateTestSupport.declarations(),
                        launched: true, targetDistanceKm: freshInstallKm)
    }

    @Test func theTargetDistanceIsSavedClampedAndReadBackByTheNextProcess() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try launch()
        #expect(first.store.state.targetDistanceKm == 5)
        #expect(try first.settings.targetDistanceKm() == nil)   // never changed: nothing saved
        try first.setTargetDistance(12.5)
        first.close()
        let second = try launch(freshInstallKm: 7)
        #expect(second.store.state.targetDistanceKm == 12.5, "the saved distance beats the fresh-install default")
        try second.setTargetDistance(99)
        #expect(try second.settings.targetDistanceKm() == 20)
        second.close()
        let third = try launch()
        defer { third.close() }
        #expect(third.store.state.targetDistanceKm == 20)
        // Routes use it without a distance from Shortcuts.
        guard case .performed = try third.hear("Generate a route in Walk Mate") else { Issue.record("no match"); return }
        #expect(third.store.state.screen == .generating(distanceKm: 20))
    }

    @Test func aFailedSaveFailsTheChangeAndLeavesTheFileAsItWas() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try launch()
        try app.setTargetDistance(8)
        try app.connection.execute("""
            CREATE TRIGGER refuse BEFORE UPDATE ON walkmate_settings BEGIN SELECT RAISE(ABORT, 'settings are read-only'); END
            """)
        let error = #expect(throws: (any Error).self) { try app.setTargetDistance(15) }
        #expect(String(describing: error).contains("settings are read-only"))
        app.close()
        let next = try launch()
        defer { next.close() }
        #expect(next.store.state.targetDistanceKm == 8)
    }

    @Test func theReducerAsksToSaveTheClampedValue() throws {
        let reducer = WalkMateReducer(dependencies: WalkMateDependencies(platform: .iOS27) { _ in true })
        var state = WalkMateState()
        #expect(try reducer.reduce(into: &state, action: .targetDistanceChanged(km: 1)) == [.saveTargetDistance(km: 3)])
        #expect(try reducer.reduce(into: &state, action: .targetDistanceChanged(km: 9.5)) == [.saveTargetDistance(km: 9.5)])
    }
}
