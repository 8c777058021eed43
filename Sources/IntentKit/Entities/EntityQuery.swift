/// Finds entities of one type for the system: by stored identifier, as suggestions, by name.
///
/// Queries run synchronously: the simulator is single-threaded and deterministic, so a replay
/// step sees the query's answer at once. Queries are instances, not static members, so an app can
/// hand its storage to the query it registers (see ``EntityTypeDefinition``).
public protocol EntityQuery {
    associatedtype Entity: AppEntity

    /// The entities for stored identifiers. Identifiers that no longer resolve are left out, so
    /// the result may be shorter than the input (R6.2).
    func entities(for identifiers: [Entity.ID]) throws -> [Entity]

    /// The first list a picker or an App Shortcut parameter offers (R5.8); empty by default.
    func suggestedEntities() throws -> [Entity]
}

extension EntityQuery {
    public func suggestedEntities() throws -> [Entity] { [] }
}

/// A query that maps typed or spoken text to entities (`EntityStringQuery`, R6.3).
public protocol EntityStringQuery: EntityQuery {
    func entities(matching string: String) throws -> [Entity]
}

/// A query over a small set it can list completely (`EnumerableEntityQuery`, iOS 17; R6.4).
///
/// Adopting it gives default `entities(for:)` (input order, unknown identifiers left out),
/// `suggestedEntities()` (everything) and, with ``EntityStringQuery``, `entities(matching:)`.
public protocol EnumerableEntityQuery: EntityQuery {
    func allEntities() throws -> [Entity]
}

extension EnumerableEntityQuery {
    public func entities(for identifiers: [Entity.ID]) throws -> [Entity] {
        var byID: [Entity.ID: Entity] = [:]
        for entity in try allEntities() where byID[entity.id] == nil { byID[entity.id] = entity }
        return identifiers.compactMap { byID[$0] }
    }

    public func suggestedEntities() throws -> [Entity] { try allEntities() }
}

extension EntityStringQuery where Self: EnumerableEntityQuery {
    /// Entities whose title or a synonym contains `string`, ignoring case and diacritics
    /// (`localizedStandardContains`); an empty string matches nothing.
    public func entities(matching string: String) throws -> [Entity] {
        try allEntities().filter { entity in
            entity.displayRepresentation.spokenNames.contains { $0.foldedContains(string) }
        }
    }
}

/// A query Spotlight calls when its index is stale (`IndexedEntityQuery`, iOS 27; R9.3).
/// Without it, reindex requests go to the index delegate instead.
public protocol IndexedEntityQuery: EntityQuery where Entity: IndexedEntity {
    /// Re-index the entities with these identifiers into the described index.
    func reindexEntities(for identifiers: [Entity.ID], indexDescription: SearchableIndexDescription) throws
    /// Re-index every entity into the described index.
    func reindexAllEntities(indexDescription: SearchableIndexDescription) throws
}

extension IndexedEntityQuery {
    /// The release `IndexedEntityQuery` needs.
    public static var reindexAvailability: Platform { .iOS27 }
}

/// Names the Spotlight index a reindex request is about (`CSSearchableIndexDescription`).
public struct SearchableIndexDescription: Hashable, Sendable {
    /// ``SearchableIndex/defaultName`` for the default index.
    public var indexName: String

    public init(indexName: String) { self.indexName = indexName }
}
