public import Foundation
public import PropertyList

/// Writes an app model back as an XML property list, its keys in `app-model.md`'s order; what
/// ``AppModelReader`` reads from it is the same model.
public struct AppModelWriter: Sendable {
    public init() {}

    /// The model as a property-list value: every key of the format, defaults written out.
    public func propertyList(_ model: AppModel) -> PropertyListValue {
        var root = PropertyListDictionary()
        root["formatVersion"] = .integer(PropertyListInteger(AppModel.formatVersion))
        root["name"] = .string(model.name)
        root["applicationName"] = .string(model.applicationName)
        root["applicationNameSynonyms"] = Self.strings(model.applicationNameSynonyms)
        root["activityTypes"] = Self.strings(model.activityTypes)
        root["coreSpotlightContinuation"] = .bool(model.coreSpotlightContinuation)
        root["handledActivityTypes"] = Self.strings(model.handledActivityTypes)
        root["intents"] = .dictionary(PropertyListDictionary(model.intents.map { ($0.typeName, Self.intent($0)) }))
        root["entities"] = .dictionary(PropertyListDictionary(model.entities.map { entity in
            (entity.typeName, .dictionary(["displayName": .string(entity.displayName)]))
        }))
        root["enums"] = .dictionary(PropertyListDictionary(model.enums.map { ($0.typeName, Self.strings($0.cases)) }))
        root["appShortcuts"] = .array(model.appShortcuts.map(Self.shortcut))
        if let source = model.source { root["source"] = .dictionary(source) }
        return .dictionary(root)
    }

    /// The model as an XML property list.
    public func data(_ model: AppModel) throws(PropertyListWriteError) -> Data {
        try PropertyListWriter(format: .xml).data(for: propertyList(model))
    }

    private static func intent(_ intent: AppModel.Intent) -> PropertyListValue {
        var dictionary: PropertyListDictionary = ["title": .string(intent.title), "opensApp": .bool(intent.opensApp)]
        if let className = intent.intentClassName { dictionary["intentClassName"] = .string(className) }
        dictionary["parameters"] = .dictionary(PropertyListDictionary(intent.parameters.map { parameter in
            var entry: PropertyListDictionary = ["type": .string(parameter.type), "optional": .bool(parameter.optional)]
            if let minimum = parameter.minimum { entry["minimum"] = number(minimum) }
            if let maximum = parameter.maximum { entry["maximum"] = number(maximum) }
            return (parameter.name, .dictionary(entry))
        }))
        return .dictionary(dictionary)
    }

    private static func shortcut(_ shortcut: AppModel.Shortcut) -> PropertyListValue {
        var dictionary: PropertyListDictionary = [
            "intent": .string(shortcut.intent), "phrases": strings(shortcut.phrases), "shortTitle": .string(shortcut.shortTitle),
        ]
        if let image = shortcut.systemImageName { dictionary["systemImageName"] = .string(image) }
        return .dictionary(dictionary)
    }

    private static func strings(_ strings: [String]) -> PropertyListValue { .array(strings.map { .string($0) }) }

    /// Whole numbers as `<integer>`, as a person writes them.
    private static func number(_ value: Double) -> PropertyListValue {
        if value == value.rounded(), abs(value) < 1e15 { return .integer(PropertyListInteger(Int64(value))) }
        return .real(value)
    }
}
