import ActivityKit
public import BuildSettings
public import Diagnostics
import XcodeProject

// The rules of `activity-bridge audit` (ActivityBridgeCLI.docc, `audit`, "Rules"), beside the `validate` rules it
// also applies to each target's expanded Info.plist and the project reader's own findings.

extension Diagnostic.Rule {
    public static let activityTypeUndeclaredInCode: Self = "activity-type-undeclared-in-code"
    public static let activityTypeUnused: Self = "activity-type-unused"
    public static let activityTypeNeverHandled: Self = "activity-type-never-handled"
    public static let requiredUserInfoKeyMissing: Self = "required-user-info-key-missing"
    public static let appShortcutMissingApplicationName: Self = "app-shortcut-missing-application-name"
    public static let appShortcutMultipleParameters: Self = "app-shortcut-multiple-parameters"
    public static let appShortcutParameterType: Self = "app-shortcut-parameter-type"
    public static let appShortcutsTooMany: Self = "app-shortcuts-too-many"
    public static let appShortcutsMultipleProviders: Self = "app-shortcuts-multiple-providers"
    public static let appShortcutPhraseCollision: Self = "app-shortcut-phrase-collision"
    public static let appShortcutLocalizationMissingApplicationName: Self = "app-shortcut-localization-missing-application-name"
    public static let appShortcutLocalizationParameterMismatch: Self = "app-shortcut-localization-parameter-mismatch"
    public static let appShortcutLocalizationStale: Self = "app-shortcut-localization-stale"
    public static let customIntentNotMigrated: Self = "custom-intent-not-migrated"
    public static let infoPlistMissing: Self = "info-plist-missing"
    public static let swiftSourceUnavailable: Self = "swift-source-unavailable"

    // Added to audit.md's table: IntentKit's other App Shortcut rules, under audit names.
    public static let appShortcutRepeatedApplicationName: Self = "app-shortcut-repeated-application-name"
    public static let appShortcutUnknownParameter: Self = "app-shortcut-unknown-parameter"
    public static let appShortcutPhraseMalformed: Self = "app-shortcut-phrase-malformed"
    public static let appShortcutsTooManyPhrases: Self = "app-shortcuts-too-many-phrases"
    /// A phrase file (`.xcstrings`, `.strings`) or `.intentdefinition` that cannot be read.
    public static let auditFileUnreadable: Self = "audit-file-unreadable"

    // `--emit-app-model` (AuditAppModel.swift): notes on what the app model could not hold as the code has it.
    /// A value the audit cannot follow to a string (an activity type, a title, a display name, a phrase).
    public static let appModelEmitUnresolved: Self = "app-model-emit-unresolved"
    /// A parameter type with no kind in the app model (a list, a type of another module).
    public static let appModelEmitUnmappedType: Self = "app-model-emit-unmapped-type"
    /// A phrase or shortcut left out because the model could not load with it (Apple's rules, a missing intent).
    public static let appModelEmitLeftOut: Self = "app-model-emit-left-out"
}

/// Every rule an audit can report, for SARIF's `tool.driver.rules`: its own, then `validate`'s (described
/// once, in ActivityKit's `ValidationRules`), without the bridge-manifest rules an audit never applies.
public enum AuditRules {
    public static var all: [RuleDescription] {
        let own = Set(audit.map(\.id))
        let manifestRules: Set<Diagnostic.Rule> = [.activityTypeUnhandled, .activityTypeUndeclared]
        return audit + objectiveC + ValidationRules.all.filter { !own.contains($0.id) && !manifestRules.contains($0.id) }
    }

