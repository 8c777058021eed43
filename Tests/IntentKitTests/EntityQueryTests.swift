import Foundation
import PropertyList
import Testing
@testable import IntentKit

@Suite("Entities and queries")
struct EntityQueryTests {
    @Test func entitiesForIdentifiersLeavesUnknownOutAndKeepsInputOrder() throws {
        let store = PlaceStore()
        let berlin = store.add("Berlin")
        let paris = store.add("Paris")
        let query = PlaceQuery(store: store)
        let found = try query.entities(for: [paris.id, UUID(), berlin.id])
        #expect(found.map(\.name) == ["Paris", "Berlin"])
    }

    @Test func suggestedEntitiesDefaultToAllForEnumerableQueries() throws {
        let store = PlaceStore()
        store.add("Berlin")
        store.add("Paris")
        #expect(try PlaceQuery(store: store).suggestedEntities().map(\.name) == ["Berlin", "Paris"])
        #expect(try ContactQuery(book: ContactBook()).suggestedEntities().isEmpty)
    }

    @Test func matchingIsCaseAndDiacriticInsensitiveContainment() throws {
        let store = PlaceStore()
        store.add("Zürich Lakeside")
        store.add("Park North")
        store.add("Park South", synonyms: ["Südpark"])
        let query = PlaceQuery(store: store)
        #expect(try query.entities(matching: "zurich").map(\.name) == ["Zürich Lakeside"])
        #expect(try query.entities(matching: "PARK").map(\.name) == ["Park North", "Park South"])
        #expect(try query.entities(matching: "sudp").map(\.name) == ["Park South"])   // synonym
        #expect(try query.entities(matching: "").isEmpty)
    }

    @Test func typeDefinitionLooksUpByStringIdentifier() throws {
        let store = PlaceStore()
        let berlin = store.add("Berlin")
        let type = EntityTypeDefinition(PlaceEntity.self, query: PlaceQuery(store: store))
        #expect(type.typeName == "PlaceEntity")
        #expect(type.isIndexed && type.isSyncable && type.isEnumerable && type.supportsStringQuery && type.supportsReindexing)
        #expect(try type.entity(for: berlin.id.uuidString)?.title == "Berlin")
        #expect(try type.entity(for: berlin.id.uuidString.lowercased())?.title == "Berlin")
        // Malformed and unknown identifiers are left out, not errors.
        #expect(try type.entities(for: ["not-a-uuid", UUID().uuidString, berlin.id.uuidString]).map(\.title) == ["Berlin"])
    }

    /// SyncableEntity's one effect: the entities of a performed intent Siri may refer to on the
    /// user's other devices — syncable types only, and only from iOS 27.
    @Test(arguments: [(Platform.iOS27, true), (Platform(26, 4), false), (Platform.iOS18, false)])
    func syncedEntitiesAreTheSyncableOnesFromIOS27(_ platform: Platform, _ syncs: Bool) throws {
        let store = PlaceStore()
        let berlin = store.add("Berlin")
        let book = ContactBook()
        book.contacts = [ContactEntity(id: "c1", name: "Jenny")]
        let registry = IntentRegistry(platform: platform)
        try registry.register(PlaceEntity.self, query: PlaceQuery(store: store))
        try registry.register(ContactEntity.self, query: ContactQuery(book: book))
        let instance = IntentInstance(typeName: "Visit", values: [
            "who": .entity(AnyAppEntity(book.contacts[0])), "place": .entity(AnyAppEntity(berlin)), "note": .string("x"),
        ], parameterOrder: ["who", "place", "note"])
        #expect(registry.syncedEntities(of: instance).map(\.title) == (syncs ? ["Berlin"] : []))
        // A type the registry does not know is left out, whatever it adopts.
        #expect(IntentRegistry(platform: .iOS27).syncedEntities(of: instance).isEmpty)
    }

