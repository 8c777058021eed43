import ActivityBridge
import Foundation
import PropertyList
import ValueFlow

/// The bridge manifest of one target's converted activity types, so that a legacy continuation of each type is
/// routed into the App Intent it became (ActivityBridge's `BridgeContinuationRoute`), its userInfo keys bound to the
/// parameters of the same name. Written by the one manifest writer there is, `bridge init`'s
/// ``BridgeManifestDraft``: each intent's `intentClassName` is its activity type, which is how the draft matches.
enum ActivityBridgeManifest {
    /// `WalkMate` → `WalkMate-Bridge.plist` (the name `Plists/<App>-Bridge.plist` manifests have).
    static func fileName(target: String) -> String { SwiftCode.typeName(target) + "-Bridge.plist" }

    /// The manifest type of a parameter of `kind` (app-model.md's names; a String when not known).
    static func typeName(_ kind: UserInfoValueKind?) -> String {
        switch kind {
        case .string?, nil: "string"
        case .integer?: "integer"
        case .double?: "number"
        case .bool?: "bool"
        case .date?: "date"
        case .url?: "url"
        }
    }

    /// The file, marked on its second line (``GeneratedFileWriter/propertyListHeaderPrefix``).
    static func file(target: String, intents: [(type: String, intent: String, parameters: [ActivityIntentGenerator.Parameter])]) throws(PropertyListWriteError) -> GeneratedFile {
        let model = AppModel(name: target, activityTypes: intents.map(\.type), handledActivityTypes: intents.map(\.type), intents: intents.map { entry in
            AppModel.Intent(typeName: entry.intent, title: entry.type, opensApp: true, intentClassName: entry.type,
                            parameters: entry.parameters.map { AppModel.Parameter(name: $0.key, type: typeName($0.kind), optional: true) })
        })
        let data = try BridgeManifestDraft(model: model).xmlData()
        var text = String(decoding: data, as: UTF8.self)
        let marker = GeneratedFileWriter.propertyListHeaderPrefix
            + " for target \(target.replacingOccurrences(of: "--", with: "- -"))'s activity types; remove this line to keep your edits from being overwritten. -->\n"
        // The XML declaration stays first (the writer always writes one); the marker is the line after it.
        if let declarationEnd = text.range(of: "?>\n") { text.insert(contentsOf: marker, at: declarationEnd.upperBound) }
        return GeneratedFile(name: fileName(target: target), contents: text)
    }
}
