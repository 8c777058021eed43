public import Diagnostics

// The rules of `activity-bridge diff` (diff.md, "Rules"): what a release takes away from users. Each is
// declared once here, with its severity and prose; the checks (CompatibilityCheck.swift) report under them.

extension Diagnostic.Rule {
    public static let compatCustomIntentDropped: Self = "compat-custom-intent-dropped"
    public static let compatCustomIntentParameterDropped: Self = "compat-custom-intent-parameter-dropped"
    public static let compatIntentClassNameChanged: Self = "compat-intent-class-name-changed"
    public static let compatActivityTypeDropped: Self = "compat-activity-type-dropped"
    public static let compatActivityTypeUnhandled: Self = "compat-activity-type-unhandled"
    public static let compatAppIntentRemoved: Self = "compat-app-intent-removed"
    public static let compatAppIntentParameterChanged: Self = "compat-app-intent-parameter-changed"
    public static let compatAppEnumCaseRemoved: Self = "compat-app-enum-case-removed"
    public static let compatAppEntityIdTypeChanged: Self = "compat-app-entity-id-type-changed"
    public static let compatAppShortcutRemoved: Self = "compat-app-shortcut-removed"
    /// Added to diff.md's table: "a target missing on one side is a note".
    public static let compatTargetMissing: Self = "compat-target-missing"
}

/// Every rule `diff` can report, for `--disable` and SARIF's `tool.driver.rules`.
public enum CompatibilityRules {
    public static let all: [RuleDescription] = [
        RuleDescription(.compatCustomIntentDropped, .error,
                        "A custom intent of BASE is defined nowhere in HEAD and no App Intent of HEAD has its class name as intentClassName: every saved Shortcut that uses it breaks."),
        RuleDescription(.compatCustomIntentParameterDropped, .warning,
                        "A custom intent migrates to an App Intent that has no @Parameter of a BASE parameter's name, or one of an incompatible type (the system maps parameters by name): saved values of it are lost."),
        RuleDescription(.compatIntentClassNameChanged, .error,
                        "An App Intent's intentClassName in BASE differs in HEAD, or moved to another intent: shortcuts migrated from the custom intent no longer find it."),
        RuleDescription(.compatActivityTypeDropped, .error,
                        "An activity type BASE declares and creates is no longer declared in HEAD: Siri shortcuts and Handoff built on donated activities are never delivered again."),
        RuleDescription(.compatActivityTypeUnhandled, .warning,
                        "An activity type is still declared, but no code of HEAD handles a type BASE handled."),
        RuleDescription(.compatAppIntentRemoved, .error,
                        "A discoverable App Intent type of BASE is gone in HEAD (a renamed type is a removed one): saved Shortcuts using it break."),
        RuleDescription(.compatAppIntentParameterChanged, .warning,
                        "An App Intent keeps its name but a @Parameter is removed, renamed or changes type: saved values of it are lost."),
        RuleDescription(.compatAppEnumCaseRemoved, .error,
                        "An AppEnum case of BASE is gone in HEAD: saved Shortcuts that chose it fail."),
        RuleDescription(.compatAppEntityIdTypeChanged, .error,
                        "An AppEntity's id type differs between BASE and HEAD: saved references to its entities no longer resolve."),
        RuleDescription(.compatAppShortcutRemoved, .note,
                        "An App Shortcut (or one of its phrases) of BASE is gone in HEAD: what users say to Siri for it stops working."),
        RuleDescription(.compatTargetMissing, .note,
                        "A target of one side is not on the other (targets are matched by name): its surface is not compared."),
    ]

    public static func description(of rule: Diagnostic.Rule) -> RuleDescription? { all.first { $0.id == rule } }
}
