public import IntentKit
public import PropertyList

/// Turns a legacy activity's userInfo into intent parameter values by a manifest entry's
/// bindings: the shared first half of the continuation bridge and the donation migrator.
///
/// Each binding yields the canonical value of what it reads (see ``UserInfoRead`` and
/// ``UserInfoValueType``) or its constant. A required key that is absent, a path into a value
/// that cannot hold it, data that does not decode, or a value that is not of the binding's type
/// stops the conversion with a ``ActivityConversionFailure`` naming the key path.
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
    /// - Throws: ``ActivityConversionFailure/missingKeys(_:)`` listing every required key path that
    ///   is absent, else the first other failure: a wrong shape, undecodable data, or a value of
    ///   the wrong type (``ActivityConversionFailure/unconvertible(key:type:)``).
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
            case let .userInfo(read):
                let raw: PropertyListValue?
                do {
                    raw = try read.rawValue(in: userInfo)
                } catch {
                    if firstFailure == nil { firstFailure = error }
                    continue
                }
                guard let raw else {
                    if !read.optional, !missing.contains(read.description) { missing.append(read.description) }
                    continue
                }
                let type = read.type ?? declaredType(of: read, in: mapping) ?? UserInfoValueType.inferred(for: parameter.kind)
                guard let value = type.convert(raw) else {
                    if firstFailure == nil { firstFailure = .unconvertible(key: read.description, type: type) }
                    continue
                }
                values.append(BoundValue(parameter: parameter, value: value))
            }
        }
        if !missing.isEmpty { throw .missingKeys(missing) }
        if let firstFailure { throw firstFailure }
        return values
    }

    /// The type the userInfo shape declares where `read` ends; nil inside decoded data (its
    /// contents are not declared) and where the shape does not say.
    private static func declaredType(of read: UserInfoRead, in mapping: ActivityMapping) -> UserInfoValueType? {
        guard read.decoding == nil, case let .shape(shape)? = mapping.declaredShape(at: read.path) else { return nil }
        return shape.type
    }

    /// The identifier string an entity parameter's canonical value names (a string, or an
    /// integer written out); nil for other values.
    public static func entityIdentifier(_ value: PropertyListValue) -> String? {
        value.stringValue ?? value.integerValue?.description
    }
}

/// Why a legacy activity could not become its mapped intent. Keys are key paths as the manifest
/// writes them (`pin.outline`), with `→ json → kind.key` for a path inside decoded data.
public enum ActivityConversionFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Key paths a required binding reads are absent from userInfo.
    case missingKeys([String])
    /// A userInfo value is not of the binding's type.
    case unconvertible(key: String, type: UserInfoValueType)
    /// The path goes into a value that cannot hold it (a key into a string, an index into a
    /// dictionary), or `decode` meets a value that is not data.
    case wrongShape(path: String, reason: String)
    /// Data that `decode` cannot read as its format.
    case undecodable(path: String, format: String, reason: String)
    /// An entity parameter's identifier resolves to nothing (`entities(for:)` left it out).
    case entityNotFound(parameter: String, entityType: String, identifier: String)
    /// The intent refused a value, or an entity query failed.
    case rejected(String)

    public var description: String {
        switch self {
        case let .missingKeys(keys): "userInfo lacks \(keys.map { "'\($0)'" }.joined(separator: ", "))"
        case let .unconvertible(key, type): "userInfo '\(key)' is not a valid \(type.rawValue)"
        case let .wrongShape(path, reason): "userInfo '\(path)': \(reason)"
        case let .undecodable(path, format, reason): "userInfo '\(path)' is not valid \(format == "json" ? "JSON" : "property-list") data: \(reason)"
        case let .entityNotFound(parameter, entityType, identifier): "parameter '\(parameter)': no \(entityType) '\(identifier)'"
        case let .rejected(reason): reason
        }
    }
}
