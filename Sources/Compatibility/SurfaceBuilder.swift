import Foundation
import Audit
import BuildSettings
import Diagnostics
import PropertyList
import XcodeProject

extension Surface {
    /// The surface of an audited revision: what ``AuditReport`` found for each app and extension target, plus
    /// the parameters of its custom intents, read from the `.intentdefinition` files under `root` (the folder
    /// the report's paths are relative to).
    package init(report: AuditReport, root: String) {
        var definitions = IntentDefinitionParameters(files: ProjectFiles(root: root))
        var targets: [Target] = []
        for project in report.projects {
            for reported in project.targets {
                var target = Target(name: reported.name, project: project.path, productType: reported.productType,
                                    bundleIdentifier: reported.bundleIdentifier)
                var types: [String: ActivityType] = [:]
                func add(_ entries: [AuditReport.ActivityTypeEntry], _ list: WritableKeyPath<ActivityType, [Place]>) {
                    for entry in entries {
                        let key = entry.resolved ?? entry.value
                        var type = types[key] ?? ActivityType(type: key, resolved: entry.resolved != nil)
                        type[keyPath: list].append(Place(entry.location))
                        types[key] = type
                    }
                }
                add(reported.declared, \.declared)
                add(reported.created, \.created)
                add(reported.handled, \.handled)
                target.activityTypes = Array(types.values)
                target.customIntents = reported.customIntents.map { intent in
                    CustomIntent(className: intent.name, place: Place(intent.location),
                                 parameters: definitions.parameters(of: intent.name, in: intent.location.file))
                }
                target.appIntents = reported.appIntents.map { intent in
                    AppIntent(name: intent.name, place: Place(intent.location),
                              intentClassName: intent.intentClassName ?? intent.intentClassNameWritten,
                              isDiscoverable: intent.isDiscoverable ?? true,
                              parameters: intent.parameters.map { Parameter(name: $0.name, type: $0.baseType, optional: $0.optional, place: Place($0.location)) })
                }
                target.appEnums = reported.appEnums.map { appEnum in
                    AppEnum(name: appEnum.name, place: Place(appEnum.location), cases: appEnum.cases.enumerated().map { index, name in
                        EnumCase(name: name, place: index < appEnum.caseLocations.count ? Place(appEnum.caseLocations[index]) : Place(appEnum.location))
                    })
                }
                target.appEntities = reported.appEntities.map { AppEntity(name: $0.name, place: Place($0.location), idType: $0.idType) }
                target.appShortcuts = reported.appShortcuts.map { shortcut in
                    AppShortcut(intent: shortcut.intent, place: Place(shortcut.location),
                                phrases: shortcut.phrases.map { Phrase(text: $0.text, place: Place($0.location)) })
                }
                targets.append(target)
            }
        }
        self.init(targets: targets)
        self = normalized()
    }
}

extension Surface.Place {
    init(_ location: SourceLocation) { self.init(file: location.file, line: max(1, location.line), column: max(1, location.column)) }
}

/// The `INIntentParameters` of each custom intent of the `.intentdefinition` files, read once per file.
struct IntentDefinitionParameters {
    let files: ProjectFiles
    private var read: [String: [String: [Surface.CustomIntentParameter]]] = [:]

    init(files: ProjectFiles) { self.files = files }

    mutating func parameters(of className: String, in file: String) -> [Surface.CustomIntentParameter] {
        if read[file] == nil { read[file] = Self.read(files, file) }
        return read[file]?[className] ?? []
    }

    static func read(_ files: ProjectFiles, _ file: String) -> [String: [Surface.CustomIntentParameter]] {
        guard let data = files.contents(of: file),
              let document = try? PropertyListReader(options: .init(recordLocations: true)).read(data, file: file) else { return [:] }
        var result: [String: [Surface.CustomIntentParameter]] = [:]
        for (index, intent) in (document.root["INIntents"]?.arrayValue ?? []).enumerated() {
            guard let name = intent["INIntentName"]?.stringValue, !name.isEmpty,
                  (intent["INIntentClassName"]?.stringValue ?? "").isEmpty else { continue }
            let prefix = intent["INIntentClassPrefix"]?.stringValue ?? document.root["INIntentClassPrefix"]?.stringValue ?? ""
            var parameters: [Surface.CustomIntentParameter] = []
            for (position, parameter) in (intent["INIntentParameters"]?.arrayValue ?? []).enumerated() {
                guard let parameterName = parameter["INIntentParameterName"]?.stringValue, !parameterName.isEmpty else { continue }
                var type = parameter["INIntentParameterType"]?.stringValue ?? "Object"
                if let custom = parameter["INIntentParameterEnumType"]?.stringValue ?? parameter["INIntentParameterObjectType"]?.stringValue,
                   !custom.isEmpty {
                    type += ":" + custom
                }
                let at = PropertyListPath([.key("INIntents"), .index(index), .key("INIntentParameters"), .index(position), .key("INIntentParameterName")])
                let location = document.locations?.value(at: at) ?? SourceLocation(file: file, line: 1, column: 1)
                parameters.append(Surface.CustomIntentParameter(
                    name: parameterName, type: type, array: parameter["INIntentParameterSupportsMultipleValues"]?.boolValue ?? false,
                    place: Surface.Place(location)))
            }
            result[prefix + name + "Intent"] = parameters
        }
        return result
    }
}
