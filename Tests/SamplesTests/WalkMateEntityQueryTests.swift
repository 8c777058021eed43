import Foundation
import Testing
import IntentKit
import PropertyList
@testable import WalkMate

@Suite("Walk Mate: place entity and query")
struct WalkMateEntityQueryTests {
    let fixture: WalkMateFixture
    var query: WalkMatePlaceEntityQuery { WalkMatePlaceEntityQuery(favorites: fixture.app.favorites, spotlight: fixture.app.spotlight) }

    init() throws {
        fixture = try WalkMateFixture()
    }

    @Test func theEntityPublishesItsNameAndIndexesItAsTitleDisplayNameAndKeyword() throws {
        let berlin = try fixture.add("Berlin", latitude: 52.52, longitude: 13.405)
        let entity = try #require(WalkMatePlaceEntity(berlin))
        #expect(entity.id == berlin.id)
        #expect(entity.displayRepresentation.title == "Berlin")
        #expect(entity.exposedProperties == [EntityProperty("name", value: .string("Berlin"))])
        #expect(entity.attributeSet == SearchableAttributeSet(displayName: "Berlin", title: "Berlin", keywords: ["Berlin"]))
        #expect(entity.startLatitude == 52.52 && entity.startLongitude == 13.405)
        #expect(WalkMatePlaceEntity.typeDisplayRepresentation.name == "Favorite walk")
        #expect(entity.entityIdentifier == EntityIdentifier(typeName: "WalkMatePlaceEntity", identifier: berlin.id.uuidString))
    }

    @Test func theTypeIsIndexedAndSyncable() throws {
        let type = try fixture.app.registry.entityType(named: "WalkMatePlaceEntity")
        #expect(type.isIndexed && type.isSyncable && type.isEnumerable && type.supportsStringQuery && type.supportsReindexing)
    }

    @Test func favoritesSiriCannotNameBecomeNoEntity() {
        #expect(WalkMatePlaceEntity(Favorite(name: "  ", startLatitude: 0, startLongitude: 0)) == nil)
        #expect(WalkMatePlaceEntity(Favorite(name: "Pole", startLatitude: 95, startLongitude: 0)) == nil)
    }

    @Test func exportsOnlyTheTrailheadAsAPlaceFromIOS26_4() throws {
        let entity = try #require(WalkMatePlaceEntity(try fixture.add("Loop", latitude: 48.1, longitude: 11.6)))
        let place = try WalkMatePlaceEntity.transferRepresentation.export(entity, on: Platform(26, 4))
        #expect(place.propertyListValue == .dictionary(["latitude": .real(48.1), "longitude": .real(11.6)]))
        #expect(throws: ContentTransferError.unavailable(requires: Platform(26, 4), platform: Platform(26))) {
            try WalkMatePlaceEntity.transferRepresentation.export(entity, on: Platform(26))
        }
    }

    @Test func findsEntitiesByIdInInputOrderLeavingOutDeletedOnes() throws {
        let a = try fixture.add("A")
        let b = try fixture.add("B")
        try fixture.app.deleteFavorite(named: "A")
        #expect(try query.entities(for: [b.id, a.id, b.id]).map(\.name) == ["B", "B"])
        let type = try fixture.app.registry.entityType(named: "WalkMatePlaceEntity")
        #expect(try type.entities(for: [b.id.uuidString.lowercased(), "not-a-uuid"]).map(\.title) == ["B"])
    }

    @Test func suggestsEveryFavoriteInStorageOrder() throws {
        for name in ["Riverside Loop", "Berlin", "Park North"] { try fixture.add(name) }
        #expect(try query.suggestedEntities().map(\.name) == ["Riverside Loop", "Berlin", "Park North"])
        #expect(try query.allEntities().map(\.name) == ["Riverside Loop", "Berlin", "Park North"])
    }

    @Test(arguments: [("park", ["Park North", "Park South", "Central Parkway"]), ("ZURICH", ["Zürich Lake"]),
                      ("rth", ["Park North"]), ("", []), ("  ", []), ("Moon", [])])
    func matchesTextIgnoringCaseAndDiacritics(_ text: String, _ expected: [String]) throws {
        for name in ["Park North", "Zürich Lake", "Park South", "Central Parkway"] { try fixture.add(name) }
        #expect(try query.entities(matching: text).map(\.name) == expected)
    }

    @Test func aSearchOpensAUniqueMatchAndAnExactNameWinsOverPartialOnes() throws {
        let berlin = try fixture.add("Berlin")
        try fixture.add("Berlin Mitte")
        try fixture.add("Park North")
        try fixture.add("Park South")
        let riverside = try fixture.add("Riverside Loop")
        #expect(try query.searchRequest("berlin") == .openFavorite(id: berlin.id))
        #expect(try query.searchRequest("Riverside") == .openFavorite(id: riverside.id))
        #expect(try query.searchRequest("Park") == .showFavoritesList)
        #expect(try query.searchRequest("Central Park") == .showFavoritesList)
    }

    @Test func reindexingSomeFavoritesLoadsOnceAndDropsIdsThatAreGone() throws {
        let a = try fixture.add("A")
        let b = try fixture.add("B")
        let spotlight = fixture.app.spotlight
        try spotlight.refresh()
        try fixture.app.favorites.delete(id: a.id)        // behind the app's back: the index still has A
        #expect(try spotlight.defaultIndex.items(ofType: WalkMatePlaceEntity.self).map(\.title) == ["A", "B"])
        try query.reindexEntities(for: [a.id, b.id], indexDescription: spotlight.defaultIndex.indexDescription)
        #expect(try spotlight.defaultIndex.items(ofType: WalkMatePlaceEntity.self).map(\.title) == ["B"])
    }

    @Test func reindexingEverythingRebuildsFromStorage() throws {
        try fixture.add("A")
        let refreshes = fixture.app.spotlight.refreshCount
        try query.reindexAllEntities(indexDescription: fixture.app.spotlight.defaultIndex.indexDescription)
        #expect(fixture.app.spotlight.refreshCount == refreshes + 1)
        #expect(try fixture.app.spotlight.defaultIndex.items(ofType: WalkMatePlaceEntity.self).map(\.title) == ["A"])
    }

    @Test func theSystemAsksForReindexingOnlyFromIOS27() throws {
        let old = try WalkMateFixture(platform: Platform(26, 4))
        try old.add("A")
        #expect(try old.app.reindexSpotlight(favoriteNamed: nil) == false)
        #expect(try old.app.spotlight.defaultIndex.count() == 0)
        try fixture.add("A")
        #expect(try fixture.app.reindexSpotlight(favoriteNamed: ["a"]) == true)
        #expect(try fixture.app.spotlight.defaultIndex.items().map(\.title) == ["A"])
    }
}
