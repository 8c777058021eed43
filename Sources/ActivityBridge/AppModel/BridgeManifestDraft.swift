public import Foundation
public import PropertyList

/// A first bridge manifest for an app model (`bridge init --app-model`, `app-model.md`): each
/// declared activity type whose name matches an intent's `intentClassName`, or the intent's own
/// name, maps to that intent; every other declared type is left unmapped for a person to decide.
///
/// Each parameter of a mapped intent reads the userInfo key of its own name (optional
/// parameters optionally), so the draft loads clean against the model: what the legacy code
/// actually puts in userInfo is for the person to check (`validate --manifest`).
public struct BridgeManifestDraft: Hashable, Sendable {
    public struct Mapping: Hashable, Sendable {
        public var activityType: String
        public var intent: AppModel.Intent
    }

    public var app: String
    public var mapped: [Mapping]
    /// Declared types no intent matches, in declaration order.
    public var unmapped: [String]

    public init(model: AppModel) {
        app = model.name
        var mapped: [Mapping] = []
        var unmapped: [String] = []
        for type in model.activityTypes {
            if let intent = Self.intent(for: type, in: model) {
                mapped.append(Mapping(activityType: type, intent: intent))
            } else {
                unmapped.append(type)
            }
        }
        self.mapped = mapped
        self.unmapped = unmapped
    }

    /// The intent `activityType` names: the whole type or its last dot-separated part equals an
    /// intent's `intentClassName`, else its type name. `intentClassName` wins over a type name.
    static func intent(for activityType: String, in model: AppModel) -> AppModel.Intent? {
        let names = Set([activityType, activityType.split(separator: ".").last.map(String.init) ?? activityType])
        return model.intents.first { $0.intentClassName.map(names.contains) ?? false }
            ?? model.intents.first { names.contains($0.typeName) }
    }

    /// The manifest as a property-list value (`formatVersion`, `app`, `activityTypes`).
    public var propertyList: PropertyListValue {
        let entries = mapped.map { mapping -> (String, PropertyListValue) in
            let bindings = mapping.intent.parameters.map { parameter -> (String, PropertyListValue) in
                parameter.optional
                    ? (parameter.name, .dictionary(["from": .string(parameter.name), "optional": .bool(true)]))
                    : (parameter.name, .string(parameter.name))
            }
            return (mapping.activityType, .dictionary([
                "intent": .string(mapping.intent.typeName), "parameters": .dictionary(PropertyListDictionary(bindings)),
            ]))
        }
        return .dictionary([
            "formatVersion": .integer(PropertyListInteger(BridgeManifest.formatVersion)),
            "app": .string(app),
            "activityTypes": .dictionary(PropertyListDictionary(entries)),
        ])
    }

    /// The manifest as an XML property list, with a comment naming each unmapped type.
    public func xmlData() throws(PropertyListWriteError) -> Data {
        let data = try PropertyListWriter(format: .xml).data(for: propertyList)
        guard !unmapped.isEmpty, var text = String(data: data, encoding: .utf8), let plist = text.range(of: "<plist") else { return data }
        let lines = unmapped.map { "     \(Self.commentSafe($0))" }.joined(separator: "\n")
        text.insert(contentsOf: "<!-- Declared but not mapped: no intent's intentClassName or name matches. Map each to an intent\n     or leave it to the legacy handler:\n\(lines) -->\n", at: plist.lowerBound)
        return Data(text.utf8)
    }

    /// `--` cannot appear inside an XML comment.
    private static func commentSafe(_ text: String) -> String { text.replacingOccurrences(of: "--", with: "- -") }
}
