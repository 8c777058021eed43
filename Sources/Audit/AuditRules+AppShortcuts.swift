import Diagnostics

// The App Shortcuts and phrase-localization rules of `activity-bridge audit`, declared as AuditRules.swift declares
// the others (its example builders, `exampleShortcuts` and the like, are shared with it).

extension RuleDescription {
    package static let appShortcutMissingApplicationName = RuleDescription(
        "app-shortcut-missing-application-name", .error, "An App Shortcut phrase lacks \\(.applicationName) (Xcode: Invalid Utterance).",
        rationale: "An App Shortcut phrase lacks `\\(.applicationName)`: Xcode refuses it (Invalid Utterance), as Apple's rule R5.4 requires the app's name in every phrase.",
        triggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct, "↓\"Open \\(\\.$product)\""))])],
        nonTriggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct))])])

    package static let appShortcutRepeatedApplicationName = RuleDescription(
        "app-shortcut-repeated-application-name", .error, "An App Shortcut phrase has \\(.applicationName) more than once.",
        rationale: "An App Shortcut phrase has `\\(.applicationName)` more than once (R5.4).",
        triggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct, "↓\"\\(.applicationName), open \\(\\.$product) in \\(.applicationName)\""))])],
        nonTriggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct))])])

    package static let appShortcutMultipleParameters = RuleDescription(
        "app-shortcut-multiple-parameters", .error, "An App Shortcut phrase has more than one parameter.",
        rationale: "An App Shortcut phrase has more than one parameter (R5.5).",
        triggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct, "↓\"Open \\(\\.$product) \\(\\.$size) in \\(.applicationName)\""))])],
        nonTriggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct, "\"Open \\(\\.$size) in \\(.applicationName)\""))])])

    package static let appShortcutParameterType = RuleDescription(
        "app-shortcut-parameter-type", .error, "An App Shortcut phrase parameter is not an AppEntity or AppEnum.",
        rationale: "An App Shortcut phrase parameter is not an `AppEntity` or `AppEnum` (R5.6): Siri cannot offer its values.",
        triggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct, "↓\"Note \\(\\.$note) in \\(.applicationName)\""))])],
        nonTriggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct))])])

    package static let appShortcutUnknownParameter = RuleDescription(
        "app-shortcut-unknown-parameter", .error, "An App Shortcut phrase names a parameter its intent does not declare.",
        rationale: "An App Shortcut phrase names a parameter its intent does not declare (R5.7).",
        triggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct, "↓\"Open \\(\\.$colour) in \\(.applicationName)\""))])],
        nonTriggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct))])])

    package static let appShortcutPhraseMalformed = RuleDescription(
        "app-shortcut-phrase-malformed", .error, "An App Shortcut phrase interpolates something other than a parameter or the application name.",
        rationale: "An App Shortcut phrase interpolates something other than a parameter or the application name (R5.7).",
        triggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct, "↓\"Open \\(product.name) in \\(.applicationName)\""))])],
        nonTriggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct))])])

    package static let appShortcutsTooMany = RuleDescription(
        "app-shortcuts-too-many", .error, "An app declares more than 10 App Shortcuts.",
        rationale: "An app declares more than 10 App Shortcuts (R5.2); the finding is at the eleventh.",
        triggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(
            (1...10).map { exampleShortcut("\"Open \\(\\.$product) \($0) in \\(.applicationName)\"") }.joined(separator: "\n")
                + "\n        ↓" + String(exampleShortcut("\"Open \\(\\.$product) 11 in \\(.applicationName)\"").dropFirst(8)))])],
        nonTriggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(
            (1...10).map { exampleShortcut("\"Open \\(\\.$product) \($0) in \\(.applicationName)\"") }.joined(separator: "\n"))])])

    package static let appShortcutsTooManyPhrases = RuleDescription(
        "app-shortcuts-too-many-phrases", .error, "An app's phrases expand to more than 1,000 with every enum value.",
        rationale: "An app's phrases expand to more than 1,000 when each enum parameter is replaced by each of its cases (R5.3).",
        triggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(
            "        ↓" + String(exampleShortcut(exampleOpenProduct, "\"Open \\(\\.$size) in \\(.applicationName)\"").dropFirst(8)),
            sizes: (0...1_000).map { "s\($0)" }.joined(separator: ", "))])],
        nonTriggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(
            exampleShortcut(exampleOpenProduct, "\"Open \\(\\.$size) in \\(.applicationName)\""), sizes: (0...998).map { "s\($0)" }.joined(separator: ", "))])])

    package static let appShortcutsMultipleProviders = RuleDescription(
        "app-shortcuts-multiple-providers", .error, "An app has more than one AppShortcutsProvider.",
        rationale: "An app has more than one `AppShortcutsProvider` (R5.1); the finding is at the second, with a note at the first.",
        triggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct)) + """
            struct ↓MoreShortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] { [] }
            }

            """])],
        nonTriggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct))])])

    package static let appShortcutPhraseCollision = RuleDescription(
        "app-shortcut-phrase-collision", .warning, "Two App Shortcuts share a phrase (ignoring case and parameters): Siri cannot tell them apart.",
        rationale: "Two App Shortcuts share a phrase (ignoring case, punctuation and parameters of one type): Siri cannot tell them apart.",
        triggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(
            exampleShortcut(exampleOpenProduct, "\"Shop with \\(.applicationName)\"") + "\n" + exampleShortcut("↓\"shop with \\(.applicationName)!\""))])],
        nonTriggering: [.repository(["App/Shortcuts.swift": exampleShortcuts(
            exampleShortcut(exampleOpenProduct, "\"Shop with \\(.applicationName)\"") + "\n" + exampleShortcut("\"Browse \\(.applicationName)\""))])])

    package static let appShortcutLocalizationMissingApplicationName = RuleDescription(
        "app-shortcut-localization-missing-application-name", .error, "A localized phrase lacks ${applicationName}.",
        rationale: "A localized phrase (`AppShortcuts.xcstrings`, `*.lproj/AppShortcuts.strings`) lacks `${applicationName}`; the finding is at the catalog entry's key, a note at the localized phrase.",
        triggering: [.repository([
            "App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct)),
            "App/AppShortcuts.xcstrings": examplePhraseCatalog("↓\"Open ${product} in ${applicationName}\"", "Öffne ${product}"),
        ])],
        nonTriggering: [.repository([
            "App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct)),
            "App/AppShortcuts.xcstrings": examplePhraseCatalog("\"Open ${product} in ${applicationName}\"", "Öffne ${product} in ${applicationName}"),
        ])])

    package static let appShortcutLocalizationParameterMismatch = RuleDescription(
        "app-shortcut-localization-parameter-mismatch", .error, "A localized phrase's placeholders differ from its source phrase's parameter.",
        rationale: "A localized phrase's placeholders differ from its source phrase's parameter: the localized phrase cannot be filled.",
        triggering: [.repository([
            "App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct)),
            "App/AppShortcuts.xcstrings": examplePhraseCatalog("↓\"Open ${product} in ${applicationName}\"", "Öffne ${item} in ${applicationName}"),
        ])],
        nonTriggering: [.repository([
            "App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct)),
            "App/AppShortcuts.xcstrings": examplePhraseCatalog("\"Open ${product} in ${applicationName}\"", "Öffne ${product} in ${applicationName}"),
        ])])

    package static let appShortcutLocalizationStale = RuleDescription(
        "app-shortcut-localization-stale", .warning, "A phrase localization key is no phrase of the source.",
        rationale: "A phrase localization key is no phrase of the source: a leftover of a changed phrase, which Siri never uses.",
        triggering: [.repository([
            "App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct)),
            "App/AppShortcuts.xcstrings": examplePhraseCatalog("↓\"Old phrase in ${applicationName}\"", "Alt in ${applicationName}"),
        ])],
        nonTriggering: [.repository([
            "App/Shortcuts.swift": exampleShortcuts(exampleShortcut(exampleOpenProduct)),
            "App/AppShortcuts.xcstrings": examplePhraseCatalog("\"Open ${product} in ${applicationName}\"", "Öffne ${product} in ${applicationName}"),
        ])])
}
