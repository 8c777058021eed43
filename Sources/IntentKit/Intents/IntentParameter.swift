/// Describes one parameter of an intent (what `@Parameter` declares): its name, title, kind,
/// whether it may stay empty, and a default.
///
/// Numbers with an inclusive range are clamped into it, whether given, defaulted or coerced
/// (Walk Mate's distance: 25 → 20, 1 → 3). Defaults are autoclosures, evaluated each time a
/// value is needed, so `default: settings.targetDistance` follows the app's current setting.
public struct IntentParameter {
    public enum Kind: Hashable, Sendable {
        /// An `AppEntity` of the named type; must be registered with the registry.
        case entity(typeName: String)
        case enumeration(IntentEnum)
        case integer(range: ClosedRange<Int>?)
        case decimal(range: ClosedRange<Double>?)
        case measurement(unit: String, range: ClosedRange<Double>?)
        case string
        case boolean
        /// A moment in time (`Date`).
        case date
        /// An absolute URL with a scheme (`URL`).
        case url
        /// A file, named by its `file:` URL (`IntentFile`).
        case file

        /// Whether App Shortcut phrases may use it as their parameter (R5.6).
        public var isPhraseParameter: Bool {
            switch self {
            case .entity, .enumeration: true
            default: false
            }
        }

        /// A short name for messages: `entity PlaceEntity`, `measurement (km)`.
        public var summary: String {
            switch self {
            case let .entity(typeName): "entity \(typeName)"
            case let .enumeration(enumeration): "enum \(enumeration.typeName)"
            case .integer: "integer"
            case .decimal: "decimal"
            case let .measurement(unit, _): "measurement (\(unit))"
            case .string: "string"
            case .boolean: "boolean"
            case .date: "date"
            case .url: "url"
            case .file: "file"
            }
        }
    }

    public var name: String
    public var title: String
    public var kind: Kind
    /// An optional parameter may stay empty; a required one without a value makes the system
    /// ask for it (`needsValue`, R5.13).
    public var isOptional: Bool
    private var defaultProvider: (() -> IntentValue?)?

    public init(name: String, title: String? = nil, kind: Kind, isOptional: Bool = false, default defaultValue: (() -> IntentValue?)? = nil) {
        self.name = name
        self.title = title ?? EntityProperty.derivedTitle(from: name)
        self.kind = kind
        self.isOptional = isOptional
        defaultProvider = defaultValue
    }

    /// The default, clamped like a given value; nil when there is none.
    public var defaultValue: IntentValue? {
        defaultProvider?().map(clamped)
    }

    /// `value` moved into the parameter's inclusive range when it is a number outside it.
    public func clamped(_ value: IntentValue) -> IntentValue {
        switch (kind, value) {
        case let (.integer(range?), .integer(number)):
            .integer(min(max(number, range.lowerBound), range.upperBound))
        case let (.decimal(range?), .decimal(number)):
            .decimal(Self.clamp(number, range))
        case let (.measurement(_, range?), .measurement(measurement)):
            .measurement(IntentMeasurement(Self.clamp(measurement.value, range), unit: measurement.unit))
        default:
            value
        }
    }

    private static func clamp(_ number: Double, _ range: ClosedRange<Double>) -> Double {
        number.isNaN ? range.lowerBound : min(max(number, range.lowerBound), range.upperBound)
    }
}

extension IntentParameter {
    /// A parameter holding an entity of `type`.
    public static func entity<Entity: AppEntity>(_ name: String, title: String? = nil, _ type: Entity.Type, optional: Bool = false) -> IntentParameter {
        IntentParameter(name: name, title: title, kind: .entity(typeName: type.typeName), isOptional: optional)
    }

    /// A parameter holding an entity of the type registered as `typeName`.
    public static func entity(_ name: String, title: String? = nil, typeName: String, optional: Bool = false) -> IntentParameter {
        IntentParameter(name: name, title: title, kind: .entity(typeName: typeName), isOptional: optional)
    }

    /// A parameter holding a case of `enumeration`; `defaultCase` names a case identifier.
    public static func enumeration(_ name: String, title: String? = nil, _ enumeration: IntentEnum, optional: Bool = false, default defaultCase: String? = nil) -> IntentParameter {
        let provider: (() -> IntentValue?)? = defaultCase.map { identifier in
            { enumeration.case(matching: identifier).map(IntentValue.enumCase) }
        }
        return IntentParameter(name: name, title: title, kind: .enumeration(enumeration), isOptional: optional, default: provider)
    }

    /// A whole number, clamped into `range` when given.
    public static func integer(_ name: String, title: String? = nil, range: ClosedRange<Int>? = nil, optional: Bool = false, default defaultValue: @autoclosure @escaping () -> Int? = nil) -> IntentParameter {
        IntentParameter(name: name, title: title, kind: .integer(range: range), isOptional: optional,
                        default: Self.provider(defaultValue, IntentValue.integer))
    }

    /// A number, clamped into `range` when given.
    public static func decimal(_ name: String, title: String? = nil, range: ClosedRange<Double>? = nil, optional: Bool = false, default defaultValue: @autoclosure @escaping () -> Double? = nil) -> IntentParameter {
        IntentParameter(name: name, title: title, kind: .decimal(range: range), isOptional: optional,
                        default: Self.provider(defaultValue, IntentValue.decimal))
    }

    /// A number in `unit` (e.g. `km`), clamped into `range` when given.
    public static func measurement(_ name: String, title: String? = nil, unit: String, range: ClosedRange<Double>? = nil, optional: Bool = false, default defaultValue: @autoclosure @escaping () -> Double? = nil) -> IntentParameter {
        IntentParameter(name: name, title: title, kind: .measurement(unit: unit, range: range), isOptional: optional,
                        default: Self.provider(defaultValue) { .measurement(IntentMeasurement($0, unit: unit)) })
    }

    /// Free text; phrases may not use it except as a search schema's `criteria`.
    public static func string(_ name: String, title: String? = nil, optional: Bool = false, default defaultValue: @autoclosure @escaping () -> String? = nil) -> IntentParameter {
        IntentParameter(name: name, title: title, kind: .string, isOptional: optional,
                        default: Self.provider(defaultValue, IntentValue.string))
    }

    public static func boolean(_ name: String, title: String? = nil, optional: Bool = false, default defaultValue: @autoclosure @escaping () -> Bool? = nil) -> IntentParameter {
        IntentParameter(name: name, title: title, kind: .boolean, isOptional: optional,
                        default: Self.provider(defaultValue, IntentValue.boolean))
    }

    /// Wraps an autoclosure default; it is evaluated on each use and may yield nil (no default).
    private static func provider<T>(_ value: @escaping () -> T?, _ wrap: @escaping (T) -> IntentValue) -> (() -> IntentValue?)? {
        { value().map(wrap) }
    }
}