    static let audit: [RuleDescription] = [
        RuleDescription(.activityTypeUndeclaredInCode, .error, "The target's code creates or handles an activity type its Info.plist does not declare: the system never delivers it."),
        RuleDescription(.activityTypeUnused, .warning, "An activity type is declared, but no code of the target creates or handles it."),
        RuleDescription(.activityTypeNeverHandled, .warning, "An activity type is created in code, but no code of any target of the app handles it."),
        RuleDescription(.requiredUserInfoKeyMissing, .error, "A literal requiredUserInfoKeys names a key the literal userInfo at the same site lacks."),
        RuleDescription(.appShortcutMissingApplicationName, .error, "An App Shortcut phrase lacks \\(.applicationName) (Xcode: Invalid Utterance)."),
        RuleDescription(.appShortcutRepeatedApplicationName, .error, "An App Shortcut phrase has \\(.applicationName) more than once."),
        RuleDescription(.appShortcutMultipleParameters, .error, "An App Shortcut phrase has more than one parameter."),
        RuleDescription(.appShortcutParameterType, .error, "An App Shortcut phrase parameter is not an AppEntity or AppEnum."),
        RuleDescription(.appShortcutUnknownParameter, .error, "An App Shortcut phrase names a parameter its intent does not declare."),
        RuleDescription(.appShortcutPhraseMalformed, .error, "An App Shortcut phrase interpolates something other than a parameter or the application name."),
        RuleDescription(.appShortcutsTooMany, .error, "An app declares more than 10 App Shortcuts."),
        RuleDescription(.appShortcutsTooManyPhrases, .error, "An app's phrases expand to more than 1,000 with every enum value."),
        RuleDescription(.appShortcutsMultipleProviders, .error, "An app has more than one AppShortcutsProvider."),
        RuleDescription(.appShortcutPhraseCollision, .warning, "Two App Shortcuts share a phrase (ignoring case and parameters): Siri cannot tell them apart."),
        RuleDescription(.appShortcutLocalizationMissingApplicationName, .error, "A localized phrase lacks ${applicationName}."),
        RuleDescription(.appShortcutLocalizationParameterMismatch, .error, "A localized phrase's placeholders differ from its source phrase's parameter."),
        RuleDescription(.appShortcutLocalizationStale, .warning, "A phrase localization key is no phrase of the source."),
        RuleDescription(.customIntentNotMigrated, .warning, "A custom intent of an .intentdefinition has no App Intent with that intentClassName: users' shortcuts of it stop working."),
        RuleDescription(.infoPlistMissing, .error, "INFOPLIST_FILE names a file that does not exist."),
        RuleDescription(.infoPlistPreprocessFailed, .error, "INFOPLIST_PREPROCESS = YES and the C preprocessor stops on the Info.plist (#error, a missing #include, a runaway expansion): its declarations are unknown."),
        RuleDescription(.infoPlistPreprocessorUnavailable, .warning, "INFOPLIST_PREPROCESS = YES but no clang was found (beside swift on PATH, or ACTIVITY_BRIDGE_CLANG) to run the preprocessor."),
        RuleDescription(.infoPlistPrefixHeaderMissing, .note, "INFOPLIST_PREFIX_HEADER names a file the repository does not hold (generated at build time): the Info.plist is preprocessed without it."),
        RuleDescription(.infoPlistPreprocessorFlagIgnored, .note, "A flag of INFOPLIST_OTHER_PREPROCESSOR_FLAGS other than -D, -U, -I, -include, -imacros is not given to clang."),
        RuleDescription(.xcconfigIncludeMissing, .warning, "An xcconfig #include (not #include?) names a missing file."),
        RuleDescription(.buildSettingUndefined, .note, "A $(X) in the Info.plist expands to empty: the setting is not defined."),
        RuleDescription(.swiftSourceUnavailable, .note, "Swift checks are off: the toolchain lacks SwiftSyntax / SwiftParser."),
        RuleDescription(.auditFileUnreadable, .warning, "A phrase localization or intent definition file cannot be read."),
        RuleDescription(.packageManifestRead, .note, "How a local Swift package's manifest was read: statically (not run), or evaluated by SwiftPM with --evaluate-manifests."),
        RuleDescription(.packageManifestUnreadable, .note, "A local Swift package's manifest is missing or cannot be read: every Swift file of the package is taken."),
        RuleDescription(.packageRemoteNotRead, .note, "A remote Swift package is linked: its code is not in the repository and is not read."),
        RuleDescription(.packageDependencyUnresolved, .note, "A linked product, target or package dependency the manifests do not resolve, a cycle between local packages, or a path outside the package or the repository."),
        RuleDescription(.appModelEmitUnresolved, .note, "--emit-app-model: a value the audit cannot follow; the app model leaves it out or uses the stated default."),
        RuleDescription(.appModelEmitUnmappedType, .note, "--emit-app-model: a parameter type with no app-model kind; the app model leaves the parameter out."),
        RuleDescription(.appModelEmitLeftOut, .note, "--emit-app-model: a phrase or App Shortcut the app model cannot hold as written is left out, so that the model loads."),
    ]
}
