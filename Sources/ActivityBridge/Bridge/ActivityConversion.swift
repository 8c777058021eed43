public import IntentKit
public import PropertyList

/// Turns a legacy activity's userInfo into intent parameter values by a manifest entry's
/// bindings: the shared first half of the continuation bridge and the donation migrator.
///
/// Each binding yields the canonical value of its userInfo key (see ``UserInfoValueType``) or
/// its constant. A required key that is absent, or a value that is not of the binding's type,
/// stops the conversion with a ``ActivityConversionFailure``.
public enum ActivityConversion {
    /// One bound parameter and its canonical value.
    public struct BoundValue {
        public var parameter: IntentParameter
        public var value: PropertyListValue
    }

    /// The canonical values of `target`'s bindings, in binding order; optional bindings whose
    /// key is absent are left out (the parameter's default applies).
    /// - Parameters:
    ///   - parameters: the intent's declared parameters (bindings to others are skipped: the
    ///     manifest checker reports them).
    ///   - userInfo: what the app would receive (for stored donations, the required keys only).
    /// - Throws: ``ActivityConversionFailure/missingKeys(_:)`` listing every required key that is
    ///   absent, else ``ActivityConversionFailure/unconvertible(key:type:)`` for the first value
    ///   of the wrong type.
    public static func boundValues(
        of target: IntentTarget, in mapping: ActivityMapping, parameters: [IntentParameter], userInfo: PropertyListDictionary
    ) throws(ActivityConversionFailure) -> [BoundValue] {
        var missing: [String] = []
        var values: [BoundValue] = []
        var firstFailure: ActivityConversionFailure?
        for binding in target.bindings {
            guard let parameter = parameters.first(where: { $0.name == binding.parameter }) else { continue }
            switch binding.source {
            case let .constant(value):
                values.append(BoundValue(parameter: parameter, value: value))
            case let .userInfo(key, explicitType, optional):
                guard let raw = userInfo[key] else {
                    if !optional, !missing.contains(key) { missing.append(key) }
                    continue
                }
                let type = explicitType ?? mapping.declaredType(of: key) ?? UserInfoValueType.inferred(for: parameter.kind)
                guard let value = type.convert(raw) else {
                    if firstFailure == nil { firstFailure = .unconvertible(key: key, type: type) }
                    continue
                }
                values.append(BoundValue(parameter: parameter, value: value))
            }
        }
        if !missing.isEmpty { throw .missingKeys(missing) }
        if let firstFailure { throw firstFailure }
        return values
    }

    /// The identifier string an entity parameter's canonical value names (a string, or an
    /// integer written out); nil for other values.
    public static func entityIdentifier(_ value: PropertyListValue) -> String? {
        value.stringValue ?? value.integerValue?.description
    }
}

/// Why a legacy activity could not become its mapped intent.
public enum ActivityConversionFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Keys a required binding reads are absent from userInfo.
    case missingKeys([String])
    /// A userInfo value is not of the binding's type.
    case unconvertible(key: String, type: UserInfoValueType)
    /// An entity parameter's identifier resolves to nothing (`entities(for:)` left it out).
    case entityNotFound(parameter: String, entityType: String, identifier: String)
    /// The intent refused a value, or an entity query failed.
    case rejected(String)

    public var description: String {
        switch self {
        case let .missingKeys(keys): "userInfo lacks \(keys.map { "'\($0)'" }.joined(separator: ", "))"
        case let .unconvertible(key, type): "userInfo '\(key)' is not a valid \(type.rawValue)"
        case let .entityNotFound(parameter, entityType, identifier): "parameter '\(parameter)': no \(entityType) '\(identifier)'"
        case let .rejected(reason): reason
        }
    }
}
