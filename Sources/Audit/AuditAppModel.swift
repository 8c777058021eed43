import ActivityBridge
import ActivityKit
import Foundation
import Diagnostics
import IntentKit
import PropertyList

// `audit --emit-app-model` (audit.md): the app model of app-model.md, built from what the audit found.
//
// Why the conversion lives here, in Audit, and not in ActivityBridge or the CLI: it is made of the audit's
// findings (its report), and what the model cannot hold is itself a finding, an `app-model-emit-*` note at
// the Swift or plist place, suppressed (`--disable`, `// activity-bridge:ignore`) and rendered with the
// others. ActivityBridge owns the format (``AppModel``, its reader and writer) and knows nothing of audits:
// Audit depends on it, never the reverse. The CLI only writes the files.

extension AuditReport.Target {
    /// Whether the target is an app (`com.apple.product-type.application*`, a watch app included), not an
    /// extension: the targets an app model is written for.
    package var isApplication: Bool { productType.hasPrefix("com.apple.product-type.application") }

    /// The target's app model and the notes on what the audit could not put in it. Nothing is guessed: a
    /// parameter type without a model kind, a title or activity type the audit cannot follow, a phrase or
    /// shortcut the model cannot hold as written is left out (or a stated default used) and said in a note.
    /// The model loads clean with ActivityBridge's `AppModelReader`: Apple's App Shortcuts rules are checked with IntentKit,
    /// as the reader checks them, and whatever breaks one is left out with a note.
    /// - Parameter source: the model's `source` (`repository`, `project`, `target`, `configuration`).
    package func appModel(source: PropertyListDictionary) -> (model: AppModel, notes: [Diagnostic]) {
        var builder = AppModelBuilder(target: self)
        let model = builder.build(source: source)
        return (model, builder.notes)
    }
}

extension AuditReport.Target {
    /// The app model's type for a Swift parameter type (as written, without its optional marker), or why there is
    /// none: built-in kinds, `Measurement<UnitX>` as `measurement.x`, the model's entity and enum types.
    package static func modelParameterType(_ swiftType: String, in model: AppModel) -> Result<String, UnmappedParameterType> {
        let type = swiftType.trimmingCharacters(in: .whitespaces)
        if type.hasPrefix("[") || type.hasPrefix("Array<") || type.hasPrefix("Set<") {
            return .failure(UnmappedParameterType(reason: "a list; app models have no list parameters"))
        }
        if let open = type.firstIndex(of: "<"), type.hasSuffix(">") {
            let base = AppModelBuilder.modelName(String(type[..<open]))
            let argument = AppModelBuilder.modelName(String(type[type.index(after: open)..<type.index(before: type.endIndex)]))
            guard base == "Measurement" else { return .failure(UnmappedParameterType(reason: "a generic type the app model has no kind for")) }
            // Foundation's dimensions are `Unit` + the dimension: UnitLength → measurement.length.
            guard argument.hasPrefix("Unit"), argument.count > 4 else {
                return .failure(UnmappedParameterType(reason: "a measurement of '\(argument)', which is not one of Foundation's Unit… dimensions"))
            }
            let dimension = argument.dropFirst(4)
            return .success(AppModel.ParameterType.measurementPrefix + dimension.prefix(1).lowercased() + dimension.dropFirst())
        }
        let name = AppModelBuilder.modelName(type)
        if model.entity(named: name) != nil || model.enumeration(named: name) != nil { return .success(name) }
        switch name {
        case "String": return .success("string")
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": return .success("integer")
        case "Double", "Float", "CGFloat", "Decimal": return .success("number")
        case "Bool": return .success("bool")
        case "Date", "DateComponents": return .success("date")
        case "URL": return .success("url")
        case "IntentFile": return .success("file")
        default:
            return .failure(UnmappedParameterType(
                reason: "neither a built-in kind (string, integer, number, bool, date, url, file, measurement) nor an AppEntity or AppEnum of the target's code"))
        }
    }


}

/// Why a Swift parameter type has no app-model type.
package struct UnmappedParameterType: Error, Hashable, Sendable {
    package var reason: String
}

/// Builds one target's model, collecting the notes.
struct AppModelBuilder {
    let target: AuditReport.Target
    private(set) var notes: [Diagnostic] = []

    init(target: AuditReport.Target) { self.target = target }

