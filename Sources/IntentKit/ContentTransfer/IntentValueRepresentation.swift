/// Finds existing entities for incoming system values (`IntentValueQuery`). Return an empty list
/// for "nothing matches" — that leads to creating a new entity; throw only when the lookup fails.
public protocol IntentValueQuery {
    associatedtype Input: IntentSystemValue
    associatedtype Entity: AppEntity
    func values(for input: [Input]) throws -> [Entity]
}

/// How an entity converts to and from a system value (`IntentValueRepresentation`, iOS 26.4;
/// R7.6): export-only, import-only (iOS 27.2) or both.
///
/// ```swift
/// let representation = IntentValueRepresentation<ContactEntity, IntentPerson>(
///     exporting: \.person,
///     importing: { person in contacts.add(Contact(importing: person)).entity })
/// try representation.export(contact, on: .iOS27)                 // IntentPerson
/// try representation.importValue(person, matching: ContactQuery(), on: .iOS27)
/// ```
public struct IntentValueRepresentation<Entity: AppEntity, Value: IntentSystemValue> {
    public enum Direction: String, Hashable, Sendable {
        case exportOnly, importOnly, bidirectional
    }

    private let exporter: ((Entity) throws -> Value)?
    private let importer: ((Value) throws -> Entity)?

    /// Export only: other apps can use the entity as `Value`.
    public init(exporting: @escaping (Entity) throws -> Value) {
        exporter = exporting
        importer = nil
    }

    /// Both ways: export, and create a new entity from an incoming value nothing matches.
    public init(exporting: @escaping (Entity) throws -> Value, importing: @escaping (Value) throws -> Entity) {
        exporter = exporting
        importer = importing
    }

    /// Import only (iOS 27.2): never offered for export.
    public init(importing: @escaping (Value) throws -> Entity) {
        exporter = nil
        importer = importing
    }

    public var direction: Direction {
        switch (exporter, importer) {
        case (.some, .some): .bidirectional
        case (nil, .some): .importOnly
        default: .exportOnly
        }
    }

    /// The release this representation needs: 26.4, or 27.2 for import-only.
    public var availability: Platform { direction == .importOnly ? .iOS27_2 : .iOS26_4 }

    /// Whether the system offers the entity for export on `platform`.
    public func isExportable(on platform: Platform) -> Bool {
        exporter != nil && platform.supports(availability)
    }

    /// The entity as a system value.
    /// - Throws: ``ContentTransferError/unavailable(requires:platform:)`` before iOS 26.4,
    ///   ``ContentTransferError/notExportable(entityType:)`` for an import-only representation.
    public func export(_ entity: Entity, on platform: Platform) throws(ContentTransferError) -> Value {
        guard platform.supports(availability) else { throw .unavailable(requires: availability, platform: platform) }
        guard let exporter else { throw .notExportable(entityType: Entity.typeName) }
        do {
            return try exporter(entity)
        } catch let error as ContentTransferError {
            throw error
        } catch {
            throw .exportFailed(String(describing: error))
        }
    }

    /// Receives a value from another app: existing entities the query matches, else a new one
    /// from the importing closure.
    /// - Parameter query: matches existing entities; nil when the app only creates.
    /// - Returns: ``ContentImport/matched(_:)`` when the query returned entities,
    ///   ``ContentImport/created(_:)`` when it returned none (or there is no query) and the
    ///   importing closure made one.
    /// - Throws: ``ContentTransferError``: `unavailable`, `queryFailed` when the query threw (no
    ///   entity is created then), `notImportable` when nothing matched and nothing can be created,
    ///   `importFailed` when the importing closure threw.
    public func importValue<Query: IntentValueQuery>(
        _ value: Value, matching query: Query?, on platform: Platform
    ) throws(ContentTransferError) -> ContentImport<Entity> where Query.Input == Value, Query.Entity == Entity {
        let requires = query != nil && importer == nil ? Platform.iOS26_4 : availability
        guard platform.supports(requires) else { throw .unavailable(requires: requires, platform: platform) }
        if let query {
            let matches: [Entity]
            do {
                matches = try query.values(for: [value])
            } catch {
                throw .queryFailed(String(describing: error))
            }
            if !matches.isEmpty { return .matched(matches) }
        }
        guard let importer else { throw .notImportable(entityType: Entity.typeName, valueType: Value.systemTypeName) }
        do {
            return .created(try importer(value))
        } catch {
            throw .importFailed(String(describing: error))
        }
    }

    /// Receives a value with no value query: always created by the importing closure.
    public func importValue(_ value: Value, on platform: Platform) throws(ContentTransferError) -> ContentImport<Entity> {
        try importValue(value, matching: Optional<NoValueQuery<Entity, Value>>.none, on: platform)
    }
}

/// How an import ended.
public enum ContentImport<Entity: AppEntity> {
    /// Existing entities matched the value (replay outcome `matched`).
    case matched([Entity])
    /// A new entity was created from the value (replay outcome `created`).
    case created(Entity)

    /// `matched` or `created`.
    public var outcome: String {
        switch self {
        case .matched: "matched"
        case .created: "created"
        }
    }

    /// The first matched entity, or the created one.
    public var entity: Entity? {
        switch self {
        case let .matched(entities): entities.first
        case let .created(entity): entity
        }
    }
}

/// The absent query of ``IntentValueRepresentation/importValue(_:on:)``.
public struct NoValueQuery<Entity: AppEntity, Input: IntentSystemValue>: IntentValueQuery {
    public func values(for input: [Input]) throws -> [Entity] { [] }
}
