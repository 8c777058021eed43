import BuildSettings
public import Diagnostics
public import PropertyList

// The rules `activity-bridge validate` checks (<doc:ValidateRules>), each declared once: its id, severity,
// summary, rationale and examples, as a `RuleDescription` (Diagnostics). The checks (ActivityTypeChecks.swift)
// raise them with `Diagnostic(.rule, message, at:)`, so the severity is the one declared here. The examples run
// in ValidationRuleExamplesTests; the table of <doc:ValidateRules> is generated from ``ValidationRules/all``.
// `plist-syntax`, `duplicate-key` and `date-out-of-range` are PropertyList's rules, declared there
// (PropertyListRules.swift); `build-setting-undefined` is BuildSettings' id, described here for `validate`.

extension Diagnostic.Rule {
    /// No `NSUserActivityTypes` key at the top level (a note: many apps declare none).
    public static let activityTypesMissing = RuleDescription.activityTypesMissing.id
    /// `NSUserActivityTypes` is not an array.
    public static let activityTypesNotArray = RuleDescription.activityTypesNotArray.id
    /// An element of `NSUserActivityTypes` is not a string.
    public static let activityTypeNotString = RuleDescription.activityTypeNotString.id
    /// An element is empty (before or after build-setting expansion).
    public static let activityTypeEmpty = RuleDescription.activityTypeEmpty.id
    /// An element has leading, trailing or inner whitespace, so no `activityType` can match it.
    public static let activityTypeWhitespace = RuleDescription.activityTypeWhitespace.id
    /// An element repeats an earlier one after build-setting expansion.
    public static let activityTypeDuplicate = RuleDescription.activityTypeDuplicate.id
    /// A `$(NAME)` / `${NAME}` reference that the given definitions cannot expand.
    public static let activityTypeUnresolvedVariable = RuleDescription.activityTypeUnresolvedVariable.id
    /// Neither reverse-DNS (`a.b[.c…]`) nor an intent class name (`…Intent`).
    public static let activityTypeFormat = RuleDescription.activityTypeFormat.id
    /// Declared, but the bridge manifest handles no such type.
    public static let activityTypeUnhandled = RuleDescription.activityTypeUnhandled.id
    /// The bridge manifest handles a type the Info.plist does not declare (never delivered).
    public static let activityTypeUndeclared = RuleDescription.activityTypeUndeclared.id
    /// `com.apple.corespotlightquery` is declared but `CoreSpotlightContinuation` is not `true`.
    public static let coreSpotlightContinuationMissing = RuleDescription.coreSpotlightContinuationMissing.id
}

