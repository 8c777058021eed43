public import PropertyList

/// An entity of any type, as the name-based layers (registry, phrase matcher, donations, bridge)
/// handle it: type name, identifier string and display data, plus the typed value.
///
/// Two values are equal when their type names and identifiers are equal.
public struct AnyAppEntity: Hashable, Sendable, CustomStringConvertible {
    public let typeName: String
    public let identifier: String
    public let displayRepresentation: DisplayRepresentation
    public let exposedProperties: [EntityProperty]
    /// The typed entity; cast it with ``base(as:)``.
    public let base: any AppEntity

    public init<Entity: AppEntity>(_ entity: Entity) {
        self.init(entity, typeName: Entity.typeName)
    }

    /// An entity reported under `typeName` rather than its Swift type's name (an app model's
    /// entity types share one Swift type; see ``EntityTypeDefinition``).
    package init<Entity: AppEntity>(_ entity: Entity, typeName: String) {
        self.typeName = typeName
        identifier = entity.id.entityIdentifierString
        displayRepresentation = entity.displayRepresentation
        exposedProperties = entity.exposedProperties
        base = entity
    }

    /// The typed entity, or nil when it is of another type.
    public func base<Entity: AppEntity>(as type: Entity.Type) -> Entity? { base as? Entity }

    public var title: String { displayRepresentation.title }
    public var entityIdentifier: EntityIdentifier { EntityIdentifier(typeName: typeName, identifier: identifier) }

    /// The value of an exposed property by name.
    public func property(_ name: String) -> PropertyListValue? {
        exposedProperties.first { $0.name == name }?.value
    }

    /// `{type, id, title}` plus `properties` when any: how replay results and JSON show an entity.
    public var propertyListValue: PropertyListValue {
        var dictionary: PropertyListDictionary = ["type": .string(typeName), "id": .string(identifier), "title": .string(title)]
        if let subtitle = displayRepresentation.subtitle { dictionary["subtitle"] = .string(subtitle) }
        let properties = exposedProperties.compactMap { property in property.value.map { (property.name, $0) } }
        if !properties.isEmpty { dictionary["properties"] = .dictionary(PropertyListDictionary(properties)) }
        return .dictionary(dictionary)
    }

    public var description: String { "\(typeName)(\(identifier), \"\(title)\")" }

    public static func == (lhs: AnyAppEntity, rhs: AnyAppEntity) -> Bool {
        lhs.typeName == rhs.typeName && lhs.identifier == rhs.identifier
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeName)
        hasher.combine(identifier)
    }
}
