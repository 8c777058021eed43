public import IntentKit

/// The intents and entity types an app registers, whatever the platform: what a manifest is
/// checked against. A snapshot of the declarations, taken from the app's `IntentRegistry`.
public struct IntentCatalog {
    /// One intent's declaration.
    public struct Intent {
        public var typeName: String
        /// The first release that has it.
        public var availability: Platform
        public var parameters: [IntentParameter]

        public init(typeName: String, availability: Platform, parameters: [IntentParameter]) {
            self.typeName = typeName
            self.availability = availability
            self.parameters = parameters
        }

        public func parameter(named name: String) -> IntentParameter? {
            parameters.first { $0.name == name }
        }
    }

    public private(set) var intents: [String: Intent]
    /// Registration order, for messages that list names.
    public private(set) var intentNames: [String]
    public var entityTypes: Set<String>

    public init(intents: [Intent], entityTypes: Set<String>) {
        self.intents = Dictionary(intents.map { ($0.typeName, $0) }, uniquingKeysWith: { first, _ in first })
        intentNames = intents.map(\.typeName)
        self.entityTypes = entityTypes
    }

    /// Every intent `registry` holds, including those newer than its platform.
    public init(registry: IntentRegistry) {
        // The registry hides intents newer than its platform; a manifest may name them for later
        // releases, so look them up as of a release after all of them, then restore.
        let platform = registry.platform
        registry.platform = Platform(9_999)
        defer { registry.platform = platform }
        let intents = registry.registeredIntentNames.compactMap { name -> Intent? in
            guard let definition = try? registry.definition(named: name) else { return nil }
            return Intent(typeName: name, availability: definition.availability, parameters: definition.parameters)
        }
        self.init(intents: intents, entityTypes: Set(registry.entityTypes.keys))
    }

    public func intent(named name: String) -> Intent? { intents[name] }
}
