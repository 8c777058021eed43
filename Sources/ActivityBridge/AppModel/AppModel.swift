public import PropertyList

/// An app described by data (`app-model.md`): what decides whether Siri, Spotlight, Shortcuts or
/// a continuation reaches the app — declared activity types, intents and their parameters, entity
/// and enum types, App Shortcut phrases — without the app's code.
///
/// Read one with ``AppModelReader`` (which checks it), write one with ``AppModelWriter``; replay
/// runs scripts against it through ``ModelReplayApp``.
public struct AppModel: Hashable, Sendable {
    /// The format this tool reads and writes.
    public static let formatVersion = 1

    /// The target name: a replay script's `app`.
    public var name: String
    /// What phrases say for `${applicationName}`.
    public var applicationName: String
    public var applicationNameSynonyms: [String]
    /// The declared `NSUserActivityTypes`, resolved.
    public var activityTypes: [String]
    /// `CoreSpotlightContinuation` in the Info.plist.
    public var coreSpotlightContinuation: Bool
    /// The declared types the app's `continue` handler handles; a declared type missing here is `noHandler`.
    public var handledActivityTypes: [String]
    /// Intents by type name, in file order.
    public var intents: [Intent]
    /// Entity types by type name, in file order.
    public var entities: [Entity]
    /// Enum types by name, in file order.
    public var enums: [Enumeration]
    public var appShortcuts: [Shortcut]
    /// Where the model came from (`repository`, `target`, …), kept as written.
    public var source: PropertyListDictionary?

    public init(
        name: String, applicationName: String? = nil, applicationNameSynonyms: [String] = [], activityTypes: [String] = [],
        coreSpotlightContinuation: Bool = false, handledActivityTypes: [String] = [], intents: [Intent] = [],
        entities: [Entity] = [], enums: [Enumeration] = [], appShortcuts: [Shortcut] = [], source: PropertyListDictionary? = nil
    ) {
        self.name = name
        self.applicationName = applicationName ?? name
        self.applicationNameSynonyms = applicationNameSynonyms
        self.activityTypes = activityTypes
        self.coreSpotlightContinuation = coreSpotlightContinuation
        self.handledActivityTypes = handledActivityTypes
        self.intents = intents
        self.entities = entities
        self.enums = enums
        self.appShortcuts = appShortcuts
        self.source = source
    }

    public func intent(named name: String) -> Intent? { intents.first { $0.typeName == name } }
    public func entity(named name: String) -> Entity? { entities.first { $0.typeName == name } }
    public func enumeration(named name: String) -> Enumeration? { enums.first { $0.typeName == name } }

    /// One intent: what `struct X: AppIntent` declares.
    public struct Intent: Hashable, Sendable {
        public var typeName: String
        public var title: String
        public var opensApp: Bool
        /// The legacy `INIntent` class (or activity type name) it replaces, when known.
        public var intentClassName: String?
        /// In file order.
        public var parameters: [Parameter]

        public init(typeName: String, title: String, opensApp: Bool = false, intentClassName: String? = nil, parameters: [Parameter] = []) {
            self.typeName = typeName
            self.title = title
            self.opensApp = opensApp
            self.intentClassName = intentClassName
            self.parameters = parameters
        }

        public func parameter(named name: String) -> Parameter? { parameters.first { $0.name == name } }
    }

    /// One `@Parameter`.
    public struct Parameter: Hashable, Sendable {
        public var name: String
        /// `string`, `integer`, `number`, `bool`, `date`, `url`, `file`, `measurement.<dimension>`,
        /// or an entity or enum type name (see ``ParameterType``).
        public var type: String
        public var optional: Bool
        /// Clamping bounds, for measurements (and numbers).
        public var minimum: Double?
        public var maximum: Double?

        public init(name: String, type: String, optional: Bool = false, minimum: Double? = nil, maximum: Double? = nil) {
            self.name = name
            self.type = type
            self.optional = optional
            self.minimum = minimum
            self.maximum = maximum
        }
    }

    /// One `AppEntity` type.
    public struct Entity: Hashable, Sendable {
        public var typeName: String
        /// `typeDisplayRepresentation`.
        public var displayName: String

        public init(typeName: String, displayName: String) {
            self.typeName = typeName
            self.displayName = displayName
        }
    }

    /// One `AppEnum`: its case identifiers.
    public struct Enumeration: Hashable, Sendable {
        public var typeName: String
        public var cases: [String]

        public init(typeName: String, cases: [String]) {
            self.typeName = typeName
            self.cases = cases
        }
    }

    /// One App Shortcut, its phrases in the `${name}` form of `AppShortcuts.strings`.
    public struct Shortcut: Hashable, Sendable {
        public var intent: String
        public var phrases: [String]
        public var shortTitle: String
        /// Not in `app-model.md`'s example: optional here. When absent the model does not say, and
        /// Apple's rule that a shortcut has an image is not checked.
        public var systemImageName: String?

        public init(intent: String, phrases: [String], shortTitle: String, systemImageName: String? = nil) {
            self.intent = intent
            self.phrases = phrases
            self.shortTitle = shortTitle
            self.systemImageName = systemImageName
        }
    }
}

extension AppModel {
    /// What a parameter's `type` names.
    public enum ParameterType: Hashable, Sendable {
        case string, integer, number, bool, date, url, file
        /// `measurement.length` → `length`.
        case measurement(dimension: String)
        case entity(String)
        case enumeration(String)

        /// The built-in names (an entity or enum type takes any other name the model declares).
        public static let builtInNames = ["string", "integer", "number", "bool", "date", "url", "file"]
        public static let measurementPrefix = "measurement."

        /// The type `name` stands for in `model`, or nil when it names nothing.
        public init?(_ name: String, in model: AppModel) {
            switch name {
            case "string": self = .string
            case "integer": self = .integer
            case "number": self = .number
            case "bool": self = .bool
            case "date": self = .date
            case "url": self = .url
            case "file": self = .file
            default:
                if name.hasPrefix(Self.measurementPrefix), name.count > Self.measurementPrefix.count {
                    self = .measurement(dimension: String(name.dropFirst(Self.measurementPrefix.count)))
                } else if model.entity(named: name) != nil {
                    self = .entity(name)
                } else if model.enumeration(named: name) != nil {
                    self = .enumeration(name)
                } else {
                    return nil
                }
            }
        }
    }
}
