import Foundation
import Testing
import ActivityBridge
import IntentKit
import PropertyList
import SQLiteStore
@testable import WalkMate

@Suite("Walk Mate: Spotlight refresh and search")
struct WalkMateSpotlightTests {
    let fixture: WalkMateFixture
    var spotlight: WalkMateSpotlight { fixture.app.spotlight }

    init() throws {
        fixture = try WalkMateFixture()
    }

    private func indexed(_ index: SearchableIndex) throws -> [String] {
        try index.items(ofType: WalkMatePlaceEntity.self).map(\.resultTitle)
    }

    @Test func aRefreshClearsTheNamedIndexAndIndexesWhatStorageHolds() throws {
        let stale = try #require(WalkMatePlaceEntity(Favorite(name: "Old", startLatitude: 1, startLongitude: 1)))
        try spotlight.namedIndex.indexAppEntities([stale])
        try spotlight.defaultIndex.indexAppEntities([stale])
        try fixture.add("Berlin")
        try fixture.add("Riverside Loop")
        #expect(try spotlight.refresh() == 2)
        #expect(try indexed(spotlight.namedIndex) == [])
        #expect(try indexed(spotlight.defaultIndex) == ["Berlin", "Riverside Loop"])
        let item = try #require(try spotlight.defaultIndex.items().first)
        #expect(item.keywords == ["Berlin"] && item.displayName == "Berlin" && item.title == "Berlin")
    }

    @Test func editsAreCoalescedIntoOneRefreshBeforeTheNextRead() throws {
        try spotlight.refresh()
        let before = spotlight.refreshCount
        for index in 0..<50 { try fixture.add("Walk \(index)") }
        try fixture.app.renameFavorite(named: "Walk 0", to: "First walk")
        try fixture.app.deleteFavorite(named: "Walk 1")
        #expect(spotlight.isStale)
        #expect(spotlight.refreshCount == before)
        let names = try spotlight.indexedFavoriteNames()
        #expect(spotlight.refreshCount == before + 1)
        #expect(names.count == 49 && names.first == "First walk" && !names.contains("Walk 1"))
        _ = try spotlight.indexedFavoriteNames()
        #expect(spotlight.refreshCount == before + 1)
    }

    @Test func aFailedRefreshLeavesTheIndexAsItWasAndStaysPending() throws {
        try fixture.add("Berlin")
        try spotlight.refresh()
        try fixture.add("Riverside Loop")
        // A trigger that refuses inserts makes the batch fail half-way through.
        try spotlight.defaultIndex.connection.execute("""
            CREATE TRIGGER refuse AFTER INSERT ON intent_spotlight_items
            WHEN new.title = 'Riverside Loop' BEGIN SELECT RAISE(ABORT, 'refused'); END
            """)
        let error = #expect(throws: (any Error).self) { try spotlight.refresh() }
        #expect(String(describing: error).contains("refused"), "the trigger's error, not another failure")
        #expect(try indexed(spotlight.defaultIndex) == ["Berlin"])
        #expect(spotlight.isStale)
    }

    @Test func nothingIsIndexedBeforeIOS18() throws {
        let old = try WalkMateFixture(platform: Platform(17))
        try old.add("Berlin")
        #expect(try old.app.spotlight.indexedFavoriteNames() == [])
    }

    /// Searching is the replay session's (over the same index): it finds Walk Mate's titles and
    /// keywords once the pending refresh ran.
    @Test(arguments: [("berl", ["Berlin", "Berlin Mitte"]), ("ERLIN", ["Berlin", "Berlin Mitte"]), ("zurich", ["Zürich Lake"]),
                      ("Mitte", ["Berlin Mitte"]), ("lake", ["Zürich Lake"]), ("", []), ("Central Park", [])])
    func searchFindsTitlesAndKeywordsContainingTheQuery(_ query: String, _ expected: [String]) throws {
        let replay = try WalkMateReplaySession()
        for name in ["Berlin", "Zürich Lake", "Berlin Mitte"] { try replay.perform("addFavorite", ["name": .string(name), "latitude": 1.0, "longitude": 2.0]) }
        #expect(try replay.search(query) == expected)
    }

    @Test func searchSeesChangesMadeAfterTheLastSearch() throws {
        let replay = try WalkMateReplaySession()
        try replay.perform("addFavorite", ["name": "Berlin", "latitude": 1.0, "longitude": 2.0])
        #expect(try replay.search("Berlin").count == 1)
        try replay.perform("renameFavorite", ["from": "Berlin", "to": "Potsdam"])
        #expect(try replay.search("Berlin").isEmpty)
        #expect(try replay.search("pots") == ["Potsdam"])
    }
}

/// Walk Mate in a replay session of its own, for driving it step by step.
final class WalkMateReplaySession {
    let directory: URL
    let session: ReplaySession
    private var index = 0

    init(platform: Platform = .iOS27, launched: Bool = false) throws {
        directory = try WalkMateTestSupport.temporaryDirectory()
        session = try ReplaySession(
            script: ReplayScript(name: "walkmate test", app: "walkmate", launched: launched, steps: []), app: WalkMateReplayApp.self,
            environment: ReplayEnvironment(directory: directory, platform: platform, launched: launched,
                                           resourceRoots: [WalkMateTestSupport.packageRoot]))
    }

    deinit {
        session.close()
        try? FileManager.default.removeItem(at: directory)
    }

    var app: WalkMateReplayApp { session.app as! WalkMateReplayApp }

    @discardableResult
    func perform(_ action: String, _ arguments: PropertyListDictionary = [:]) throws -> ReplayStepResult {
        index += 1
        return try session.perform(ReplayStep(index: index, action: action, arguments: arguments))
    }

    /// The titles a `spotlightSearch` step returns.
    func search(_ query: String) throws -> [String] {
        try perform("spotlightSearch", ["query": .string(query)]).values["results"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}

@Suite("Walk Mate: terminate and relaunch")
struct WalkMateTerminateTests {
    @Test func terminateStartsANewClosedProcessOverTheSameFiles() throws {
        let replay = try WalkMateReplaySession(launched: true)
        try replay.perform("addFavorite", ["name": "Berlin", "latitude": 1.0, "longitude": 2.0])
        try replay.perform("setTargetDistance", ["km": 9])
        try replay.perform("openFavorite", ["name": "Berlin"])
        let before = replay.app.app
        #expect(try replay.perform("terminate").outcome == "ok")
        let after = replay.app.app
        #expect(after !== before && !before.connection.isOpen)
        #expect(after.screenName == "closed" && after.store.state.targetDistanceKm == 9)
        #expect(try after.favorites.load().map(\.name) == ["Berlin"])
        // The session's own stores stay: the open donated before the relaunch is still there.
        #expect(try replay.session.snapshot()["intentDonations"] == ["OpenWalkMatePlaceIntent"])
    }

    @Test func aRelaunchThatCannotOpenTheFavoritesFailsTheStepAndSaysWhy() throws {
        let replay = try WalkMateReplaySession(launched: true)
        let path = replay.directory.appendingPathComponent("walkmate.sqlite").path
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect {
            try replay.perform("terminate")
        } throws: { error in
            guard case let .failed(message)? = error as? ReplayStepError else { return false }
            return message.hasPrefix("Walk Mate failed") && message.contains("walkmate.sqlite")
        }
    }
}
