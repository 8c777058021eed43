/// One entity type registered with its query, looked up by ``typeName``: the name-based face of
/// an `AppEntity` type and its `defaultQuery`.
///
/// Build it from a concrete type and a query instance that can reach the app's storage:
///
/// ```swift
/// let places = EntityTypeDefinition(PlaceEntity.self, query: PlaceQuery(storage: storage))
/// try places.entities(for: ["6F1C…"])   // unknown identifiers are left out
/// ```
///
/// Capabilities mirror the query's protocols: ``allEntities()`` needs `EnumerableEntityQuery`,
/// ``entities(matching:)`` `EntityStringQuery`, reindexing `IndexedEntityQuery`; the others throw
/// ``IntentError/unsupportedQuery(typeName:capability:)``.
public struct EntityTypeDefinition {
    public let typeName: String
    public let typeDisplayRepresentation: TypeDisplayRepresentation
    /// Conforms to `IndexedEntity` (and so can go into a ``SearchableIndex``).
    public let isIndexed: Bool
    /// Conforms to `SyncableEntity` (the marker only counts on iOS 27+).
    public let isSyncable: Bool
    public let supportsStringQuery: Bool
    public let isEnumerable: Bool
    public let supportsReindexing: Bool

    private let lookup: ([String]) throws -> [AnyAppEntity]
    private let suggest: () throws -> [AnyAppEntity]
    private let enumerate: (() throws -> [AnyAppEntity])?
    private let match: ((String) throws -> [AnyAppEntity])?
    private let reindex: (([String]?, SearchableIndexDescription) throws -> Void)?

    public init<Query: EntityQuery>(_ type: Query.Entity.Type, query: Query) {
        self.init(type, query: query, typeName: type.typeName, typeDisplayRepresentation: type.typeDisplayRepresentation)
    }

    /// A type known by name only, served by one Swift entity type: an app model's entity types
    /// (ActivityBridge) are data, each registered under its own `typeName`, whose entities report it.
    package init<Query: EntityQuery>(
        _ type: Query.Entity.Type, query: Query, typeName: String, typeDisplayRepresentation: TypeDisplayRepresentation
    ) {
        self.typeName = typeName
        self.typeDisplayRepresentation = typeDisplayRepresentation
        isIndexed = type is any IndexedEntity.Type
        isSyncable = type is any SyncableEntity.Type
        let wrap = { (entity: Query.Entity) in AnyAppEntity(entity, typeName: typeName) }
        lookup = { strings in
            // Identifiers that do not parse cannot name an entity: left out like unknown ones.
            let ids = strings.compactMap { Query.Entity.ID.entityIdentifier(for: $0) }
            return try query.entities(for: ids).map(wrap)
        }
        suggest = { try query.suggestedEntities().map(wrap) }
        if let enumerable = query as? any EnumerableEntityQuery {
            enumerate = { try Self.all(enumerable, as: typeName) }
        } else {
            enumerate = nil
        }
        if let stringQuery = query as? any EntityStringQuery {
            match = { try Self.matching(stringQuery, $0, as: typeName) }
        } else {
            match = nil
        }
        if let indexed = query as? any IndexedEntityQuery {
            reindex = { ids, description in try Self.reindex(indexed, ids, description) }
        } else {
            reindex = nil
        }
        isEnumerable = enumerate != nil
        supportsStringQuery = match != nil
        supportsReindexing = reindex != nil
    }

    /// Whether the system may treat the entity's identifier as the same on every device: the
    /// type adopts `SyncableEntity` and `platform` is iOS 27 or later (R9.4).
    public func syncsAcrossDevices(on platform: Platform) -> Bool {
        isSyncable && platform.supports(.iOS27)
    }

    /// Whether Spotlight can index the type on `platform` (`IndexedEntity`, iOS 18; R9.1).
    public func isIndexable(on platform: Platform) -> Bool {
        isIndexed && platform.supports(.iOS18)
    }

    /// Entities for stored identifier strings, in input order; unknown or malformed identifiers
    /// are left out (R6.2).
    public func entities(for identifiers: [String]) throws -> [AnyAppEntity] { try lookup(identifiers) }

    /// The entity for one identifier, or nil when it does not resolve.
    public func entity(for identifier: String) throws -> AnyAppEntity? { try lookup([identifier]).first }

    public func suggestedEntities() throws -> [AnyAppEntity] { try suggest() }

    public func allEntities() throws -> [AnyAppEntity] {
        guard let enumerate else { throw IntentError.unsupportedQuery(typeName: typeName, capability: "allEntities") }
        return try enumerate()
    }

    public func entities(matching string: String) throws -> [AnyAppEntity] {
        guard let match else { throw IntentError.unsupportedQuery(typeName: typeName, capability: "entities(matching:)") }
        return try match(string)
    }

    /// Asks the type's `IndexedEntityQuery` to reindex `identifiers` (all entities when nil).
    /// - Returns: false when the request would go to the index delegate instead: the query does
    ///   not adopt `IndexedEntityQuery`, or `platform` is older than iOS 27 (R9.3).
    @discardableResult
    public func reindex(_ identifiers: [String]?, in description: SearchableIndexDescription, on platform: Platform) throws -> Bool {
        guard let reindex, platform.supports(.iOS27) else { return false }
        try reindex(identifiers, description)
        return true
    }

    // Opening existentials needs generic helpers.
    private static func all<Q: EnumerableEntityQuery>(_ query: Q, as typeName: String) throws -> [AnyAppEntity] {
        try query.allEntities().map { AnyAppEntity($0, typeName: typeName) }
    }

    private static func matching<Q: EntityStringQuery>(_ query: Q, _ string: String, as typeName: String) throws -> [AnyAppEntity] {
        try query.entities(matching: string).map { AnyAppEntity($0, typeName: typeName) }
    }

    private static func reindex<Q: IndexedEntityQuery>(_ query: Q, _ ids: [String]?, _ description: SearchableIndexDescription) throws {
        if let ids {
            try query.reindexEntities(for: ids.compactMap { Q.Entity.ID.entityIdentifier(for: $0) }, indexDescription: description)
        } else {
            try query.reindexAllEntities(indexDescription: description)
        }
    }
}