    private mutating func note(_ rule: RuleDescription, _ message: String, at location: SourceLocation) {
        notes.append(Diagnostic(rule, message, at: location))
    }

    mutating func build(source: PropertyListDictionary) -> AppModel {
        var model = AppModel(name: target.name, applicationName: target.applicationName ?? target.name, source: source)
        model.applicationNameSynonyms = target.applicationNameSynonyms
        model.coreSpotlightContinuation = target.coreSpotlightContinuation
        model.activityTypes = declaredTypes()
        model.handledActivityTypes = handledTypes(declared: Set(model.activityTypes))
        (model.entities, model.enums) = types()
        model.intents = intents(in: model)
        model.appShortcuts = shortcuts(in: model)
        leaveOutWhatIntentKitRefuses(&model)
        return model
    }

    // MARK: Activity types

    private mutating func declaredTypes() -> [String] {
        var types: [String] = []
        for entry in target.declared {
            guard let type = entry.resolved, !type.isEmpty else {
                note(.appModelEmitUnresolved,
                     "the declared activity type '\(entry.value)' does not expand to a value: the app model's activityTypes leave it out",
                     at: entry.location)
                continue
            }
            if !types.contains(type) { types.append(type) }
        }
        return types
    }

    /// The handled types the system can deliver: declared ones and system types. A handled type the Info.plist
    /// does not declare is never delivered (an `activity-type-undeclared-in-code` error already says so), and a
    /// model listing it would not load clean.
    private mutating func handledTypes(declared: Set<String>) -> [String] {
        var types: [String] = []
        for entry in target.handled {
            guard let type = entry.resolved else {
                note(.appModelEmitUnresolved,
                     "the activity type handled here (\(entry.value)) cannot be followed to a string: the app model's handledActivityTypes may lack it",
                     at: entry.location)
                continue
            }
            guard declared.contains(type) || SystemActivityType(rawValue: type) != nil, !types.contains(type) else { continue }
            types.append(type)
        }
        return types
    }

    // MARK: Types and intents

    /// The type name the model uses: the last component of a qualified name (`Outer.ItemEntity` → `ItemEntity`).
    static func modelName(_ swiftName: String) -> String { ShortcutChecks.lastComponent(swiftName) }

    private mutating func types() -> ([AppModel.Entity], [AppModel.Enumeration]) {
        var entities: [AppModel.Entity] = []
        for entity in target.appEntities {
            let name = Self.modelName(entity.name)
            guard !entities.contains(where: { $0.typeName == name }) else {
                note(.appModelEmitLeftOut, "a second entity type named '\(name)' (\(entity.name)): the app model keeps the first", at: entity.location)
                continue
            }
            var displayName = name
            if let resolved = entity.displayName, !resolved.isEmpty {
                displayName = resolved
            } else {
                note(.appModelEmitUnresolved,
                     "entity '\(name)' has no typeDisplayRepresentation the audit can follow: the app model's displayName is the type name",
                     at: entity.location)
            }
            entities.append(AppModel.Entity(typeName: name, displayName: displayName))
        }
        var enums: [AppModel.Enumeration] = []
        for appEnum in target.appEnums {
            let name = Self.modelName(appEnum.name)
            guard !enums.contains(where: { $0.typeName == name }), !entities.contains(where: { $0.typeName == name }) else {
                note(.appModelEmitLeftOut, "a second entity or enum type named '\(name)' (\(appEnum.name)): the app model keeps the first",
                     at: appEnum.location)
                continue
            }
            var cases: [String] = []
            for name in appEnum.cases where !cases.contains(name) { cases.append(name) }
            // An enum of another module made an AppEnum here (`extension Other.State: AppEnum`): its cases are
            // not in the code read. An empty enum would say it has none.
            guard !cases.isEmpty else {
                note(.appModelEmitUnresolved,
                     "AppEnum '\(name)' (\(appEnum.name)): the audit found none of its cases (declared in code it does not read): the app model leaves it out",
                     at: appEnum.location)
                continue
            }
            enums.append(AppModel.Enumeration(typeName: name, cases: cases))
        }
        return (entities, enums)
    }

