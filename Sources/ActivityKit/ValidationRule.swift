public import PropertyList

/// One rule `activity-bridge validate` checks: its stable id, default severity and a one-line summary
/// (used by `--help`, SARIF `tool.driver.rules` and the README).
public struct ValidationRule: Hashable, Sendable {
    public let id: Diagnostic.Rule
    public let severity: Diagnostic.Severity
    public let summary: String

    public init(_ id: Diagnostic.Rule, _ severity: Diagnostic.Severity, _ summary: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
    }

    /// Every rule, in the order of <doc:ValidateRules>: the contract's rules, then this implementation's additions.
    public static let all: [ValidationRule] = [
        ValidationRule(.plistSyntax, .error, "The file is not a well-formed, valid property list."),
        ValidationRule(.duplicateKey, .warning, "A dictionary repeats a key; the last value wins."),
        ValidationRule(.activityTypesMissing, .note, "No NSUserActivityTypes key at the top level."),
        ValidationRule(.activityTypesNotArray, .error, "NSUserActivityTypes is not an array."),
        ValidationRule(.activityTypeNotString, .error, "An NSUserActivityTypes element is not a string."),
        ValidationRule(.activityTypeEmpty, .error, "An NSUserActivityTypes element is empty."),
        ValidationRule(.activityTypeWhitespace, .error, "An activity type contains whitespace, so no activity can match it."),
        ValidationRule(.activityTypeDuplicate, .warning, "An activity type repeats an earlier one (after build-setting expansion)."),
        ValidationRule(.activityTypeUnresolvedVariable, .warning, "A $(NAME) or ${NAME} reference cannot be expanded from the --define values."),
        ValidationRule(.activityTypeFormat, .note, "An activity type is neither reverse-DNS (a.b.c) nor an intent class name (…Intent)."),
        ValidationRule(.activityTypeUnhandled, .warning, "A declared activity type is handled by no entry of the bridge manifest."),
        ValidationRule(.activityTypeUndeclared, .error, "The bridge manifest handles an activity type the Info.plist does not declare, so it is never delivered."),
        ValidationRule(.coreSpotlightContinuationMissing, .warning, "com.apple.corespotlightquery is declared but CoreSpotlightContinuation is not true."),
        ValidationRule(.dateOutOfRange, .warning, "A <date> field is outside its calendar range (2024-01-32); it is read rolled over, as Apple does."),
        ValidationRule(.buildSettingUndefined, .note, "A $(NAME) in a declared type names a setting the project does not define; it expands to empty, as in Xcode (validate --project)."),
    ]

    /// The rule with `id`, if it is one of ``all``.
    public static func named(_ id: Diagnostic.Rule) -> ValidationRule? { all.first { $0.id == id } }
}