    @Test func basicQueryLacksEnumerationAndStringMatching() throws {
        let type = EntityTypeDefinition(ContactEntity.self, query: ContactQuery(book: ContactBook()))
        #expect(!type.isIndexed && !type.isSyncable && !type.isEnumerable && !type.supportsStringQuery)
        #expect(throws: IntentError.unsupportedQuery(typeName: "ContactEntity", capability: "allEntities")) {
            try type.allEntities()
        }
        #expect(throws: IntentError.unsupportedQuery(typeName: "ContactEntity", capability: "entities(matching:)")) {
            try type.entities(matching: "x")
        }
    }

    @Test func queryErrorsPropagate() {
        let store = PlaceStore()
        store.failing = true
        let type = EntityTypeDefinition(PlaceEntity.self, query: PlaceQuery(store: store))
        #expect(throws: StoreFailure.self) { try type.suggestedEntities() }
    }

    @Test func reindexGoesToTheQueryOnlyOnIOS27() throws {
        let store = PlaceStore()
        let berlin = store.add("Berlin")
        let type = EntityTypeDefinition(PlaceEntity.self, query: PlaceQuery(store: store))
        let description = SearchableIndexDescription(indexName: "WalkMateFavorites")
        #expect(try type.reindex([berlin.id.uuidString], in: description, on: .iOS26_4) == false)
        #expect(store.reindexRequests.isEmpty)
        #expect(try type.reindex([berlin.id.uuidString], in: description, on: .iOS27))
        #expect(try type.reindex(nil, in: description, on: .iOS27))
        #expect(store.reindexRequests == [[berlin.id], nil])
        let contacts = EntityTypeDefinition(ContactEntity.self, query: ContactQuery(book: ContactBook()))
        #expect(try contacts.reindex(nil, in: description, on: .iOS27) == false)   // goes to the delegate
    }

    @Test func anyEntityExposesPropertiesAndEqualityByIdentity() throws {
        let id = UUID()
        let a = AnyAppEntity(PlaceEntity(id: id, name: "Berlin"))
        let renamed = AnyAppEntity(PlaceEntity(id: id, name: "Berlin Mitte"))
        #expect(a == renamed)
        #expect(a.property("name") == .string("Berlin"))
        #expect(a.base(as: PlaceEntity.self)?.name == "Berlin")
        #expect(a.base(as: ContactEntity.self) == nil)
        #expect(a.propertyListValue["title"] == .string("Berlin"))
        #expect(a.entityIdentifier == EntityIdentifier(for: PlaceEntity.self, identifier: id))
        #expect(a.entityIdentifier.description == "PlaceEntity/\(id.uuidString)")
    }

    @Test func propertyTitlesDeriveFromNames() {
        #expect(EntityProperty("startLatitude", value: nil).title == "Start Latitude")
        #expect(EntityProperty("name", value: nil).title == "Name")
        #expect(EntityProperty("name", title: "Walk name", value: nil).title == "Walk name")
    }

    @Test func indexedEntityDefaultsComeFromTheDisplayRepresentation() {
        let contactLike = PlaceEntity(id: UUID(), name: "Berlin")
        #expect(contactLike.defaultAttributeSet.title == "Berlin")
        #expect(contactLike.defaultAttributeSet.displayName == "Berlin")
        #expect(contactLike.attributeSet.keywords == ["Berlin"])
        #expect(PlaceEntity.indexingAvailability == .iOS18)
        #expect(PlaceEntity.syncAvailability == .iOS27)
        #expect(PlaceQuery.reindexAvailability == .iOS27)
    }
}

@Suite("Platform gates on entity traits")
struct EntityTraitGateTests {
    @Test func syncAndIndexingFollowThePlatform() {
        let places = EntityTypeDefinition(PlaceEntity.self, query: PlaceQuery(store: PlaceStore()))
        #expect(!places.syncsAcrossDevices(on: .iOS26_4))
        #expect(places.syncsAcrossDevices(on: .iOS27))
        #expect(places.isIndexable(on: .iOS18) && !places.isIndexable(on: Platform(17, 4)))
        let contacts = EntityTypeDefinition(ContactEntity.self, query: ContactQuery(book: ContactBook()))
        #expect(!contacts.syncsAcrossDevices(on: .iOS27))
        #expect(!contacts.isIndexable(on: .iOS27))
        #expect(EntityIdentifier.onScreenAvailability == .iOS18_4)
    }
}
