public import IntentKit
public import PropertyList

/// The second half of the continuation bridge: the canonical values of a target's bindings
/// become an `IntentRequest` the app's registry can run. Entity parameters are looked up
/// through their query's `entities(for:)` — the stored identifier, never a title — and other
/// kinds go through the registry's coercion, so numbers are clamped as the intent declares.
public enum BridgedIntentRequest {
    /// The request for `target` from `userInfo`.
    /// - Throws: ``ActivityConversionFailure``: a missing or unconvertible key, an entity that no
    ///   longer exists, or a value the intent refuses.
    public static func make(
        _ target: IntentTarget, in mapping: ActivityMapping, userInfo: PropertyListDictionary, registry: IntentRegistry
    ) throws(ActivityConversionFailure) -> IntentRequest {
        let definition: IntentDefinition
        do {
            definition = try registry.definition(named: target.intent)
        } catch {
            throw .rejected(error.description)
        }
        let bound = try ActivityConversion.boundValues(of: target, in: mapping, parameters: definition.parameters, userInfo: userInfo)
        var values: [String: IntentValue] = [:]
        for item in bound {
            values[item.parameter.name] = try value(item, intent: target.intent, registry: registry)
        }
        return IntentRequest(typeName: target.intent, values: values)
    }

    private static func value(_ item: ActivityConversion.BoundValue, intent: String, registry: IntentRegistry) throws(ActivityConversionFailure) -> IntentValue {
        if case let .entity(typeName) = item.parameter.kind {
            guard let identifier = ActivityConversion.entityIdentifier(item.value) else {
                throw .rejected("parameter '\(item.parameter.name)' needs an identifier, got <\(item.value.kindName)>")
            }
            let found: AnyAppEntity?
            do {
                found = try registry.entityType(named: typeName).entity(for: identifier)
            } catch {
                throw .rejected("looking up \(typeName) '\(identifier)' failed: \(error)")
            }
            guard let found else {
                throw .entityNotFound(parameter: item.parameter.name, entityType: typeName, identifier: identifier)
            }
            return .entity(found)
        }
        do {
            return try IntentValueCoercion(intent: intent, parameter: item.parameter, registry: registry).coerce(item.value)
        } catch {
            throw .rejected(String(describing: error))
        }
    }
}
