import Foundation
import SQLiteStore
import Testing
@testable import IntentKit
import TestSupport

@Suite("Spotlight: SearchableIndex on SQLite FTS5")
struct SearchableIndexTests {
    private func places(_ names: String...) -> [PlaceEntity] {
        names.map { PlaceEntity(id: UUID(), name: $0) }
    }

    @Test func searchesByWordPrefixIgnoringCaseAndDiacritics() throws {
        try withStore { connection, _ in
            let index = try SearchableIndex(connection: connection)
            try index.indexAppEntities(places("Zürich Lakeside", "Berlin Mitte", "Riverside Loop"))
            #expect(try index.search("berl").map(\.resultTitle) == ["Berlin Mitte"])
            #expect(try index.search("ZURICH").map(\.resultTitle) == ["Zürich Lakeside"])
            #expect(try index.search("zür lake").map(\.resultTitle) == ["Zürich Lakeside"])   // every word
            #expect(try index.search("side").isEmpty)                                         // word prefixes only
            #expect(try index.search("mitte berlin").map(\.resultTitle) == ["Berlin Mitte"])
            #expect(try index.search("").isEmpty)
            #expect(try index.search("  ?! ").isEmpty)
            #expect(try index.search("\"AND NEAR(").isEmpty)   // operators are literal text, never syntax errors
        }
    }

    @Test func keywordsAreSearchedToo() throws {
        try withStore { connection, _ in
            let index = try SearchableIndex(connection: connection)
            let item = SearchableItem(typeName: "PlaceEntity", identifier: "1",
                                      attributes: SearchableAttributeSet(displayName: "Morning loop", title: "Morning loop", keywords: ["Tiergarten", "Berlin"]))
            try index.index([item])
            #expect(try index.search("tierg").map(\.identifier) == ["1"])
            #expect(try index.items().first?.keywords == ["Tiergarten", "Berlin"])
        }
    }

    @Test func higherPriorityRanksFirst() throws {
        try withStore { connection, _ in
            let index = try SearchableIndex(connection: connection)
            let walks = places("Park North", "Park South")
            let (low, high) = (walks[0], walks[1])
            try index.indexAppEntities([low])
            try index.indexAppEntities([high], priority: 5)
            #expect(try index.search("park").map(\.resultTitle) == ["Park South", "Park North"])
            #expect(try index.search("park").map(\.priority) == [5, 0])
            try index.indexAppEntities([low], priority: 9)   // re-indexing replaces the item
            #expect(try index.search("park").map(\.resultTitle) == ["Park North", "Park South"])
            #expect(try index.count() == 2)
        }
    }

    @Test func reindexingReplacesTheItemsText() throws {
        try withStore { connection, _ in
            let index = try SearchableIndex(connection: connection)
            var place = PlaceEntity(id: UUID(), name: "Berlin")
            try index.indexAppEntities([place])
            place.name = "Potsdam"
            try index.indexAppEntities([place])
            #expect(try index.search("berlin").isEmpty)
            #expect(try index.search("pots").map(\.identifier) == [place.id.uuidString])
        }
    }

    @Test func deletesByTypeAndByIdentifier() throws {
        try withStore { connection, _ in
            let index = try SearchableIndex(connection: connection)
            let walks = places("Berlin", "Paris", "Rome")
            try index.indexAppEntities(walks)
            try index.index([SearchableItem(typeName: "Note", identifier: "n1", attributes: SearchableAttributeSet(title: "Berlin notes"))])
            #expect(try index.deleteAppEntities(identifiedBy: [walks[0].id, UUID()], ofType: PlaceEntity.self) == 1)
            #expect(try index.search("berlin").map(\.typeName) == ["Note"])
            #expect(try index.deleteAppEntities(ofType: PlaceEntity.self) == 2)
            #expect(try index.items(ofType: PlaceEntity.self).isEmpty)
            #expect(try index.count(typeName: "Note") == 1)
            #expect(try index.deleteAll() == 1)
            #expect(try index.count() == 0)
        }
    }

