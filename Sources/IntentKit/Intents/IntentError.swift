/// Why an intent could not be found, built, resolved or run. Each message names the intent and,
/// where it applies, the parameter and value.
public enum IntentError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownIntent(String)
    /// The intent exists but not on this platform (its `@available` is newer).
    case unavailable(typeName: String, requires: Platform, platform: Platform)
    case unknownEntityType(String)
    case unknownParameter(typeName: String, parameter: String)
    case invalidValue(typeName: String, parameter: String, expected: String, actual: String)
    /// No entity of the type has this identifier (nor, for text, this exact title).
    case entityNotFound(typeName: String, parameter: String, entityType: String, identifier: String)
    /// A title names several entities.
    case ambiguousEntity(typeName: String, parameter: String, matches: [String])
    /// A required parameter is empty where no one can be asked (e.g. when donating).
    case missingValue(typeName: String, parameter: String)
    case unsupportedQuery(typeName: String, capability: String)
    case duplicateRegistration(kind: String, name: String)
    case invalidDefinition(typeName: String, reason: String)
    /// `perform` threw; `reason` is its error's description.
    case performFailed(typeName: String, reason: String)

    public var description: String {
        switch self {
        case let .unknownIntent(name):
            "unknown intent '\(name)'"
        case let .unavailable(name, requires, platform):
            "intent '\(name)' needs \(requires) or later (running \(platform))"
        case let .unknownEntityType(name):
            "unknown entity type '\(name)'"
        case let .unknownParameter(name, parameter):
            "intent '\(name)' has no parameter '\(parameter)'"
        case let .invalidValue(name, parameter, expected, actual):
            "intent '\(name)' parameter '\(parameter)': expected \(expected), got \(actual)"
        case let .entityNotFound(name, parameter, entityType, identifier):
            "intent '\(name)' parameter '\(parameter)': no \(entityType) with identifier or title '\(identifier)'"
        case let .ambiguousEntity(name, parameter, matches):
            "intent '\(name)' parameter '\(parameter)': the title names \(matches.count) entities (\(matches.joined(separator: ", ")))"
        case let .missingValue(name, parameter):
            "intent '\(name)' parameter '\(parameter)' needs a value"
        case let .unsupportedQuery(name, capability):
            "the query of entity type '\(name)' does not support \(capability)"
        case let .duplicateRegistration(kind, name):
            "\(kind) '\(name)' is already registered"
        case let .invalidDefinition(name, reason):
            "intent '\(name)': \(reason)"
        case let .performFailed(name, reason):
            "intent '\(name)' failed: \(reason)"
        }
    }
}