extension RuleDescription {
    public static let activityTypesMissing = RuleDescription(
        "activity-types-missing", .note, "No NSUserActivityTypes key at the top level.",
        rationale: "There is no `NSUserActivityTypes` key at the top level, or the root is not a dictionary. Many apps declare none; only system types can be continued in them.",
        triggering: [.plist("<plist version=\"1.0\">\n↓<dict>\n<key>CFBundleName</key>\n<string>Shop</string>\n</dict>\n</plist>\n")],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>"))])

    public static let activityTypesNotArray = RuleDescription(
        "activity-types-not-array", .error, "NSUserActivityTypes is not an array.",
        rationale: "The key's value is not an array: one error at the value, naming the strings it holds and the array to write.",
        triggering: [.plist("<plist version=\"1.0\">\n<dict>\n<key>NSUserActivityTypes</key>\n↓<string>com.example.open</string>\n</dict>\n</plist>\n")],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>"))])

    public static let activityTypeNotString = RuleDescription(
        "activity-type-not-string", .error, "An NSUserActivityTypes element is not a string.",
        rationale: "Elements of the array are not strings: one error at the first, a note at each other one.",
        triggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>\n↓<integer>7</integer>"))],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>\n<string>com.example.seven</string>"))])

    public static let activityTypeEmpty = RuleDescription(
        "activity-type-empty", .error, "An NSUserActivityTypes element is empty.",
        rationale: "An element is empty, or expands to nothing.",
        triggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>\n↓<string></string>")),
                     .plist(RuleExampleInfoPlist.with("↓<string>$(ACTIVITY_PREFIX)</string>"), arguments: ["--define", "ACTIVITY_PREFIX="])],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>$(ACTIVITY_PREFIX).open</string>"), arguments: ["--define", "ACTIVITY_PREFIX=com.example"])])

    public static let activityTypeWhitespace = RuleDescription(
        "activity-type-whitespace", .error, "An activity type contains whitespace, so no activity can match it.",
        rationale: "An element (after expansion) has leading, trailing or inner white space, so no `activityType` can ever equal it.",
        triggering: [.plist(RuleExampleInfoPlist.with("↓<string>com.example.open </string>"))],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>"))])

    public static let activityTypeDuplicate = RuleDescription(
        "activity-type-duplicate", .warning, "An activity type repeats an earlier one (after build-setting expansion).",
        rationale: "An element repeats an earlier one after expansion; the message names the first one and its line.",
        triggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>\n↓<string>$(PRODUCT_BUNDLE_IDENTIFIER).open</string>"),
                            arguments: ["--define", "PRODUCT_BUNDLE_IDENTIFIER=com.example"])],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>\n<string>$(PRODUCT_BUNDLE_IDENTIFIER).edit</string>"),
                               arguments: ["--define", "PRODUCT_BUNDLE_IDENTIFIER=com.example"])])

    public static let activityTypeUnresolvedVariable = RuleDescription(
        "activity-type-unresolved-variable", .warning, "A $(NAME) or ${NAME} reference cannot be expanded from the --define values.",
        rationale: "A `$(NAME)` or `${NAME}` reference has no definition, or uses an unknown modifier; the message suggests the `--define` to pass. The reference stays as written.",
        triggering: [.plist(RuleExampleInfoPlist.with("↓<string>$(PRODUCT_BUNDLE_IDENTIFIER).open</string>"))],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>$(PRODUCT_BUNDLE_IDENTIFIER).open</string>"),
                               arguments: ["--define", "PRODUCT_BUNDLE_IDENTIFIER=com.example"])])

    public static let activityTypeFormat = RuleDescription(
        "activity-type-format", .note, "An activity type is neither reverse-DNS (a.b.c) nor an intent class name (…Intent).",
        rationale: "A fully expanded type is neither reverse-DNS (`a.b` or longer), nor an intent class name (ending in `Intent`), nor a system type. Legal — bare names such as `ReadArticle` are common in real apps — but not what Apple recommends (R3.2), so a note, which never fails a run.",
        triggering: [.plist(RuleExampleInfoPlist.with("↓<string>ReadArticle</string>"))],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.read-article</string>\n<string>ReadArticleIntent</string>"))])

    public static let activityTypeUnhandled = RuleDescription(
        "activity-type-unhandled", .warning, "A declared activity type is handled by no entry of the bridge manifest.",
        rationale: "With `--manifest`: a declared type that no entry of the bridge manifest handles.",
        triggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>\n↓<string>com.example.edit</string>"),
                            arguments: ["--handles", "com.example.open"])],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>"), arguments: ["--handles", "com.example.open"])])

    public static let activityTypeUndeclared = RuleDescription(
        "activity-type-undeclared", .error, "The bridge manifest handles an activity type the Info.plist does not declare, so it is never delivered.",
        rationale: "With `--manifest`: the manifest handles a type this Info.plist neither declares nor may receive as a system type, so it would never be delivered (R2.1).",
        triggering: [.plist("<plist version=\"1.0\">\n<dict>\n<key>NSUserActivityTypes</key>\n↓<array>\n<string>com.example.open</string>\n</array>\n</dict>\n</plist>\n",
                            arguments: ["--handles", "com.example.open", "--handles", "com.example.edit"])],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.open</string>"),
                               arguments: ["--handles", "com.example.open", "--handles", "NSUserActivityTypeBrowsingWeb"])])

    public static let coreSpotlightContinuationMissing = RuleDescription(
        "core-spotlight-continuation-missing", .warning, "com.apple.corespotlightquery is declared but CoreSpotlightContinuation is not true.",
        rationale: "`com.apple.corespotlightquery` is declared, but `CoreSpotlightContinuation` is not `<true/>`, so the system never delivers it (R2.7).",
        triggering: [.plist(RuleExampleInfoPlist.with("↓<string>com.apple.corespotlightquery</string>"))],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>com.apple.corespotlightquery</string>", extra: "<key>CoreSpotlightContinuation</key>\n<true/>\n"))])

    /// `validate --project`'s words for XcodeProject's `build-setting-undefined` (the audit has its own summary).
    public static let buildSettingUndefined = RuleDescription(
        .buildSettingUndefined, .note, "A $(NAME) in a declared type names a setting the project does not define; it expands to empty, as in Xcode (validate --project).",
        rationale: "With `--project`: a `$(NAME)` in a declared type names a setting no level of the project defines; it expands to an empty string, as in Xcode.",
        triggering: [.plist(RuleExampleInfoPlist.with("↓<string>com.example.$(FLAVOR)open</string>"), arguments: ["--project"])],
        nonTriggering: [.plist(RuleExampleInfoPlist.with("<string>com.example.$(FLAVOR)open</string>"), arguments: ["--project", "--define", "FLAVOR=beta."])])
}

/// The rules `activity-bridge validate` checks, each a `RuleDescription` (Diagnostics): its stable id, default severity
/// and a one-line summary (used by SARIF `tool.driver.rules`, the audit's rule list and the docs).
public enum ValidationRules {
    /// Every rule, in the order of <doc:ValidateRules>: the contract's rules, then this implementation's additions.
    public static let all: [RuleDescription] = [
        .plistSyntax, .duplicateKey, .activityTypesMissing, .activityTypesNotArray, .activityTypeNotString,
        .activityTypeEmpty, .activityTypeWhitespace, .activityTypeDuplicate, .activityTypeUnresolvedVariable,
        .activityTypeFormat, .activityTypeUnhandled, .activityTypeUndeclared, .coreSpotlightContinuationMissing,
        .dateOutOfRange, .buildSettingUndefined,
    ]

    /// The rule with `id`, if it is one of ``all``.
    public static func named(_ id: Diagnostic.Rule) -> RuleDescription? { all.first { $0.id == id } }
}
