public import Diagnostics
public import Foundation
import ActivityKit
import IntentKit
public import PropertyList

/// The keys of an app model, in `app-model.md`'s order (the writer's order too).
enum AppModelKey {
    static let root = ["formatVersion", "name", "applicationName", "applicationNameSynonyms", "activityTypes",
                       "coreSpotlightContinuation", "handledActivityTypes", "intents", "entities", "enums",
                       "appShortcuts", "source"]
    static let intent = ["title", "opensApp", "intentClassName", "parameters"]
    static let parameter = ["type", "optional", "minimum", "maximum"]
    static let entity = ["displayName"]
    static let shortcut = ["intent", "phrases", "shortTitle", "systemImageName"]
}

/// What reading an app model found: the model when it has no errors, and every diagnostic.
public struct AppModelReading: Sendable {
    public var model: AppModel?
    public var diagnostics: [Diagnostic]
    /// Where the file's values are (nil when it is not a property list): what places later
    /// findings about the model, such as an unexpanded `$(…)` in a declared type during a replay.
    public var locations: PropertyListLocations?

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Why an app model could not be read at all.
public enum AppModelError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    /// The model was read and has errors (the diagnostics say which).
    case invalid(path: String, diagnostics: [Diagnostic])

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read app model '\(path)': \(reason)"
        case let .invalid(path, diagnostics):
            "app model '\(path)' has errors:\n" + diagnostics.map { "  \($0)" }.joined(separator: "\n")
        }
    }
}

/// Reads an app model (`app-model.md`) and checks it. Every mistake is a `Diagnostic` at the
/// element it is about: wrong kinds and missing keys, unknown keys (warnings), an unsupported
/// `formatVersion`, unknown parameter types, bad ranges; then Apple's App Shortcuts rules,
/// checked by IntentKit's own validator on the registry the model builds (phrases naming
/// unknown parameters, shortcuts naming unknown intents, a missing `${applicationName}`, …).
public struct AppModelReader: Sendable {
    public init() {}

    /// Reads the model at `path`; `displayPath` names it in diagnostics (default `path`).
    /// - Throws: ``AppModelError/unreadable(path:reason:)`` when the file cannot be read.
    public func read(contentsOf path: String, displayPath: String? = nil) throws(AppModelError) -> AppModelReading {
        let name = displayPath ?? path
        let data = try ManifestDocumentInput.contents(ofFile: path, displayPath: name, unreadable: AppModelError.unreadable)
        return read(data, file: name)
    }

    /// Reads a model from `data`; `file` names it in diagnostics.
    public func read(_ data: Data, file: String) -> AppModelReading {
        let (parsed, refusal) = ManifestDocumentInput.document(data, file: file)
        guard let document = parsed else { return AppModelReading(model: nil, diagnostics: refusal) }
        var context = ManifestParseContext(file: file, locations: document.locations, diagnostics: document.diagnostics)
        context.shapeRule = .appModelShape
        context.unknownKeyRule = .appModelUnknownKey
        var parser = AppModelParser(context: context)
        let model = parser.model(from: document.root)
        if let model, !parser.context.hasErrors { parser.checkWithIntentKit(model) }
        let diagnostics = parser.context.diagnostics
        let hasErrors = diagnostics.contains { $0.severity == .error }
        return AppModelReading(model: hasErrors ? nil : model, diagnostics: diagnostics, locations: document.locations)
    }
}

/// The reader's steps over one document.
struct AppModelParser {
    var context: ManifestParseContext

    private typealias Path = PropertyListPath

    mutating func model(from root: PropertyListValue) -> AppModel? {
        let rootPath = Path()
        guard let dictionary = context.dictionary(root, what: "an app model's root", at: rootPath) else { return nil }
        context.checkKeys(dictionary, allowed: AppModelKey.root, at: rootPath, in: "the app model")
        if let version = dictionary["formatVersion"], version.int64Value != Int64(AppModel.formatVersion) {
            context.report(.appModelFormatVersion,
                          "'formatVersion' must be <integer>\(AppModel.formatVersion)</integer> (the format this tool reads), found \(Self.describe(version))",
                          at: context.location(Path([.key("formatVersion")])))
        }
        guard let nameValue = dictionary["name"] else {
            context.report(.appModelShape, "an app model needs 'name' (the target name a replay script's 'app' gives)",
                          at: context.location(rootPath))
            return nil
        }
        guard let name = context.string(nameValue, what: "'name'", at: Path([.key("name")])) else { return nil }
        var model = AppModel(name: name)
        if let value = dictionary["applicationName"],
           let text = context.string(value, what: "'applicationName'", at: Path([.key("applicationName")])) {
            model.applicationName = text
        }
        model.applicationNameSynonyms = context.strings(dictionary, "applicationNameSynonyms", at: rootPath)
        model.activityTypes = context.strings(dictionary, "activityTypes", at: rootPath)
        model.coreSpotlightContinuation = context.bool(dictionary, "coreSpotlightContinuation", at: rootPath) ?? false
        model.handledActivityTypes = context.strings(dictionary, "handledActivityTypes", at: rootPath)
        // System types (a Spotlight item tap) need no declaration.
        for (index, type) in model.handledActivityTypes.enumerated()
        where !model.activityTypes.contains(type) && SystemActivityType(rawValue: type) == nil {
            context.report(.appModelHandledUndeclared,
                            "handled activity type '\(type)' is not in 'activityTypes': it is never delivered (undeclared)",
                            at: context.location(Path([.key("handledActivityTypes"), .index(index)])))
        }
        // Types first: parameters refer to them.
        model.entities = context.entries(dictionary, "entities", at: rootPath).compactMap { entity($0.0, $0.1, at: $0.2) }
        model.enums = context.entries(dictionary, "enums", at: rootPath).compactMap { enumeration($0.0, $0.1, at: $0.2) }
        for enumeration in model.enums where model.entity(named: enumeration.typeName) != nil {
            context.report(.appModelDuplicate, "'\(enumeration.typeName)' is both an entity and an enum type",
                          at: context.keyLocation(Path([.key("enums"), .key(enumeration.typeName)])))
        }
        model.intents = context.entries(dictionary, "intents", at: rootPath).compactMap { intent($0.0, $0.1, at: $0.2, in: model) }
        if let value = dictionary["appShortcuts"] {
            let path = Path([.key("appShortcuts")])
            if let array = context.array(value, what: "'appShortcuts'", at: path) {
                model.appShortcuts = array.enumerated().compactMap { shortcut($0.element, at: path.appending(.index($0.offset))) }
            }
        }
        if let value = dictionary["source"] {
            model.source = context.dictionary(value, what: "'source'", at: Path([.key("source")]))
        }
        return model
    }