    @Test func namedIndexesAreSeparate() throws {
        try withStore { connection, _ in
            let standard = try SearchableIndex(connection: connection)
            let named = try SearchableIndex(connection: connection, name: "WalkMateFavorites")
            try standard.indexAppEntities(places("Berlin"))
            try named.indexAppEntities(places("Berlin Mitte"))
            #expect(try standard.search("berlin").map(\.resultTitle) == ["Berlin"])
            #expect(try named.search("berlin").map(\.resultTitle) == ["Berlin Mitte"])
            #expect(Set(try standard.search("berlin", scope: .allIndexes).map(\.resultTitle)) == ["Berlin", "Berlin Mitte"])
            #expect(try named.deleteAppEntities(ofType: PlaceEntity.self) == 1)
            #expect(try standard.count() == 1)
            #expect(try standard.indexNames() == ["default"])
            #expect(named.indexDescription == SearchableIndexDescription(indexName: "WalkMateFavorites"))
        }
    }

    @Test func persistsAcrossReopening() throws {
        let directory = try TemporaryDirectory("intentkit-tests")
        let path = directory.path("spotlight.sqlite")
        let berlin = PlaceEntity(id: UUID(), name: "Berlin")
        do {
            let connection = try Connection(path: path)
            try SearchableIndex(connection: connection).indexAppEntities([berlin], priority: 3)
            try connection.close()
        }
        let reopened = try Connection(path: path)
        defer { try? reopened.close() }
        let found = try SearchableIndex(connection: reopened).search("berl")
        #expect(found == [SearchableItem(berlin, priority: 3)])
    }

    @Test func replaceIsAtomic() throws {
        try withStore { connection, _ in
            let index = try SearchableIndex(connection: connection)
            try index.indexAppEntities(places("Berlin", "Paris"))
            #expect(try index.replaceAppEntities(places("Rome")) == 1)
            #expect(try index.items().map(\.resultTitle) == ["Rome"])
            // A failure inside the caller's transaction rolls the whole refresh back.
            #expect(throws: StoreFailure.self) {
                try connection.transaction {
                    try index.replaceAppEntities(places("Oslo"))
                    throw StoreFailure()
                }
            }
            #expect(try index.items().map(\.resultTitle) == ["Rome"])
        }
    }

    @Test func hiddenTypesAreNotIndexed() throws {
        struct Secret: IndexedEntity {
            static let typeDisplayRepresentation: TypeDisplayRepresentation = "Secret"
            static var hideInSpotlight: Bool { true }
            let id: String
            var displayRepresentation: DisplayRepresentation { "hidden" }
        }
        try withStore { connection, _ in
            let index = try SearchableIndex(connection: connection)
            #expect(try index.indexAppEntities([Secret(id: "s")]) == 0)
            #expect(try index.count() == 0)
        }
    }

    /// Refresh cost is measured in BENCHMARKS.md (release build), not timed here: this checks that a
    /// refresh of thousands replaces the whole set, leaving nothing of the previous one behind.
    @Test func refreshOfThousandsReplacesTheWholeSet() throws {
        try withStore { connection, _ in
            let index = try SearchableIndex(connection: connection)
            let first = (0..<750).map { PlaceEntity(id: UUID(), name: "Walk \($0)") }
            let second = (0..<3000).map { PlaceEntity(id: UUID(), name: "Loop \($0)") }
            _ = try index.replaceAppEntities(first)
            #expect(try index.count() == 750)
            _ = try index.replaceAppEntities(second)
            #expect(try index.count() == 3000)
            #expect(try index.search("walk", limit: 10).isEmpty)
            #expect(try index.search("loop 2999", limit: 10).count == 1)
        }
    }

    @Test func storeSharesTheFileWithOtherMigrations() throws {
        try withStore { connection, _ in
            var legacy = Migrator()
            legacy.registerMigration("activitykit.1") { db in try db.execute("CREATE TABLE legacy_events (id INTEGER PRIMARY KEY)") }
            try legacy.migrate(connection)
            _ = try SearchableIndex(connection: connection)
            _ = try IntentDonationManager(connection: connection)
            #expect(try legacy.migrate(connection).isEmpty)   // neither sees the other's records
            #expect(try IntentStoreSchema.migrator.appliedMigrations(connection) == ["intents.1-spotlight-index", "intents.2-donations"])
        }
    }
}
