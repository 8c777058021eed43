import Foundation
import Diagnostics
import PropertyList

/// The custom intents of a SiriKit `.intentdefinition` file (an XML property list): each `INIntents`
/// entry is a custom intent, whose generated class is `INIntentClassPrefix` + `INIntentName` + `Intent` (`HS` +
/// `ExecuteLua` → `HSExecuteLuaIntent`: the Objective-C class name, which is the activity type iOS gives the
/// intent and what `intentClassName` must hold; Swift code may see the class without its prefix), unless it
/// customises a system intent such as `INPlayMediaIntent`: `INIntentCategory` `system` (with
/// `INIntentCustomizable`), or an `INIntentClassName` naming another class. Some Xcode versions write
/// `INIntentClassName` for custom intents too, as the generated name itself.
struct IntentDefinitionFile: Sendable {
    struct CustomIntent: Hashable, Sendable {
        /// The generated class name (`OrderSoupIntent`): what `intentClassName` and NSUserActivityTypes name.
        var className: String
        /// The `INIntentName` `<string>`.
        var location: SourceLocation
        /// `INIntentEligibleForWidgets`: the intent configures widgets.
        var configuresWidgets = false
        /// Not `INIntentIneligibleForSuggestions`: users can add it to Siri and Shortcuts.
        var isShortcut = true
    }

    var path: String
    var customIntents: [CustomIntent] = []
    /// The class name of each prefixed custom intent by the name Swift code sees it under (`ExecuteLuaIntent` →
    /// `HSExecuteLuaIntent`): a Swift cast names the class without its prefix.
    var classNamesBySwiftName: [String: String] = [:]
    /// Every class the file defines, custom or system (`INPlayMediaIntent`), for `activity-type-unused`.
    var classNames: Set<String> = []

    static func read(_ data: Data, path: String) -> Result<IntentDefinitionFile, Diagnostic> {
        let document: PropertyListDocument
        do {
            document = try PropertyListReader(options: .init(recordLocations: true)).read(data, file: path)
        } catch {
            let diagnostic = error.diagnostics.last
            return .failure(Diagnostic(.auditFileUnreadable, diagnostic?.message ?? "cannot read the intent definition",
                                       at: diagnostic?.location ?? SourceLocation(file: path, line: 1, column: 1)))
        }
        var file = IntentDefinitionFile(path: path)
        for (index, intent) in (document.root["INIntents"]?.arrayValue ?? []).enumerated() {
            guard let named = IntentDefinitionClass(intent, in: document.root) else { continue }
            let (name, prefix, className) = (named.name, named.prefix, named.className)
            if let systemClass = named.customisedSystemClass {
                file.classNames.insert(systemClass)
                continue
            }
            let at = PropertyListPath([.key("INIntents"), .index(index), .key("INIntentName")])
            let location = document.locations?.value(at: at) ?? SourceLocation(file: path, line: 1, column: 1)
            file.customIntents.append(CustomIntent(
                className: className, location: location,
                configuresWidgets: intent["INIntentEligibleForWidgets"]?.boolValue ?? false,
                isShortcut: !(intent["INIntentIneligibleForSuggestions"]?.boolValue ?? false)))
            file.classNames.insert(className)
            if !prefix.isEmpty { file.classNamesBySwiftName[name + "Intent"] = className }
        }
        return .success(file)
    }
}

/// How one `INIntents` entry of an `.intentdefinition` names its class: the rule the audit and `convert` share.
package struct IntentDefinitionClass: Sendable {
    /// `INIntentName` (`ExecuteLua`).
    package var name: String
    /// `INIntentClassPrefix`, the intent's own or the file's (`HS`).
    package var prefix: String
    /// `prefix + name + "Intent"` (`HSExecuteLuaIntent`).
    package var className: String
    /// Set when the entry customises a system intent (`INIntentCategory` `system`, `INIntentCustomizable`, or an
    /// `INIntentClassName` naming another class): the class it customises. Such an entry is no custom intent.
    package var customisedSystemClass: String?

    /// Nil for an entry without an `INIntentName`.
    package init?(_ intent: PropertyListValue, in root: PropertyListValue) {
        guard let name = intent["INIntentName"]?.stringValue, !name.isEmpty else { return nil }
        self.name = name
        prefix = intent["INIntentClassPrefix"]?.stringValue ?? root["INIntentClassPrefix"]?.stringValue ?? ""
        className = prefix + name + "Intent"
        let writtenClass = intent["INIntentClassName"]?.stringValue ?? ""
        if intent["INIntentCategory"]?.stringValue == "system" || intent["INIntentCustomizable"]?.boolValue == true
            || (!writtenClass.isEmpty && writtenClass != className) {
            customisedSystemClass = writtenClass.isEmpty ? className : writtenClass
        }
    }
}
