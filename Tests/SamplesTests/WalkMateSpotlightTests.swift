import Foundation
import Testing
import IntentKit
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

    @Test(arguments: [("berl", ["Berlin", "Berlin Mitte"]), ("ERLIN", ["Berlin", "Berlin Mitte"]), ("zurich", ["Zürich Lake"]),
                      ("Mitte", ["Berlin Mitte"]), ("lake", ["Zürich Lake"]), ("", []), ("Central Park", [])])
    func searchFindsTitlesAndKeywordsContainingTheQuery(_ query: String, _ expected: [String]) throws {
        for name in ["Berlin", "Zürich Lake", "Berlin Mitte"] { try fixture.add(name) }
        #expect(try spotlight.itemsContaining(query).map(\.resultTitle) == expected)
    }

    @Test func searchSeesChangesMadeAfterTheLastSearch() throws {
        try fixture.add("Berlin")
        #expect(try spotlight.itemsContaining("Berlin").count == 1)
        try fixture.app.renameFavorite(named: "Berlin", to: "Potsdam")
        #expect(try spotlight.itemsContaining("Berlin").isEmpty)
        #expect(try spotlight.itemsContaining("pots").map(\.resultTitle) == ["Potsdam"])
    }
}

@Suite("Walk Mate: folded name pool")
struct WalkMateFoldedNamePoolTests {
    @Test func findsEachOwnerOnceInOrderWhicheverOfItsNamesMatches() {
        var pool = FoldedNamePool()
        pool.append(["Berlin", "Berlin"], owner: 0)
        pool.append(["Café Loop", "coffee"], owner: 1)
        pool.append(["Park", "berlin park"], owner: 2)
        #expect(pool.count == 6)
        #expect(pool.owners(containing: "BERLIN") == [0, 2])
        #expect(pool.owners(containing: "cafe") == [1])
        #expect(pool.owners(containing: "fee") == [1])
        #expect(pool.owners(containing: "loopcoffee") == [])   // never across two names
        #expect(pool.owners(containing: " ") == [])
        #expect(pool.owners(containing: "") == [])
        #expect(FoldedNamePool().owners(containing: "a") == [])
    }

    @Test func agreesWithFoldedContainsOnRandomNamesAndQueries() {
        // Deterministic pseudo-random names over a small alphabet, so queries of every length hit.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let alphabet = Array("abcÄé lo0")
        func word(_ length: Int) -> String { String((0..<length).map { _ in alphabet[next(alphabet.count)] }) }
        let entries = (0..<300).map { _ in [word(1 + next(12))] + (next(2) == 0 ? [word(1 + next(6))] : []) }
        var pool = FoldedNamePool()
        for (owner, names) in entries.enumerated() { pool.append(names, owner: owner) }
        for _ in 0..<400 {
            let query = word(1 + next(5))
            let expected = entries.indices.filter { entries[$0].contains { $0.foldedContains(query) } }
            #expect(pool.owners(containing: query) == expected, "query '\(query)'")
        }
    }

    @Test func aNeedleAtTheVeryEndIsFound() {
        var pool = FoldedNamePool()
        pool.append(["ab"], owner: 0)
        pool.append(["xyz"], owner: 1)
        #expect(pool.owners(containing: "z") == [1])
        #expect(pool.owners(containing: "xyz") == [1])
        #expect(pool.owners(containing: "xyzw") == [])
    }
}
