import Foundation
public import SQLiteStore

/// A Spotlight index of app entities (`CSSearchableIndex`), persisted in a SQLite store with an
/// FTS5 full-text index.
///
/// Indexes are named (`CSSearchableIndex(name:)`); ``defaultName`` is the default index. Items
/// are keyed by index, entity type and identifier: indexing an entity again replaces its item.
/// Every call that writes is one transaction (a savepoint inside the caller's), so a batch of N
/// entities costs O(N) and a crash leaves the index as before or after, never half-written.
///
/// ```swift
/// let index = try SearchableIndex(connection: connection)          // the default index
/// try index.indexAppEntities(favorites)                            // priority 0
/// try index.search("berl")                                          // word-prefix, case/diacritic-insensitive
/// try index.deleteAppEntities(ofType: PlaceEntity.self)
/// ```
///
/// The index does not own the connection; close it when done.
public final class SearchableIndex {
    /// The name of the default index (`CSSearchableIndex.default()`).
    public static let defaultName = "default"

    public let name: String
    public let connection: Connection

    /// Opens the index `name` in `connection`'s database, creating the IntentKit tables if needed.
    public init(connection: Connection, name: String = SearchableIndex.defaultName) throws {
        self.connection = connection
        self.name = name
        try IntentStoreSchema.migrate(connection)
    }

    /// Describes this index in reindex requests.
    public var indexDescription: SearchableIndexDescription { SearchableIndexDescription(indexName: name) }

    /// Indexes (or re-indexes) entities with a priority (R9.2). Types that hide in Spotlight are
    /// not indexed. - Returns: the number of items written.
    @discardableResult
    public func indexAppEntities<Entity: IndexedEntity>(_ entities: [Entity], priority: Int = 0) throws -> Int {
        guard !Entity.hideInSpotlight else { return 0 }
        return try index(entities.map { SearchableItem($0, indexName: name, priority: priority) })
    }

    /// Indexes prepared items, by type name (the name-based path). Each item goes into this index
    /// whatever its `indexName` says. - Returns: the number of items written.
    @discardableResult
    public func index(_ items: [SearchableItem]) throws -> Int {
        guard !items.isEmpty else { return 0 }
        let now = Date().timeIntervalSince1970
        return try IntentStoreSchema.atomically(connection) {
            let upsert = try connection.cachedStatement("""
                INSERT INTO intent_spotlight_items
                    (index_name, type_name, identifier, title, display_name, content_description, keywords, priority, indexed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (index_name, type_name, identifier) DO UPDATE SET
                    title = excluded.title, display_name = excluded.display_name,
                    content_description = excluded.content_description, keywords = excluded.keywords,
                    priority = excluded.priority, indexed_at = excluded.indexed_at
                """)
            for item in items {
                try upsert.run([
                    .text(name), .text(item.typeName), .text(item.identifier), SQLiteValue(item.title),
                    SQLiteValue(item.displayName), SQLiteValue(item.contentDescription),
                    .text(Self.joinKeywords(item.keywords)), .integer(Int64(item.priority)), .real(now),
                ])
            }
            return items.count
        }
    }

    /// Replaces every item of `Entity`'s type with `entities`, atomically: the delete-then-index
    /// refresh done in one transaction, so no reader sees the index empty in between.
    @discardableResult
    public func replaceAppEntities<Entity: IndexedEntity>(_ entities: [Entity], priority: Int = 0) throws -> Int {
        try IntentStoreSchema.atomically(connection) {
            try deleteAppEntities(ofType: Entity.self)
            return try indexAppEntities(entities, priority: priority)
        }
    }

    /// Removes every item of an entity type from this index. - Returns: how many were removed.
    @discardableResult
    public func deleteAppEntities<Entity: AppEntity>(ofType type: Entity.Type) throws -> Int {
        try deleteAppEntities(typeName: type.typeName)
    }

    /// Removes the items of these entities from this index; unknown identifiers are ignored.
    /// - Returns: how many were removed.
    @discardableResult
    public func deleteAppEntities<Entity: AppEntity>(identifiedBy identifiers: [Entity.ID], ofType type: Entity.Type) throws -> Int {
        try deleteAppEntities(typeName: type.typeName, identifiers: identifiers.map(\.entityIdentifierString))
    }

    /// Removes items by type name, all of them or only `identifiers`. - Returns: how many.
    @discardableResult
    public func deleteAppEntities(typeName: String, identifiers: [String]? = nil) throws -> Int {
        try IntentStoreSchema.atomically(connection) {
            guard let identifiers else {
                try connection.execute("DELETE FROM intent_spotlight_items WHERE index_name = ? AND type_name = ?",
                                       [.text(name), .text(typeName)])
                return connection.changes
            }
            var removed = 0
            let delete = try connection.cachedStatement(
                "DELETE FROM intent_spotlight_items WHERE index_name = ? AND type_name = ? AND identifier = ?")
            for identifier in Set(identifiers) {
                try delete.run([.text(name), .text(typeName), .text(identifier)])
                removed += connection.changes
            }
            return removed
        }
    }

    /// Empties this index. - Returns: how many items were removed.
    @discardableResult
    public func deleteAll() throws -> Int {
        try IntentStoreSchema.atomically(connection) {
            try connection.execute("DELETE FROM intent_spotlight_items WHERE index_name = ?", [.text(name)])
            return connection.changes
        }
    }
}
