import Diagnostics
import Foundation
import IntentKit
import SwiftFacts

/// The App Shortcuts rules on what a target's Swift code declares: IntentKit's ``AppShortcutsValidator`` (the
/// rules the registry applies at run time, written once) on the phrases found in Swift, its violations mapped
/// to audit rule ids at the phrase's place; then the rules only a whole app shows (providers, collisions,
/// localizations).
struct ShortcutChecks {
    let facts: SwiftTargetFacts
    let target: String

    /// `Open \(\.$target) in \(.applicationName)` → `Open ${target} in ${applicationName}`, the template form
    /// IntentKit and the `.strings` / `.xcstrings` keys use. Any other interpolation becomes `${expression}`,
    /// which IntentKit reports as malformed.
    static func template(_ written: String) -> String {
        var result = ""
        var rest = Substring(written)
        while let open = rest.range(of: "\\(") {
            result += rest[..<open.lowerBound]
            var depth = 1
            var index = open.upperBound
            while index < rest.endIndex, depth > 0 {
                if rest[index] == "(" { depth += 1 } else if rest[index] == ")" { depth -= 1 }
                if depth > 0 { index = rest.index(after: index) }
            }
            let inner = rest[open.upperBound..<index].trimmingCharacters(in: .whitespaces)
            if inner == ".applicationName" || inner == "\\.applicationName" {
                result += "${applicationName}"
            } else if inner.hasPrefix("\\.$") {
                result += "${\(inner.dropFirst(3))}"
            } else {
                result += "${\(inner)}"
            }
            rest = index < rest.endIndex ? rest[rest.index(after: index)...] : ""
        }
        return result + rest
    }

