import Audit
import Foundation

/// The `AppShortcutsProvider` of one target's converted activity types, from the `suggestedInvocationPhrase`s
/// their creation sites set (the phrase the legacy donation offered for Siri). Apple's rules, as the audit
/// checks them (AuditRules+AppShortcuts.swift): every phrase has `\(.applicationName)` exactly once (R5.4), no
/// parameter (these intents have no entity or enum one, R5.6), at most 10 App Shortcuts per app (R5.2), one
/// provider per app (R5.1, so none is written when the target already has App Shortcuts of its own).
package struct ActivityShortcutsGenerator: Sendable {
    package init() {}

    /// One App Shortcut to write: the intent it runs and the legacy phrase.
    package struct Shortcut: Hashable, Sendable {
        package var intent: String
        package var activityType: String
        package var phrase: String

        package init(intent: String, activityType: String, phrase: String) {
            self.intent = intent
            self.activityType = activityType
            self.phrase = phrase
        }
    }

    /// At most this many App Shortcuts per app (R5.2).
    package static let maximumShortcuts = 10

    /// `Open favorites` in an app named `Walk Mate` → `Open favorites in \(.applicationName)`; a phrase that names
    /// the app (ignoring case) has that name replaced by the token, so the phrase still reads as the user knew it.
    package static func phrase(_ legacy: String, applicationName: String?) -> String {
        let escaped = String(SwiftCode.literal(legacy).dropFirst().dropLast())
        if let applicationName, !applicationName.isEmpty,
           let range = escaped.range(of: String(SwiftCode.literal(applicationName).dropFirst().dropLast()), options: .caseInsensitive) {
            return escaped.replacingCharacters(in: range, with: "\\(.applicationName)")
        }
        var trimmed = escaped
        while let last = trimmed.last, last == "." || last == " " { trimmed.removeLast() }
        return trimmed + " in \\(.applicationName)"
    }

    /// `WalkMate` → `WalkMateActivityShortcuts`.
    package static func providerName(target: String) -> String { SwiftCode.typeName(target) + "ActivityShortcuts" }

    /// The provider file of `target`, nil when no shortcut is left to write; with notes for what was left out.
    package func generate(target: String, applicationName: String?, shortcuts: [Shortcut], existingShortcuts: Int) -> (file: GeneratedFile?, notes: [String]) {
        var notes: [String] = []
        var seen: Set<String> = []
        var kept: [Shortcut] = []
        for shortcut in shortcuts {
            let phrase = Self.phrase(shortcut.phrase, applicationName: applicationName)
            guard seen.insert(phrase.lowercased()).inserted else {
                notes.append("\(shortcut.activityType): its suggestedInvocationPhrase '\(shortcut.phrase)' is another type's too: no App Shortcut for it (Siri could not tell them apart)")
                continue
            }
            kept.append(shortcut)
        }
        let room = max(0, Self.maximumShortcuts - existingShortcuts)
        if kept.count > room {
            for shortcut in kept[room...] {
                notes.append("\(shortcut.activityType): no App Shortcut: the app would have more than \(Self.maximumShortcuts) (R5.2)")
            }
            kept = Array(kept.prefix(room))
        }
        guard !kept.isEmpty else { return (nil, notes) }
        let name = Self.providerName(target: target)
        var code = SwiftCode()
        code.line("\(AppIntentGenerator.headerPrefix) from the suggestedInvocationPhrase of target \(target)'s activity types; remove this line to keep your edits from being overwritten.")
        code.line()
        code.line("import AppIntents")
        code.line()
        code.line("/// The phrases the legacy `NSUserActivity` donations suggested for Siri, as App Shortcuts of the intents they")
        code.line("/// became. Apple allows one `AppShortcutsProvider` per app: merge these into yours if you add one.")
        code.line("@available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)")
        code.block("struct \(name): AppShortcutsProvider") { code in
            code.block("static var appShortcuts: [AppShortcut]") { code in
                for shortcut in kept {
                    code.line("AppShortcut(")
                    code.line("    intent: \(shortcut.intent)(),")
                    code.line("    phrases: [\"\(Self.phrase(shortcut.phrase, applicationName: applicationName))\"],")
                    code.line("    shortTitle: \(SwiftCode.literal(shortcut.phrase)),")
                    code.line("    // TODO(activity-bridge convert): an SF Symbol that shows what the shortcut does.")
                    code.line("    systemImageName: \"app\"")
                    code.line(")")
                }
            }
        }
        return (GeneratedFile(name: name + ".swift", contents: code.text), notes)
    }
}
