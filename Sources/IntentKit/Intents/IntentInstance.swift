public import PropertyList

/// A configured intent: a type name and resolved parameter values. What `perform` receives, what
/// is donated, what the bridge builds from an activity. Pure data.
public struct IntentInstance: Hashable, Sendable, CustomStringConvertible {
    public var typeName: String
    /// Values by parameter name; parameters left empty (optional ones) are absent.
    public var values: [String: IntentValue]
    /// Parameter names in declaration order, for stable output.
    public var parameterOrder: [String]

    public init(typeName: String, values: [String: IntentValue], parameterOrder: [String]? = nil) {
        self.typeName = typeName
        self.values = values
        self.parameterOrder = parameterOrder ?? values.keys.sorted()
    }

    public subscript(name: String) -> IntentValue? { values[name] }

    /// The typed entity of an entity parameter; nil when empty or of another type.
    public func entity<Entity: AppEntity>(_ name: String, as type: Entity.Type) -> Entity? {
        values[name]?.entityValue?.base(as: type)
    }

    public func entity(_ name: String) -> AnyAppEntity? { values[name]?.entityValue }

    /// An integer, decimal or measurement parameter as a number.
    public func double(_ name: String) -> Double? { values[name]?.doubleValue }

    public func integer(_ name: String) -> Int? {
        if case let .integer(value)? = values[name] { return value }
        return nil
    }

    public func string(_ name: String) -> String? {
        if case let .string(value)? = values[name] { return value }
        return nil
    }

    public func boolean(_ name: String) -> Bool? {
        if case let .boolean(value)? = values[name] { return value }
        return nil
    }

    /// The identifier of an enum parameter's case.
    public func enumCase(_ name: String) -> String? {
        if case let .enumCase(value)? = values[name] { return value.identifier }
        return nil
    }

    /// The stored form of the values, in declaration order: entities and enum cases by
    /// identifier, numbers as numbers. ``IntentRegistry/request(_:parameters:)`` reads it back.
    public var parameters: PropertyListDictionary {
        PropertyListDictionary(parameterOrder.compactMap { name in values[name].map { (name, $0.propertyListValue) } })
    }

    /// `GenerateRoutesIntent(distance: 5 km)`.
    public var description: String {
        let list = parameterOrder.compactMap { name in values[name].map { "\(name): \($0.displayText)" } }
        return "\(typeName)(\(list.joined(separator: ", ")))"
    }
}

/// An intent someone asked for, possibly still missing values: the input of
/// ``IntentRegistry/resolve(_:)``.
public struct IntentRequest: Hashable, Sendable {
    public var typeName: String
    public var values: [String: IntentValue]

    public init(typeName: String, values: [String: IntentValue] = [:]) {
        self.typeName = typeName
        self.values = values
    }

    /// A copy with one more value.
    public func setting(_ name: String, to value: IntentValue) -> IntentRequest {
        var copy = self
        copy.values[name] = value
        return copy
    }
}

/// One answer the user may pick ("Which one?"): its title and the request it leads to.
public struct IntentCandidate: Hashable, Sendable {
    public var title: String
    public var request: IntentRequest

    public init(title: String, request: IntentRequest) {
        self.title = title
        self.request = request
    }
}

extension Array where Element == IntentCandidate {
    /// The candidate whose title equals `title`, ignoring case and diacritics; nil when none or
    /// several do (a repeated title cannot be told apart by name).
    public func candidate(named title: String) -> IntentCandidate? {
        let matches = filter { TextFolding.equals($0.title, title) }
        return matches.count == 1 ? matches.first : nil
    }

    public var titles: [String] { map(\.title) }
}

/// A required parameter has no value: the system asks, offering ``candidates`` (suggested
/// entities or enum cases; empty for other kinds) (R5.13).
public struct IntentValueRequest: Hashable, Sendable {
    public var request: IntentRequest
    public var parameterName: String
    public var parameterTitle: String
    public var candidates: [IntentCandidate]
}

/// How ``IntentRegistry/resolve(_:)`` ends.
public enum IntentResolution: Hashable, Sendable {
    case ready(IntentInstance)
    case needsValue(IntentValueRequest)
}

/// An intent that ran.
public struct PerformedIntent: Hashable, Sendable {
    public var intent: IntentInstance
    public var result: IntentResult
    /// The definition says running it opens the app.
    public var opensApp: Bool
}

/// How ``IntentRegistry/run(_:source:)`` ends.
public enum IntentRunOutcome: Hashable, Sendable {
    case performed(PerformedIntent)
    case needsValue(IntentValueRequest)
}
