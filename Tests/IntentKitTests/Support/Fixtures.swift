import Foundation
@testable import IntentKit
import PropertyList
import SQLiteStore
import TestSupport

/// A favorite walk, shaped like Walk Mate's `WalkMatePlaceEntity`.
struct PlaceEntity: IndexedEntity, SyncableEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Favorite walk"
    let id: UUID
    var name: String
    var latitude = 52.52
    var longitude = 13.405
    var synonyms: [String] = []

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: name, synonyms: synonyms) }
    var exposedProperties: [EntityProperty] { [EntityProperty("name", value: .string(name))] }
    var attributeSet: SearchableAttributeSet {
        var attributes = defaultAttributeSet
        attributes.keywords = [name]
        return attributes
    }
}

/// The app's storage the queries read, and a log of what the system asked of them.
final class PlaceStore {
    var places: [PlaceEntity] = []
    var reindexRequests: [[UUID]?] = []
    var failing = false

    @discardableResult
    func add(_ name: String, id: UUID = UUID(), synonyms: [String] = []) -> PlaceEntity {
        let place = PlaceEntity(id: id, name: name, synonyms: synonyms)
        places.append(place)
        return place
    }

    func place(named name: String) -> PlaceEntity? { places.first { $0.name == name } }
}

struct StoreFailure: Error, CustomStringConvertible {
    var description: String { "the favorites file is unreadable" }
}

/// Enumerable, string and indexed: everything Walk Mate's query adopts.
struct PlaceQuery: EnumerableEntityQuery, EntityStringQuery, IndexedEntityQuery {
    typealias Entity = PlaceEntity
    let store: PlaceStore

    func allEntities() throws -> [PlaceEntity] {
        if store.failing { throw StoreFailure() }
        return store.places
    }

    func reindexEntities(for identifiers: [UUID], indexDescription: SearchableIndexDescription) throws {
        store.reindexRequests.append(identifiers)
    }

    func reindexAllEntities(indexDescription: SearchableIndexDescription) throws {
        store.reindexRequests.append(nil)
    }
}

/// A hairdresser contact, keyed by a string id, with only a basic query.
struct ContactEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Hairdresser"
    let id: String
    var name: String
    var phoneNumber: String?

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: name, subtitle: phoneNumber) }
    var person: IntentPerson { IntentPerson(displayName: name, phoneNumber: phoneNumber) }
}

final class ContactBook {
    var contacts: [ContactEntity] = []
}

struct ContactQuery: EntityQuery {
    let book: ContactBook

    func entities(for identifiers: [String]) throws -> [ContactEntity] {
        identifiers.compactMap { id in book.contacts.first { $0.id == id } }
    }
}

/// Records the actions intents dispatch, as an app's reducer would receive them.
final class ActionLog {
    var actions: [String] = []
    var dispatcher: IntentDispatcher<String> { IntentDispatcher { self.actions.append($0) } }
}

/// A registry with Walk Mate's intents over `store`, dispatching into `log`.
func makeWalkRegistry(store: PlaceStore, log: ActionLog, platform: Platform = .iOS27, targetKm: @escaping () -> Double = { 5 }) throws -> IntentRegistry {
    let registry = IntentRegistry(platform: platform)
    try registry.register(PlaceEntity.self, query: PlaceQuery(store: store))
    let dispatcher = log.dispatcher
    try registry.register(IntentDefinition(
        typeName: "ShowSavedWalkIntent", title: "Show Saved Walk", opensApp: true, availability: .iOS18,
        parameters: [.entity("walk", title: "Saved walk", PlaceEntity.self)]
    ) { intent, _ in
        guard let walk = intent.entity("walk", as: PlaceEntity.self) else { throw IntentError.missingValue(typeName: intent.typeName, parameter: "walk") }
        dispatcher.send("openFavorite:\(walk.name)")
        return .result(value: intent["walk"])
    })
    try registry.register(IntentDefinition(
        typeName: "OpenWalkMatePlaceIntent", title: "Open Place", opensApp: true, availability: .iOS27, schema: .open,
        parameters: [.entity("target", PlaceEntity.self)]
    ) { intent, _ in
        dispatcher.send("openFavorite:\(intent.entity("target")?.title ?? "?")")
        return .result()
    })
    try registry.register(IntentDefinition(
        typeName: "GenerateRoutesIntent", title: "Generate Routes", opensApp: true, availability: .iOS18,
        parameters: [.measurement("distance", unit: "km", range: 3...20, default: targetKm())]
    ) { intent, _ in
        dispatcher.send("generate:\(intent.double("distance") ?? -1)")
        return .result()
    })
    try registry.register(IntentDefinition(
        typeName: "SearchFavoritesIntent", title: "Search Favorites", opensApp: true, availability: .iOS18, schema: .searchInApp,
        parameters: [.string("criteria")]
    ) { intent, _ in
        dispatcher.send("search:\(intent.string("criteria") ?? "")")
        return .result()
    })
    return registry
}

/// Walk Mate's App Shortcuts, from the seed's phrase list.
let walkShortcuts = [
    AppShortcut(intent: "ShowSavedWalkIntent", phrases: ["Load ${walk} in ${applicationName}"],
                shortTitle: "Open Favorite Walk", systemImageName: "figure.walk"),
    AppShortcut(intent: "GenerateRoutesIntent",
                phrases: ["Generate a route in ${applicationName}", "Generate me a route in ${applicationName}",
                          "Make me a walk in ${applicationName}", "Create a walk in ${applicationName}",
                          "Generate walking routes in ${applicationName}"],
                shortTitle: "Generate Routes", systemImageName: "map"),
]

/// Runs `body` with a connection to a new store file in a temporary directory.
func withStore<T>(_ body: (Connection, URL) throws -> T) throws -> T {
    let directory = try TemporaryDirectory("intentkit-tests")
    let file = directory.url.appendingPathComponent("store.sqlite")
    let connection = try Connection(path: file.path)
    defer { try? connection.close() }
    return try body(connection, file)
}
