public import IntentKit
import PropertyList

/// An entity of an app model's entity type: the app's code is not here, so an entity is what a
/// script says exists (`addEntity`): an identifier, a title, and whether Siri suggests it.
struct ModelEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Entity"
    let id: String
    var title: String
    var suggested: Bool
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: title) }
}

/// The entities of every model entity type, in the order they were added: what the entity
/// types' queries answer from.
public final class AppModelEntityStore {
    private var entities: [String: [ModelEntity]] = [:]

    public init() {}

    /// Adds (or replaces, keeping its place) the entity `identifier` of `typeName`.
    public func add(typeName: String, identifier: String, title: String, suggested: Bool) {
        let entity = ModelEntity(id: identifier, title: title, suggested: suggested)
        if let index = entities[typeName]?.firstIndex(where: { $0.id == identifier }) {
            entities[typeName]?[index] = entity
        } else {
            entities[typeName, default: []].append(entity)
        }
    }

    /// Removes the entity; false when there was none.
    @discardableResult
    public func remove(typeName: String, identifier: String) -> Bool {
        guard let index = entities[typeName]?.firstIndex(where: { $0.id == identifier }) else { return false }
        entities[typeName]?.remove(at: index)
        return true
    }

    /// The identifier and title of each entity of `typeName`, in the order they were added.
    public func all(typeName: String) -> [(identifier: String, title: String)] {
        (entities[typeName] ?? []).map { ($0.id, $0.title) }
    }

    fileprivate func query(_ typeName: String) -> ModelEntityQuery { ModelEntityQuery(store: self, typeName: typeName) }
    fileprivate func list(_ typeName: String) -> [ModelEntity] { entities[typeName] ?? [] }
}

/// One model entity type's query: lists, suggests and matches by title (ignoring case and diacritics).
struct ModelEntityQuery: EnumerableEntityQuery, EntityStringQuery {
    let store: AppModelEntityStore
    let typeName: String

    func allEntities() throws -> [ModelEntity] { store.list(typeName) }
    func suggestedEntities() throws -> [ModelEntity] { store.list(typeName).filter(\.suggested) }
    func entities(matching string: String) throws -> [ModelEntity] {
        store.list(typeName).filter { $0.title.foldedContains(string) }
    }
}

extension AppModel {
    /// The model's intents, entity and enum types in an `IntentRegistry` on `platform`, its
    /// entities served from `store`. Intents perform nothing (the app's code is not in the model):
    /// the run itself — which intent, with which resolved values — is what a model tells.
    /// - Throws: the registry's `IntentError` for a declaration it refuses.
    /// - Parameter performed: told each intent instance that runs (the model app reports them).
    public func makeRegistry(
        platform: Platform = .latest, entities store: AppModelEntityStore, performed: ((IntentInstance) -> Void)? = nil
    ) throws(IntentError) -> IntentRegistry {
        let registry = IntentRegistry(platform: platform)
        for entity in entities {
            try registry.register(EntityTypeDefinition(
                ModelEntity.self, query: store.query(entity.typeName), typeName: entity.typeName,
                typeDisplayRepresentation: TypeDisplayRepresentation(name: entity.displayName)))
        }
        var enumerations: [String: IntentEnum] = [:]
        for enumeration in enums {
            let made = IntentEnum(typeName: enumeration.typeName, cases: enumeration.cases.map {
                IntentEnum.Case($0, DisplayRepresentation(title: $0))
            })
            enumerations[enumeration.typeName] = made
            try registry.register(made)
        }
        for intent in intents {
            let parameters = intent.parameters.map { parameter in
                IntentParameter(name: parameter.name, kind: kind(of: parameter, enumerations: enumerations), isOptional: parameter.optional)
            }
            try registry.register(IntentDefinition(
                typeName: intent.typeName, title: intent.title, opensApp: intent.opensApp, parameters: parameters
            ) { instance, _ in
                performed?(instance)
                return .result()
            })
        }
        return registry
    }

    /// The model's App Shortcuts registered with `registry`, checked by IntentKit with Apple's rules.
    /// A shortcut without `systemImageName` is not checked for one (the model does not say).
    /// - Throws: `AppShortcutsError` with every violation.
    public func makeAppShortcuts(registry: IntentRegistry) throws(AppShortcutsError) -> AppShortcuts? {
        guard !appShortcuts.isEmpty else { return nil }
        return try AppShortcuts(
            applicationName: applicationName, synonyms: applicationNameSynonyms, registry: registry,
            shortcuts: appShortcuts.map(\.intentKitShortcut))
    }

    /// The IntentKit kind of `parameter`; an enum type the model lacks (the reader reports it)
    /// falls back to a string.
    private func kind(of parameter: Parameter, enumerations: [String: IntentEnum]) -> IntentParameter.Kind {
        let range: ClosedRange<Double>? = parameter.minimum.flatMap { low in
            parameter.maximum.flatMap { high in low <= high ? low...high : nil }
        }
        switch ParameterType(parameter.type, in: self) {
        case .integer:
            return .integer(range: range.map { Int($0.lowerBound.rounded(.up))...Int($0.upperBound.rounded(.down)) })
        case .number: return .decimal(range: range)
        case .bool: return .boolean
        case let .measurement(dimension): return .measurement(unit: dimension, range: range)
        case let .entity(name): return .entity(typeName: name)
        case let .enumeration(name): return enumerations[name].map { .enumeration($0) } ?? .string
        case .date: return .date
        case .url: return .url
        case .file: return .file
        case .string, nil: return .string
        }
    }
}

extension AppModel.Shortcut {
    /// A placeholder image for shortcuts whose model does not name one, so that IntentKit's
    /// completeness rule judges only what the model says.
    static let unstatedImage = "(not in the model)"

    var intentKitShortcut: AppShortcut {
        AppShortcut(intent: intent, phrases: phrases.map { AppShortcutPhrase($0) }, shortTitle: shortTitle,
                    systemImageName: systemImageName ?? Self.unstatedImage)
    }
}

extension AppModel {
    /// The model's intents and entity types as a bridge manifest is checked against them
    /// (``BridgeManifestChecker``), in place of a built-in app's.
    /// - Throws: the registry's `IntentError` for a declaration it refuses.
    public func intentCatalog() throws(IntentError) -> IntentCatalog {
        IntentCatalog(registry: try makeRegistry(entities: AppModelEntityStore()))
    }
}