    /// The intents as IntentKit describes them: each `@Parameter`'s kind from its type. Types the target
    /// declares as `AppEntity` / `AppEnum` are entities and enums; Swift's plain value types are what they
    /// are; any other type (declared in a module not read) is given the benefit of the doubt as an entity.
    func intentDefinitions() -> [IntentDefinition] {
        let entities = Set(facts.appEntities.map { Self.lastComponent($0.name) })
        let enums = Dictionary(facts.appEnums.map { (Self.lastComponent($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        func kind(_ type: String) -> IntentParameter.Kind {
            let base = Self.lastComponent(type)
            if let appEnum = enums[base] {
                return .enumeration(IntentEnum(typeName: base, cases: appEnum.cases.map { IntentEnum.Case($0.name, DisplayRepresentation(title: $0.name)) }))
            }
            if entities.contains(base) { return .entity(typeName: base) }
            switch base {
            case "String", "AttributedString": return .string
            case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": return .integer(range: nil)
            case "Double", "Float", "CGFloat", "Decimal": return .decimal(range: nil)
            case "Bool": return .boolean
            default:
                if base.hasPrefix("Measurement<") { return .measurement(unit: String(base.dropFirst("Measurement<".count).dropLast()), range: nil) }
                return .entity(typeName: base)
            }
        }
        var definitions = facts.appIntents.map { intent in
            IntentDefinition(
                typeName: Self.lastComponent(intent.name), title: intent.title?.resolved ?? intent.name,
                parameters: intent.parameters.map { IntentParameter(name: $0.name, kind: kind($0.baseType), isOptional: $0.optional) }
            ) { _, _ in
                // Never run: the audit only checks declarations.
                IntentResult()
            }
        }
        // A shortcut of an intent not read here (another module): its phrases' parameters are taken as entities,
        // so only the rules that need no declaration apply.
        let known = Set(definitions.map(\.typeName))
        for shortcut in facts.appShortcuts where !known.contains(Self.lastComponent(shortcut.intent)) {
            let names = Set(shortcut.phrases.flatMap { AppShortcutPhrase(Self.template($0.text)).parameterNames })
            definitions.append(IntentDefinition(
                typeName: Self.lastComponent(shortcut.intent), title: shortcut.intent,
                parameters: names.sorted().map { IntentParameter(name: $0, kind: .entity(typeName: $0)) }
            ) { _, _ in IntentResult() })
        }
        return definitions
    }

    static func lastComponent(_ name: String) -> String {
        let trimmed = name.hasSuffix("?") ? String(name.dropLast()) : name
        return trimmed.split(separator: ".").last.map(String.init) ?? trimmed
    }

    static func rule(for violation: AppShortcutViolation.Rule) -> RuleDescription? {
        switch violation {
        case .missingApplicationName: .appShortcutMissingApplicationName
        case .repeatedApplicationName: .appShortcutRepeatedApplicationName
        case .multipleParameters: .appShortcutMultipleParameters
        case .unsupportedParameterType: .appShortcutParameterType
        case .unknownParameter: .appShortcutUnknownParameter
        case .malformedPhrase: .appShortcutPhraseMalformed
        case .tooManyShortcuts: .appShortcutsTooMany
        case .tooManyPhrases: .appShortcutsTooManyPhrases
        case .multipleProviders: .appShortcutsMultipleProviders
        // iOS 16's AppShortcut(intent:phrases:) has no short title or image; intents are always described.
        case .incompleteShortcut, .unknownIntent: nil
        }
    }

    func diagnostics() -> [Diagnostic] {
        guard !facts.appShortcuts.isEmpty || facts.shortcutsProviders.count > 1 else { return [] }
        var diagnostics: [Diagnostic] = []
        let literal = facts.appShortcuts.map { shortcut in
            (shortcut, shortcut.phrases.filter(\.isLiteral))
        }
        let shortcuts = literal.map { shortcut, phrases in
            AppShortcut(intent: Self.lastComponent(shortcut.intent), phrases: phrases.map { AppShortcutPhrase(Self.template($0.text)) },
                        shortTitle: shortcut.shortTitle?.resolved ?? "", systemImageName: shortcut.systemImageName?.resolved ?? "")
        }
        let violations = AppShortcutsValidator(definitions: intentDefinitions()).violations(of: shortcuts)
        for violation in violations {
            guard let rule = Self.rule(for: violation.rule) else { continue }
            // The phrase's place (the first phrase written so, in the shortcut the violation names), else the
            // shortcut's, else the first shortcut past the limit.
            var location: SourceLocation?
            for (index, shortcut) in shortcuts.enumerated() where violation.shortcut == shortcut.label {
                if let phrase = violation.phrase, let found = literal[index].1.first(where: { Self.template($0.text) == phrase }) {
                    location = found.position
                    break
                }
                if violation.phrase == nil { location = literal[index].0.position; break }
            }
            if violation.rule == .tooManyShortcuts, facts.appShortcuts.count > AppShortcutLimits.apple.maxShortcuts {
                location = facts.appShortcuts[AppShortcutLimits.apple.maxShortcuts].position
            }
            let position = location ?? facts.appShortcuts.first?.position ?? facts.shortcutsProviders[0].position
            let subject = violation.phrase.map { "phrase \"\($0)\": " } ?? ""
            diagnostics.append(Diagnostic(rule, subject + violation.message, at: position))
        }
        if facts.shortcutsProviders.count > 1 {
            let first = facts.shortcutsProviders[0]
            for provider in facts.shortcutsProviders.dropFirst() {
                diagnostics.append(Diagnostic(
                    .appShortcutsMultipleProviders,
                    "'\(provider.name)' is a second AppShortcutsProvider in target \(target); an app has one (the first is '\(first.name)')",
                    at: provider.position, notes: [Diagnostic.Note("the first provider", at: first.position)]))
            }
        }
        diagnostics += collisions()
        return diagnostics
    }

    /// Phrases equal once case, punctuation and parameter names are set aside, in two different shortcuts.
    private func collisions() -> [Diagnostic] {
        var first: [String: (shortcut: Int, phrase: ShortcutPhraseFact)] = [:]
        var diagnostics: [Diagnostic] = []
        for (index, shortcut) in facts.appShortcuts.enumerated() {
            let intent = facts.appIntents.first { Self.lastComponent($0.name) == Self.lastComponent(shortcut.intent) }
            let types = Dictionary((intent?.parameters ?? []).map { ($0.name, Self.lastComponent($0.baseType)) }, uniquingKeysWith: { first, _ in first })
            for phrase in shortcut.phrases where phrase.isLiteral {
                let key = Self.collisionKey(Self.template(phrase.text), parameterTypes: types)
                if let earlier = first[key] {
                    guard earlier.shortcut != index else { continue }
                    diagnostics.append(Diagnostic(
                        .appShortcutPhraseCollision,
                        "phrase \"\(Self.template(phrase.text))\" of \(shortcut.intent) is the same as a phrase of \(facts.appShortcuts[earlier.shortcut].intent): Siri cannot tell them apart",
                        at: phrase.position, notes: [Diagnostic.Note("the other phrase", at: earlier.phrase.position)]))
                } else {
                    first[key] = (index, phrase)
                }
            }
        }
        return diagnostics
    }

    /// The phrase normalised as IntentKit matches utterances, each parameter replaced by its type: two
    /// parameters of one type take the same values (Siri cannot tell the phrases apart), of different types not.
    static func collisionKey(_ template: String, parameterTypes: [String: String]) -> String {
        let phrase = AppShortcutPhrase(template)
        guard let segments = try? phrase.segments() else { return PhraseNormalizer.normalize(template) }
        return segments.map { segment in
            switch segment {
            case let .text(text): PhraseNormalizer.normalize(text)
            case .applicationName: "\u{1}app\u{1}"
            case let .parameter(name): "\u{1}\(parameterTypes[name] ?? name)\u{1}"
            }
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
