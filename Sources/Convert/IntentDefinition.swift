import Foundation
import Audit
import Diagnostics
import PropertyList

/// What a SiriKit `.intentdefinition` file (an XML property list written by Xcode's intent editor) defines, read
/// whole for conversion: its custom intents with their parameters, parameter combinations and strings, its enums
/// (`INEnums`) and its custom types (`INTypes`). The audit's own reader keeps only class names; this one keeps
/// everything an App Intent needs to stay compatible with what users saved (parameter names, enum case names,
/// type names, localization keys).
package struct IntentDefinition: Hashable, Sendable {
    /// A user-facing string with its localization key: `INIntentTitle` + `INIntentTitleID`. Xcode writes the
    /// translations to `<lang>.lproj/<definition name>.strings` under that key.
    package struct LocalizedText: Hashable, Sendable {
        package var text: String
        package var key: String?

        package init(_ text: String, key: String? = nil) {
            self.text = text
            self.key = key
        }
    }

    package struct Parameter: Hashable, Sendable {
        /// `INIntentParameterName`: the name saved shortcuts refer to the value by.
        package var name: String
        package var displayName: LocalizedText
        /// `INIntentParameterType`: `String`, `Boolean`, `Integer`, `Decimal`, `URL`, `Date`, `DateComponents`,
        /// `Placemark`, `File`, `Person`, `Duration`, `Object`, ….
        package var type: String
        /// `INIntentParameterSupportsMultipleValues`.
        package var isArray: Bool
        /// `INIntentParameterObjectType` with its namespace: a custom type of this file, or a system one (`System`).
        package var objectType: String?
        package var objectTypeIsSystem: Bool
        /// `INIntentParameterEnumType`.
        package var enumType: String?
        /// `INIntentParameterDisplayPriority`, the order the editor shows parameters in.
        package var displayPriority: Int
        /// Set when the parameter comes from another definition of the same class (an older copy): the legacy
        /// class the target builds has no such property.
        package var onlyIn: String? = nil
    }

    /// `INIntentParameterCombinations` / `INIntentManagedParameterCombinations` entry: the parameters it names
    /// (its key, comma-separated) and its title with `${parameter}` placeholders.
    package struct ParameterCombination: Hashable, Sendable {
        package var parameters: [String]
        package var title: LocalizedText
        package var isPrimary: Bool
    }

    package struct Intent: Hashable, Sendable {
        /// `INIntentName` (`OrderSoup`).
        package var name: String
        /// `INIntentClassPrefix` + name + `Intent`: the class `intentClassName` must name.
        package var className: String
        package var title: LocalizedText
        package var description: LocalizedText?
        package var parameters: [Parameter]
        package var combinations: [ParameterCombination]
        /// `INIntentEligibleForWidgets`.
        package var configuresWidgets: Bool
        /// Not `INIntentIneligibleForSuggestions`: users can add it to Siri and Shortcuts.
        package var isShortcut: Bool
        /// The 1-based line of its `INIntentName` value in the file.
        package var line: Int
    }

    package struct EnumCase: Hashable, Sendable {
        /// `INEnumValueName`: the identifier a saved value refers to.
        package var name: String
        package var displayName: LocalizedText
        /// `INEnumValueIndex` (absent for the first, `unknown`, which SiriKit always generates as 0).
        package var index: Int
    }

    package struct Enumeration: Hashable, Sendable {
        package var name: String
        package var displayName: LocalizedText
        package var cases: [EnumCase]
    }

    package struct TypeProperty: Hashable, Sendable {
        package var name: String
        package var displayName: LocalizedText?
        package var type: String
        package var isArray: Bool
        package var objectType: String?
        package var enumType: String?
        /// `INTypePropertyDefault`: one of the properties every INObject has (identifier, displayString, …).
        package var isBuiltIn: Bool
    }

    package struct CustomType: Hashable, Sendable {
        package var name: String
        package var displayName: LocalizedText
        package var properties: [TypeProperty]
    }

    /// The path of the file (as the audit shows it, relative to the repository).
    package var path: String
    /// The strings table its localizations live in: the file's name without `.intentdefinition`.
    package var stringsTable: String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }
    package var intents: [Intent] = []
    package var enumerations: [Enumeration] = []
    package var customTypes: [CustomType] = []

    package init(path: String, intents: [Intent] = [], enumerations: [Enumeration] = [], customTypes: [CustomType] = []) {
        self.path = path
        self.intents = intents
        self.enumerations = enumerations
        self.customTypes = customTypes
    }

    package struct ReadError: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// Reads the file's data. Intents that customise a system intent (`INIntentCategory` `system`, or an
    /// `INIntentClassName` naming another class) are left out, as the audit leaves them out: they are no custom intent.
    package static func read(_ data: Data, path: String) throws(ReadError) -> IntentDefinition {
        let document: PropertyListDocument
        do {
            document = try PropertyListReader(options: .init(recordLocations: true)).read(data, file: path)
        } catch {
            throw ReadError(description: "cannot read '\(path)': \(error.diagnostics.last?.message ?? "not a property list")")
        }
        let root = document.root
        var definition = IntentDefinition(path: path)
        let localNamespace = root["INIntentDefinitionNamespace"]?.stringValue
        for (index, intent) in (root["INIntents"]?.arrayValue ?? []).enumerated() {
            // The audit's rule: an entry that customises a system intent is no custom intent.
            guard let named = IntentDefinitionClass(intent, in: root), named.customisedSystemClass == nil else { continue }
            let (name, className) = (named.name, named.className)
            let at = PropertyListPath([.key("INIntents"), .index(index), .key("INIntentName")])
            let parameters = (intent["INIntentParameters"]?.arrayValue ?? []).compactMap { parameter -> Parameter? in
                guard let name = parameter["INIntentParameterName"]?.stringValue, !name.isEmpty else { return nil }
                let namespace = parameter["INIntentParameterObjectTypeNamespace"]?.stringValue
                return Parameter(
                    name: name,
                    displayName: text(parameter, "INIntentParameterDisplayName") ?? LocalizedText(name),
                    type: parameter["INIntentParameterType"]?.stringValue ?? "String",
                    isArray: parameter["INIntentParameterSupportsMultipleValues"]?.boolValue ?? false,
                    objectType: parameter["INIntentParameterObjectType"]?.stringValue,
                    objectTypeIsSystem: namespace == "System" || (namespace == nil && localNamespace == nil),
                    enumType: parameter["INIntentParameterEnumType"]?.stringValue,
                    displayPriority: parameter["INIntentParameterDisplayPriority"]?.intValue ?? Int.max)
            }
            // The combinations users see: Xcode writes `Managed` ones for configurable intents; either is the list.
            var combinations: [ParameterCombination] = []
            for key in ["INIntentParameterCombinations", "INIntentManagedParameterCombinations"] {
                guard let entries = intent[key]?.dictionaryValue else { continue }
                for combinationKey in entries.keys {
                    guard let entry = entries[combinationKey], let title = text(entry, "INIntentParameterCombinationTitle") else { continue }
                    let names = combinationKey.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    if combinations.contains(where: { $0.parameters == names }) { continue }
                    combinations.append(ParameterCombination(
                        parameters: names, title: title, isPrimary: entry["INIntentParameterCombinationIsPrimary"]?.boolValue ?? false))
                }
            }
            definition.intents.append(Intent(
                name: name, className: className,
                title: text(intent, "INIntentTitle") ?? LocalizedText(name),
                description: text(intent, "INIntentDescription"),
                parameters: parameters, combinations: combinations,
                configuresWidgets: intent["INIntentEligibleForWidgets"]?.boolValue ?? false,
                isShortcut: !(intent["INIntentIneligibleForSuggestions"]?.boolValue ?? false),
                line: document.locations?.value(at: at)?.line ?? 1))
        }
        for enumeration in root["INEnums"]?.arrayValue ?? [] {
            guard let name = enumeration["INEnumName"]?.stringValue, !name.isEmpty else { continue }
            let cases = (enumeration["INEnumValues"]?.arrayValue ?? []).enumerated().compactMap { position, value -> EnumCase? in
                guard let caseName = value["INEnumValueName"]?.stringValue, !caseName.isEmpty else { return nil }
                return EnumCase(name: caseName, displayName: text(value, "INEnumValueDisplayName") ?? LocalizedText(caseName),
                                index: value["INEnumValueIndex"]?.intValue ?? position)
            }
            definition.enumerations.append(Enumeration(
                name: name, displayName: text(enumeration, "INEnumDisplayName") ?? LocalizedText(name), cases: cases))
        }
        for type in root["INTypes"]?.arrayValue ?? [] {
            guard let name = type["INTypeName"]?.stringValue, !name.isEmpty else { continue }
            let properties = (type["INTypeProperties"]?.arrayValue ?? []).compactMap { property -> TypeProperty? in
                guard let propertyName = property["INTypePropertyName"]?.stringValue, !propertyName.isEmpty else { return nil }
                return TypeProperty(
                    name: propertyName, displayName: text(property, "INTypePropertyDisplayName"),
                    type: property["INTypePropertyType"]?.stringValue ?? "String",
                    isArray: property["INTypePropertySupportsMultipleValues"]?.boolValue ?? false,
                    objectType: property["INTypePropertyObjectType"]?.stringValue,
                    enumType: property["INTypePropertyEnumType"]?.stringValue,
                    isBuiltIn: property["INTypePropertyDefault"]?.boolValue ?? false)
            }
            definition.customTypes.append(CustomType(
                name: name, displayName: text(type, "INTypeDisplayName") ?? LocalizedText(name), properties: properties))
        }
        return definition
    }

    /// `KEY` with its `KEYID` localization key.
    private static func text(_ value: PropertyListValue, _ key: String) -> LocalizedText? {
        guard let text = value[key]?.stringValue else { return nil }
        let id = value[key + "ID"]?.stringValue
        return LocalizedText(text, key: id?.isEmpty == false ? id : nil)
    }
}
