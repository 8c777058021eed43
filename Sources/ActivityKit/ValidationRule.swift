public import Diagnostics
import PropertyList
import XcodeProject

/// The rules `activity-bridge validate` checks, each a `RuleDescription` (Diagnostics): its stable id, default severity
/// and a one-line summary (used by SARIF `tool.driver.rules`, the audit's rule list and the docs).
public enum ValidationRules {
    /// Every rule, in the order of <doc:ValidateRules>: the contract's rules, then this implementation's additions.
    public static let all: [RuleDescription] = [
        RuleDescription(.plistSyntax, .error, "The file is not a well-formed, valid property list."),
        RuleDescription(.duplicateKey, .warning, "A dictionary repeats a key; the last value wins."),
        RuleDescription(.activityTypesMissing, .note, "No NSUserActivityTypes key at the top level."),
        RuleDescription(.activityTypesNotArray, .error, "NSUserActivityTypes is not an array."),
        RuleDescription(.activityTypeNotString, .error, "An NSUserActivityTypes element is not a string."),
        RuleDescription(.activityTypeEmpty, .error, "An NSUserActivityTypes element is empty."),
        RuleDescription(.activityTypeWhitespace, .error, "An activity type contains whitespace, so no activity can match it."),
        RuleDescription(.activityTypeDuplicate, .warning, "An activity type repeats an earlier one (after build-setting expansion)."),
        RuleDescription(.activityTypeUnresolvedVariable, .warning, "A $(NAME) or ${NAME} reference cannot be expanded from the --define values."),
        RuleDescription(.activityTypeFormat, .note, "An activity type is neither reverse-DNS (a.b.c) nor an intent class name (…Intent)."),
        RuleDescription(.activityTypeUnhandled, .warning, "A declared activity type is handled by no entry of the bridge manifest."),
        RuleDescription(.activityTypeUndeclared, .error, "The bridge manifest handles an activity type the Info.plist does not declare, so it is never delivered."),
        RuleDescription(.coreSpotlightContinuationMissing, .warning, "com.apple.corespotlightquery is declared but CoreSpotlightContinuation is not true."),
        RuleDescription(.dateOutOfRange, .warning, "A <date> field is outside its calendar range (2024-01-32); it is read rolled over, as Apple does."),
        RuleDescription(.buildSettingUndefined, .note, "A $(NAME) in a declared type names a setting the project does not define; it expands to empty, as in Xcode (validate --project)."),
    ]

    /// The rule with `id`, if it is one of ``all``.
    public static func named(_ id: Diagnostic.Rule) -> RuleDescription? { all.first { $0.id == id } }
}