    private mutating func intents(in model: AppModel) -> [AppModel.Intent] {
        var intents: [AppModel.Intent] = []
        for found in target.appIntents {
            let name = Self.modelName(found.name)
            guard !intents.contains(where: { $0.typeName == name }) else {
                note(.appModelEmitLeftOut, "a second App Intent named '\(name)' (\(found.name)): the app model keeps the first", at: found.location)
                continue
            }
            var title = name
            if let resolved = found.title, !resolved.isEmpty {
                title = resolved
            } else {
                let why = found.titleWritten.map { "its title (\($0)) is not a string the audit can follow" } ?? "it has no static title"
                note(.appModelEmitUnresolved, "App Intent '\(name)': \(why); the app model's title is the type name", at: found.location)
            }
            var opensApp = false
            if let known = found.opensApp {
                opensApp = known
            } else {
                note(.appModelEmitUnresolved,
                     "App Intent '\(name)': whether it opens the app depends on the run (openAppWhenRun is not a Boolean literal, or supportedModes is neither .foreground nor .background); the app model says opensApp false",
                     at: found.location)
            }
            var intent = AppModel.Intent(typeName: name, title: title, opensApp: opensApp, intentClassName: found.intentClassName)
            if found.intentClassName == nil, let written = found.intentClassNameWritten {
                note(.appModelEmitUnresolved,
                     "App Intent '\(name)': its intentClassName (\(written)) is not a string the audit can follow; the app model has none, so no legacy type maps to it",
                     at: found.location)
            }
            for parameter in found.parameters {
                guard !intent.parameters.contains(where: { $0.name == parameter.name }) else { continue }
                switch AuditReport.Target.modelParameterType(parameter.baseType, in: model) {
                case let .success(type):
                    intent.parameters.append(AppModel.Parameter(name: parameter.name, type: type, optional: parameter.optional))
                case let .failure(unmapped):
                    note(.appModelEmitUnmappedType,
                         "parameter '\(parameter.name)' of App Intent '\(name)' is \(parameter.baseType): \(unmapped.reason); the app model leaves the parameter out",
                         at: parameter.location)
                }
            }
            intents.append(intent)
        }
        return intents
    }

    // MARK: App Shortcuts

    /// Where each kept phrase and shortcut is in Swift, for the notes of ``leaveOutWhatIntentKitRefuses(_:)``.
    private var shortcutLocations: [SourceLocation] = []
    private var phraseLocations: [[String: SourceLocation]] = []

    private mutating func shortcuts(in model: AppModel) -> [AppModel.Shortcut] {
        var shortcuts: [AppModel.Shortcut] = []
        for found in target.appShortcuts {
            let intentName = Self.modelName(found.intent)
            guard let intent = model.intent(named: intentName) else {
                note(.appModelEmitLeftOut,
                     "the App Shortcut of \(found.intent) is left out of the app model: the audit found no App Intent of that name in the target's code",
                     at: found.location)
                continue
            }
            var phrases: [String] = []
            var locations: [String: SourceLocation] = [:]
            for phrase in found.phrases {
                guard phrase.isLiteral else {
                    note(.appModelEmitUnresolved, "the phrase \(phrase.text) is not a string literal: the app model leaves it out", at: phrase.location)
                    continue
                }
                let template = ShortcutChecks.template(phrase.text)
                guard !phrases.contains(template) else { continue }
                phrases.append(template)
                locations[template] = phrase.location
            }
            var shortTitle = intent.title
            if let resolved = found.shortTitle, !resolved.isEmpty {
                shortTitle = resolved
            } else {
                let why = found.shortTitleWritten.map { "its shortTitle (\($0)) is not a string the audit can follow" } ?? "it has no shortTitle"
                note(.appModelEmitUnresolved, "the App Shortcut of \(intentName): \(why); the app model's shortTitle is the intent's title '\(intent.title)'",
                     at: found.location)
            }
            shortcuts.append(AppModel.Shortcut(intent: intentName, phrases: phrases, shortTitle: shortTitle,
                                               systemImageName: found.systemImageName.flatMap { $0.isEmpty ? nil : $0 }))
            shortcutLocations.append(found.location)
            phraseLocations.append(locations)
        }
        return shortcuts
    }