    // MARK: Sections

    private mutating func entity(_ name: String, _ value: PropertyListValue, at path: Path) -> AppModel.Entity? {
        guard let dictionary = context.dictionary(value, what: "entity '\(name)'", at: path) else { return nil }
        context.checkKeys(dictionary, allowed: AppModelKey.entity, at: path, in: "entity '\(name)'")
        var displayName = name
        if let value = dictionary["displayName"],
           let text = context.string(value, what: "'displayName' of entity '\(name)'", at: path.appending(.key("displayName"))) {
            displayName = text
        }
        return AppModel.Entity(typeName: name, displayName: displayName)
    }

    private mutating func enumeration(_ name: String, _ value: PropertyListValue, at path: Path) -> AppModel.Enumeration? {
        guard let cases = context.array(value, what: "enum '\(name)'", at: path) else { return nil }
        var identifiers: [String] = []
        for (index, element) in cases.enumerated() {
            let casePath = path.appending(.index(index))
            guard let identifier = context.string(element, what: "a case of enum '\(name)'", at: casePath) else { continue }
            if identifiers.contains(identifier) {
                context.report(.appModelDuplicate, "enum '\(name)' lists case '\(identifier)' twice", at: context.location(casePath))
                continue
            }
            identifiers.append(identifier)
        }
        return AppModel.Enumeration(typeName: name, cases: identifiers)
    }

    private mutating func intent(_ name: String, _ value: PropertyListValue, at path: Path, in model: AppModel) -> AppModel.Intent? {
        guard let dictionary = context.dictionary(value, what: "intent '\(name)'", at: path) else { return nil }
        context.checkKeys(dictionary, allowed: AppModelKey.intent, at: path, in: "intent '\(name)'")
        guard let titleValue = dictionary["title"] else {
            context.report(.appModelShape, "intent '\(name)' needs a 'title'", at: context.location(path))
            return nil
        }
        guard let title = context.string(titleValue, what: "'title' of intent '\(name)'", at: path.appending(.key("title"))) else { return nil }
        var intent = AppModel.Intent(typeName: name, title: title)
        intent.opensApp = context.bool(dictionary, "opensApp", at: path) ?? false
        if let value = dictionary["intentClassName"] {
            intent.intentClassName = context.string(value, what: "'intentClassName' of intent '\(name)'", at: path.appending(.key("intentClassName")))
        }
        for (parameterName, parameterValue, parameterPath) in context.entries(dictionary, "parameters", at: path) {
            if let parameter = parameter(parameterName, parameterValue, at: parameterPath, of: name, in: model) {
                intent.parameters.append(parameter)
            }
        }
        return intent
    }

