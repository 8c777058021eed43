/// The app's intents, entity types and enums, looked up by name — the shape of Apple's
/// AppIntentsTesting (`IntentDefinitions(bundleIdentifier:)`): a replay script, a Shortcuts run
/// or the legacy bridge names an intent and passes parameters as property-list values.
///
/// ```swift
/// let registry = IntentRegistry(platform: .iOS27)
/// try registry.register(PlaceEntity.self, query: PlaceQuery(storage: storage))
/// try registry.register(generateRoutes)                       // an IntentDefinition
/// let outcome = try registry.run("GenerateRoutesIntent", parameters: ["distance": 25])
/// // .performed: distance clamped to 20 km
/// ```
///
/// Intents whose availability is newer than ``platform`` stay registered but cannot be looked
/// up: ``definition(named:)`` throws ``IntentError/unavailable(typeName:requires:platform:)``,
/// the way an `#available` branch hides them. The registry is a plain reference type confined to
/// the thread that uses it (the app and its replay run on one thread).
public final class IntentRegistry {
    /// The release being simulated; change it to flip availability.
    public var platform: Platform
    public private(set) var entityTypes: [String: EntityTypeDefinition] = [:]
    public private(set) var enums: [String: IntentEnum] = [:]
    private var definitions: [String: IntentDefinition] = [:]
    private var registrationOrder: [String] = []
    /// Set once App Shortcuts are registered: an app has one provider (R5.1).
    var hasAppShortcuts = false

    public init(platform: Platform = .latest) {
        self.platform = platform
    }

    // MARK: Registration

    /// Registers an entity type with the query that serves it.
    public func register<Query: EntityQuery>(_ type: Query.Entity.Type, query: Query) throws(IntentError) {
        try register(EntityTypeDefinition(type, query: query))
    }

    public func register(_ entityType: EntityTypeDefinition) throws(IntentError) {
        guard entityTypes[entityType.typeName] == nil else {
            throw .duplicateRegistration(kind: "entity type", name: entityType.typeName)
        }
        entityTypes[entityType.typeName] = entityType
    }

    public func register(_ enumeration: IntentEnum) throws(IntentError) {
        guard enums[enumeration.typeName] == nil else { throw .duplicateRegistration(kind: "enum", name: enumeration.typeName) }
        enums[enumeration.typeName] = enumeration
    }

    /// Registers an intent after checking its declaration: unique names, entity parameter types
    /// registered, schema shape and availability.
    public func register(_ definition: IntentDefinition) throws(IntentError) {
        try definition.validate()
        guard definitions[definition.typeName] == nil else {
            throw .duplicateRegistration(kind: "intent", name: definition.typeName)
        }
        for parameter in definition.parameters {
            if case let .entity(typeName) = parameter.kind, entityTypes[typeName] == nil {
                throw .invalidDefinition(
                    typeName: definition.typeName,
                    reason: "parameter '\(parameter.name)' uses entity type '\(typeName)', which is not registered")
            }
        }
        definitions[definition.typeName] = definition
        registrationOrder.append(definition.typeName)
    }

    // MARK: Lookup

    /// The intent named `typeName` when it exists on ``platform``.
    public func definition(named typeName: String) throws(IntentError) -> IntentDefinition {
        guard let definition = definitions[typeName] else { throw .unknownIntent(typeName) }
        guard platform.supports(definition.availability) else {
            throw .unavailable(typeName: typeName, requires: definition.availability, platform: platform)
        }
        return definition
    }

    /// The intent named `typeName` whatever the platform (for declarations checked ahead of use).
    func registeredDefinition(named typeName: String) -> IntentDefinition? { definitions[typeName] }

    /// Whether `typeName` is registered and available on ``platform``.
    public func isAvailable(_ typeName: String) -> Bool {
        definitions[typeName].map { platform.supports($0.availability) } ?? false
    }

    /// Every intent available on ``platform``, in registration order.
    public var availableDefinitions: [IntentDefinition] {
        registrationOrder.compactMap { definitions[$0] }.filter { platform.supports($0.availability) }
    }

    /// Every registered intent name, whatever the platform, in registration order.
    public var registeredIntentNames: [String] { registrationOrder }

    public func entityType(named typeName: String) throws(IntentError) -> EntityTypeDefinition {
        guard let type = entityTypes[typeName] else { throw .unknownEntityType(typeName) }
        return type
    }

    /// The entities among `instance`'s values that the system may refer to on the user's other
    /// devices (R9.4): their type adopts `SyncableEntity` and ``platform`` is iOS 27 or later. Siri
    /// can carry a conversation about them to another device; other entities stay on this one.
    /// In parameter order; values of unregistered types are left out.
    public func syncedEntities(of instance: IntentInstance) -> [AnyAppEntity] {
        instance.parameterOrder.compactMap { name in
            guard let entity = instance.entity(name), let type = entityTypes[entity.typeName],
                  type.syncsAcrossDevices(on: platform) else { return nil }
            return entity
        }
    }

    /// The entity a stored reference names, or nil when it no longer resolves.
    public func entity(_ reference: EntityIdentifier) throws -> AnyAppEntity? {
        try entityType(named: reference.typeName).entity(for: reference.identifier)
    }
}