    /// Registers the model with IntentKit, as ``AppModelReader`` does, and leaves out each phrase (or shortcut)
    /// that breaks one of Apple's App Shortcuts rules, with a note naming it; the audit's own finding at the
    /// phrase says more. Repeats until IntentKit accepts the model: each round removes at least one element.
    private mutating func leaveOutWhatIntentKitRefuses(_ model: inout AppModel) {
        while !model.appShortcuts.isEmpty {
            let registry: IntentRegistry
            do {
                registry = try model.makeRegistry(entities: AppModelEntityStore())
            } catch {
                // Not expected: every parameter type is one of the model's. Said rather than hidden.
                let location = target.appIntents.first?.location ?? SourceLocation(file: target.infoPlist ?? "", line: 1, column: 1)
                note(.appModelEmitLeftOut, "IntentKit refuses the intents (\(error)): the app model has no App Shortcuts", at: location)
                model.appShortcuts = []
                return
            }
            let violations: [AppShortcutViolation]
            do {
                _ = try model.makeAppShortcuts(registry: registry)
                return
            } catch {
                violations = error.violations
            }
            let before = model.appShortcuts.map(\.phrases.count).reduce(model.appShortcuts.count, +)
            for violation in violations { leaveOut(violation, from: &model) }
            let after = model.appShortcuts.map(\.phrases.count).reduce(model.appShortcuts.count, +)
            if after == before {
                // A rule about the whole set (more than 1,000 phrases): the last shortcut goes, until it holds.
                removeShortcut(at: model.appShortcuts.count - 1, from: &model, because: violations.map(\.message).joined(separator: "; "))
            }
        }
    }

    private mutating func leaveOut(_ violation: AppShortcutViolation, from model: inout AppModel) {
        if violation.rule == .tooManyShortcuts {
            let limit = AppShortcutLimits.apple.maxShortcuts
            while model.appShortcuts.count > limit {
                removeShortcut(at: model.appShortcuts.count - 1, from: &model, because: violation.message)
            }
            return
        }
        // The shortcut the violation names (by IntentKit's label) that has the phrase it names.
        guard let label = violation.shortcut, let index = model.appShortcuts.firstIndex(where: { shortcut in
            AppShortcut(intent: shortcut.intent, phrases: [], shortTitle: shortcut.shortTitle, systemImageName: "").label == label
                && violation.phrase.map(shortcut.phrases.contains) ?? true
        }) else { return }
        if let phrase = violation.phrase, let phraseIndex = model.appShortcuts[index].phrases.firstIndex(of: phrase) {
            let location = phraseLocations[index][phrase] ?? shortcutLocations[index]
            note(.appModelEmitLeftOut,
                 "the phrase \"\(phrase)\" is left out of the app model: \(violation.message) [\(violation.rule.rawValue)]", at: location)
            model.appShortcuts[index].phrases.remove(at: phraseIndex)
        } else if violation.phrase == nil {
            removeShortcut(at: index, from: &model, because: violation.message)
        }
    }

    private mutating func removeShortcut(at index: Int, from model: inout AppModel, because reason: String) {
        guard model.appShortcuts.indices.contains(index) else { return }
        note(.appModelEmitLeftOut, "the App Shortcut of \(model.appShortcuts[index].intent) is left out of the app model: \(reason)",
             at: shortcutLocations[index])
        model.appShortcuts.remove(at: index)
        shortcutLocations.remove(at: index)
        phraseLocations.remove(at: index)
    }
}

extension AuditReport {
    /// One app model to write: `fileName` in the `--emit-app-model` folder.
    package struct AppModelFile: Sendable {
        package var fileName: String
        package var project: String
        package var model: AppModel
    }

    /// The app models built (``AuditOptions/buildsAppModels``), each with its file name: `<Target>.app.plist`,
    /// or `<Target> (<project path>).app.plist` when targets of two projects share a name. A `/` in a name
    /// becomes `_`, so every file is in the one folder.
    package var appModelFiles: [AppModelFile] {
        let built = projects.flatMap { project in project.targets.compactMap { target in target.appModel.map { (project.path, $0) } } }
        var count: [String: Int] = [:]
        for (_, model) in built { count[model.name, default: 0] += 1 }
        func safe(_ name: String) -> String {
            let replaced = name.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "\0", with: "_")
            return replaced.hasPrefix(".") ? "_" + replaced.dropFirst() : replaced
        }
        var used: Set<String> = []
        return built.map { project, model in
            let base = safe(count[model.name, default: 0] > 1 ? "\(model.name) (\(project))" : model.name)
            var fileName = base + ".app.plist"
            var number = 2
            while !used.insert(fileName).inserted {
                fileName = "\(base) \(number).app.plist"
                number += 1
            }
            return AppModelFile(fileName: fileName, project: project, model: model)
        }
    }
}