    private mutating func parameter(_ name: String, _ value: PropertyListValue, at path: Path, of intent: String, in model: AppModel) -> AppModel.Parameter? {
        let what = "parameter '\(name)' of intent '\(intent)'"
        guard let dictionary = context.dictionary(value, what: what, at: path) else { return nil }
        context.checkKeys(dictionary, allowed: AppModelKey.parameter, at: path, in: what)
        guard let typeValue = dictionary["type"] else {
            context.report(.appModelShape, "\(what) needs a 'type'", at: context.location(path))
            return nil
        }
        let typePath = path.appending(.key("type"))
        guard let type = context.string(typeValue, what: "the 'type' of \(what)", at: typePath) else { return nil }
        guard let parameterType = AppModel.ParameterType(type, in: model) else {
            let known = (AppModel.ParameterType.builtInNames + ["measurement.<dimension>"]
                + model.entities.map(\.typeName) + model.enums.map(\.typeName)).joined(separator: ", ")
            context.report(.appModelUnknownType, "\(what) has type '\(type)', which is not a built-in type nor an entity or enum of the model (known: \(known))",
                          at: context.location(typePath))
            return nil
        }
        var parameter = AppModel.Parameter(name: name, type: type, optional: context.bool(dictionary, "optional", at: path) ?? false)
        parameter.minimum = context.number(dictionary, "minimum", at: path)
        parameter.maximum = context.number(dictionary, "maximum", at: path)
        if parameter.minimum != nil || parameter.maximum != nil {
            let bounded: Bool = switch parameterType {
            case .measurement, .integer, .number: true
            default: false
            }
            let key = parameter.minimum != nil ? "minimum" : "maximum"
            if !bounded {
                context.report(.appModelRange, "\(what) is \(type): only measurements and numbers have a '\(key)'",
                              at: context.keyLocation(path.appending(.key(key))))
            } else if let low = parameter.minimum, let high = parameter.maximum, low > high {
                context.report(.appModelRange, "\(what) has 'minimum' \(Self.format(low)) above 'maximum' \(Self.format(high))",
                              at: context.location(path.appending(.key("minimum"))))
            }
        }
        return parameter
    }

    private mutating func shortcut(_ value: PropertyListValue, at path: Path) -> AppModel.Shortcut? {
        guard let dictionary = context.dictionary(value, what: "an App Shortcut", at: path) else { return nil }
        context.checkKeys(dictionary, allowed: AppModelKey.shortcut, at: path, in: "an App Shortcut")
        for key in ["intent", "phrases", "shortTitle"] where dictionary[key] == nil {
            context.report(.appModelShape, "an App Shortcut needs '\(key)'", at: context.location(path))
        }
        guard let intentValue = dictionary["intent"], let phrasesValue = dictionary["phrases"], let titleValue = dictionary["shortTitle"],
              let intent = context.string(intentValue, what: "an App Shortcut's 'intent'", at: path.appending(.key("intent"))),
              let phraseArray = context.array(phrasesValue, what: "an App Shortcut's 'phrases'", at: path.appending(.key("phrases")))
        else { return nil }
        guard let shortTitle = titleValue.stringValue else {
            context.wrongKind(titleValue, expected: "a <string>", what: "an App Shortcut's 'shortTitle'", at: path.appending(.key("shortTitle")))
            return nil
        }
        var phrases: [String] = []
        for (index, element) in phraseArray.enumerated() {
            if let phrase = context.string(element, what: "a phrase", at: path.appending(.key("phrases")).appending(.index(index))) {
                phrases.append(phrase)
            }
        }
        var shortcut = AppModel.Shortcut(intent: intent, phrases: phrases, shortTitle: shortTitle)
        if let image = dictionary["systemImageName"] {
            guard let name = image.stringValue else {
                context.wrongKind(image, expected: "a <string>", what: "an App Shortcut's 'systemImageName'", at: path.appending(.key("systemImageName")))
                return nil
            }
            shortcut.systemImageName = name
        }
        return shortcut
    }

    // MARK: IntentKit's rules

    /// Registers the model with IntentKit and turns what it refuses into located diagnostics:
    /// the App Shortcuts rules are IntentKit's, not repeated here.
    mutating func checkWithIntentKit(_ model: AppModel) {
        let registry: IntentRegistry
        do {
            registry = try model.makeRegistry(entities: AppModelEntityStore())
        } catch {
            // At the intent IntentKit names, when it names one of the model's.
            var path = Path([.key("intents")])
            if case let .invalidDefinition(typeName, _) = error, model.intent(named: typeName) != nil { path = path.appending(.key(typeName)) }
            context.report(.appModelInvalidIntent, "IntentKit refuses the model's intents: \(error)", at: context.keyLocation(path))
            return
        }
        do {
            _ = try model.makeAppShortcuts(registry: registry)
        } catch {
            for violation in error.violations {
                context.error(.appModel(violation.rule), violation.message, at: location(of: violation, in: model))
            }
        }
    }

    /// The element a violation is about: its phrase, else its shortcut, else `appShortcuts`.
    private func location(of violation: AppShortcutViolation, in model: AppModel) -> SourceLocation {
        let shortcuts = Path([.key("appShortcuts")])
        guard let label = violation.shortcut,
              let index = model.appShortcuts.firstIndex(where: { $0.intentKitShortcut.label == label }) else {
            return context.keyLocation(shortcuts)
        }
        let shortcut = shortcuts.appending(.index(index))
        if let phrase = violation.phrase, let phraseIndex = model.appShortcuts[index].phrases.firstIndex(of: phrase) {
            return context.location(shortcut.appending(.key("phrases")).appending(.index(phraseIndex)))
        }
        if violation.rule == .unknownIntent { return context.location(shortcut.appending(.key("intent"))) }
        return context.location(shortcut)
    }

    static func describe(_ value: PropertyListValue) -> String {
        if let number = value.int64Value { return "\(number)" }
        if let text = value.stringValue { return "<string>\(text)</string>" }
        return "<\(value.kindName)>"
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}
