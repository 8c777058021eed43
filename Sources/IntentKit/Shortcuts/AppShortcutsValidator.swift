import Foundation

/// Checks App Shortcuts against Apple's rules when they are registered (and, through the package init, the
/// shortcuts `audit` finds in Swift code, against the intents declared there).
package struct AppShortcutsValidator {
    /// The intent of a name, whatever the platform.
    var definition: (String) -> IntentDefinition?
    var limits: AppShortcutLimits

    init(registry: IntentRegistry, limits: AppShortcutLimits) {
        definition = registry.registeredDefinition(named:)
        self.limits = limits
    }

    /// Checks against intents that are described, not registered (nothing is run).
    package init(definitions: [IntentDefinition], limits: AppShortcutLimits = .apple) {
        let byName = Dictionary(definitions.map { ($0.typeName, $0) }, uniquingKeysWith: { first, _ in first })
        definition = { byName[$0] }
        self.limits = limits
    }

    /// Every violation of `shortcuts`, in declaration order; empty when they are valid.
    package func violations(of shortcuts: [AppShortcut]) -> [AppShortcutViolation] {
        var violations: [AppShortcutViolation] = []
        if shortcuts.count > limits.maxShortcuts {
            violations.append(AppShortcutViolation(
                .tooManyShortcuts,
                message: "\(shortcuts.count) App Shortcuts declared; an app may have at most \(limits.maxShortcuts)"))
        }
        var phraseCount = 0
        for shortcut in shortcuts {
            guard let definition = definition(shortcut.intentTypeName) else {
                violations.append(AppShortcutViolation(
                    .unknownIntent, shortcut: shortcut.label,
                    message: "intent '\(shortcut.intentTypeName)' is not registered"))
                continue
            }
            violations += completeness(of: shortcut)
            for phrase in shortcut.phrases {
                let (found, count) = check(phrase, of: shortcut, definition: definition)
                violations += found
                phraseCount += count
            }
        }
        if phraseCount > limits.maxPhrases {
            violations.append(AppShortcutViolation(
                .tooManyPhrases,
                message: "the phrases expand to \(phraseCount) with every parameter value; an app may have at most \(limits.maxPhrases)"))
        }
        return violations
    }

    private func completeness(of shortcut: AppShortcut) -> [AppShortcutViolation] {
        var missing: [String] = []
        if shortcut.phrases.isEmpty { missing.append("phrases") }
        if shortcut.shortTitle.trimmingCharacters(in: .whitespaces).isEmpty { missing.append("a short title") }
        if shortcut.systemImageName.trimmingCharacters(in: .whitespaces).isEmpty { missing.append("a system image name") }
        guard let last = missing.popLast() else { return [] }
        let list = missing.isEmpty ? last : missing.joined(separator: ", ") + " or " + last
        return [AppShortcutViolation(.incompleteShortcut, shortcut: shortcut.label, message: "the shortcut has no " + list)]
    }

    /// The phrase's violations and how many phrases it expands to at registration: 1 without a
    /// parameter or with a search term, the case count for an enum, 0 for an entity (its values
    /// arrive with the first `updateAppShortcutParameters()`, R5.9).
    private func check(_ phrase: AppShortcutPhrase, of shortcut: AppShortcut, definition: IntentDefinition) -> ([AppShortcutViolation], Int) {
        func violation(_ rule: AppShortcutViolation.Rule, _ message: String) -> AppShortcutViolation {
            AppShortcutViolation(rule, shortcut: shortcut.label, phrase: phrase.template, message: message)
        }
        let segments: [AppShortcutPhrase.Segment]
        do {
            segments = try phrase.segments()
        } catch {
            return ([violation(.malformedPhrase, error.message)], 0)
        }
        var found: [AppShortcutViolation] = []
        let appNames = segments.filter { $0 == .applicationName }.count
        if appNames == 0 {
            found.append(violation(.missingApplicationName, "every App Shortcut phrase must contain '${applicationName}' once"))
        } else if appNames > 1 {
            found.append(violation(.repeatedApplicationName, "'${applicationName}' appears \(appNames) times; a phrase has it once"))
        }
        let names = phrase.parameterNames
        if names.count > 1 {
            found.append(violation(.multipleParameters, "the phrase has \(names.count) parameters (\(names.joined(separator: ", "))); at most one is allowed"))
        }
        var count = 1
        for name in Set(names).sorted() {
            guard let parameter = definition.parameter(named: name) else {
                found.append(violation(.unknownParameter, "intent '\(definition.typeName)' has no parameter '\(name)'"))
                continue
            }
            switch parameter.kind {
            case let .enumeration(enumeration):
                count = enumeration.cases.count
            case .entity:
                count = 0
            case .string where definition.schema == .searchInApp && name == AssistantSchema.searchInApp.parameterName:
                count = 1  // the search schema's term: free text, allowed
            default:
                found.append(violation(.unsupportedParameterType,
                                       "parameter '\(name)' is \(parameter.kind.summary); a phrase parameter must be an entity or enum"))
            }
        }
        return (found, count)
    }
}
