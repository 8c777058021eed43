public import Diagnostics
public import IntentKit
import PropertyList

// The rules of app models (`app-model.md`, <doc:AppModels>). Reading the file itself reports `plist-syntax` and
// `duplicate-key` (PropertyList module). Each of the format's own rules is declared once here: its id (the
// `Diagnostic.Rule` is the description's), severity, summary, rationale and examples (app models read by
// ``AppModelReader``; AppModelRuleExamplesTests runs them), and the article's table is generated from
// ``AppModelRules/all``. Apple's App Shortcuts rules come from IntentKit's validator as `app-model-` plus its rule
// (`app-model-missing-application-name`, …): IntentKit declares them, so they are errors named by ``appModel(_:)``.
extension Diagnostic.Rule {
    /// A missing or mistyped key, a value of the wrong kind, an empty name.
    public static let appModelShape = RuleDescription.appModelShape.id
    /// A key the format does not define (most often a typo); it is ignored.
    public static let appModelUnknownKey = RuleDescription.appModelUnknownKey.id
    /// A `formatVersion` this tool does not read.
    public static let appModelFormatVersion = RuleDescription.appModelFormatVersion.id
    /// A parameter type that is neither built in nor an entity or enum type of the model.
    public static let appModelUnknownType = RuleDescription.appModelUnknownType.id
    /// A measurement's `minimum` is above its `maximum`, or bounds on a type that has none.
    public static let appModelRange = RuleDescription.appModelRange.id
    /// A name declared twice (an entity and an enum type of one name, a repeated case or type).
    public static let appModelDuplicate = RuleDescription.appModelDuplicate.id
    /// `handledActivityTypes` lists a type `activityTypes` does not declare: it can never be delivered.
    public static let appModelHandledUndeclared = RuleDescription.appModelHandledUndeclared.id
    /// The intents do not register with IntentKit (e.g. an invalid type name).
    public static let appModelInvalidIntent = RuleDescription.appModelInvalidIntent.id

    /// The rule of an App Shortcuts violation found by IntentKit.
    public static func appModel(_ rule: AppShortcutViolation.Rule) -> Self { Self(rawValue: "app-model-" + rule.rawValue) }
}

/// An app model `outliner` of format `version`: `root` (raw lines of the root `<dict>` after `name`), then `intents` (the entries of
/// `intents`; one intent `EditOutlineAppIntent` with parameters `parameters` unless given) and `more` (raw lines).
private func model(version: String = "<integer>1</integer>", root: String = "", parameters: String = "", intents: String? = nil,
                   more: String = "") -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>formatVersion</key>\n\(version)\n"
        + "<key>name</key>\n<string>outliner</string>\n\(root)<key>intents</key>\n<dict>\n"
        + (intents ?? "<key>EditOutlineAppIntent</key>\n<dict>\n<key>title</key>\n<string>Edit Outline</string>\n<key>parameters</key>\n<dict>\n\(parameters)</dict>\n</dict>\n")
        + "</dict>\n\(more)</dict>\n</plist>\n"
}

private let outline = "<key>entities</key>\n<dict>\n<key>OutlineAppEntity</key>\n<dict>\n<key>displayName</key>\n<string>Outline</string>\n</dict>\n</dict>\n"

/// A parameter `name` of type `type` with more raw lines `more`.
private func parameter(_ name: String, _ type: String, _ more: String = "") -> String {
    "<key>\(name)</key>\n<dict>\n<key>type</key>\n\(type)\n\(more)</dict>\n"
}

extension RuleDescription {
    public static let appModelShape = RuleDescription(
        "app-model-shape", .error,
        "A missing or mistyped key, a value of the wrong kind, an empty name.",
        rationale: "A key the format requires is missing (`name`; an intent's `title`; a parameter's `type`; an App Shortcut's `intent`, `phrases` or `shortTitle`), a value has the wrong kind, or a name is empty.",
        triggering: [.plist(model(root: "<key>applicationName</key>\n↓<integer>1</integer>\n"))],
        nonTriggering: [.plist(model(root: "<key>applicationName</key>\n<string>Outliner</string>\n"))])

    public static let appModelUnknownKey = RuleDescription(
        "app-model-unknown-key", .warning,
        "A key the format does not define (most often a typo); it is ignored.",
        rationale: "A key the format does not define, with a suggestion when a known key is within two edits; it is ignored.",
        triggering: [.plist(model(root: "↓<key>applicationNames</key>\n<string>Outliner</string>\n"))],
        nonTriggering: [.plist(model(root: "<key>applicationName</key>\n<string>Outliner</string>\n"))])

    public static let appModelFormatVersion = RuleDescription(
        "app-model-format-version", .error,
        "A `formatVersion` this tool does not read.",
        rationale: "A `formatVersion` other than 1.",
        triggering: [.plist(model(version: "↓<integer>2</integer>"))],
        nonTriggering: [.plist(model())])

    public static let appModelUnknownType = RuleDescription(
        "app-model-unknown-type", .error,
        "A parameter type that is neither built in nor an entity or enum type of the model.",
        rationale: "A parameter type that is not built in nor an entity or enum of the model.",
        triggering: [.plist(model(parameters: parameter("outline", "↓<string>OutlineEntity</string>"), more: outline))],
        nonTriggering: [.plist(model(parameters: parameter("outline", "<string>OutlineAppEntity</string>"), more: outline))])

    public static let appModelRange = RuleDescription(
        "app-model-range", .error,
        "A measurement's `minimum` is above its `maximum`, or bounds on a type that has none.",
        rationale: "`minimum` above `maximum`, or bounds on a type without them (only measurements and numbers have them).",
        triggering: [.plist(model(parameters: parameter("margin", "<string>measurement.length</string>",
                                                        "<key>minimum</key>\n↓<integer>5</integer>\n<key>maximum</key>\n<integer>1</integer>\n")))],
        nonTriggering: [.plist(model(parameters: parameter("margin", "<string>measurement.length</string>",
                                                           "<key>minimum</key>\n<integer>1</integer>\n<key>maximum</key>\n<integer>5</integer>\n")))])

    public static let appModelDuplicate = RuleDescription(
        "app-model-duplicate", .error,
        "A name declared twice (an entity and an enum type of one name, a repeated case or type).",
        rationale: "An entity and an enum of one name, a repeated enum case.",
        triggering: [.plist(model(more: "<key>enums</key>\n<dict>\n<key>Size</key>\n<array>\n<string>small</string>\n↓<string>small</string>\n</array>\n</dict>\n"))],
        nonTriggering: [.plist(model(more: "<key>enums</key>\n<dict>\n<key>Size</key>\n<array>\n<string>small</string>\n<string>large</string>\n</array>\n</dict>\n"))])

    public static let appModelHandledUndeclared = RuleDescription(
        "app-model-handled-undeclared", .warning,
        "`handledActivityTypes` lists a type `activityTypes` does not declare: it can never be delivered.",
        rationale: "A handled type the model does not declare: it is never delivered (system types, such as a Spotlight item's, need no declaration).",
        triggering: [.plist(model(root: "<key>activityTypes</key>\n<array>\n<string>EditOutlineIntent</string>\n</array>\n"
            + "<key>handledActivityTypes</key>\n<array>\n↓<string>EditOutline</string>\n</array>\n"))],
        nonTriggering: [.plist(model(root: "<key>activityTypes</key>\n<array>\n<string>EditOutlineIntent</string>\n</array>\n"
            + "<key>handledActivityTypes</key>\n<array>\n<string>EditOutlineIntent</string>\n<string>com.apple.corespotlightitem</string>\n</array>\n"))])

    public static let appModelInvalidIntent = RuleDescription(
        "app-model-invalid-intent", .error,
        "The intents do not register with IntentKit (e.g. an invalid type name).",
        rationale: "IntentKit refuses to register the model's intents (e.g. a type name with white space), reported at the intent it names.",
        triggering: [.plist(model(intents: "↓<key>Edit Outline</key>\n<dict>\n<key>title</key>\n<string>Edit Outline</string>\n</dict>\n"))],
        nonTriggering: [.plist(model(intents: "<key>EditOutline</key>\n<dict>\n<key>title</key>\n<string>Edit Outline</string>\n</dict>\n"))])
}

/// Every rule of the app-model format itself, in the order of <doc:AppModels> (IntentKit's App Shortcuts rules,
/// `app-model-<rule>`, are not among them: see ``Diagnostic/Rule/appModel(_:)``).
public enum AppModelRules {
    public static let all: [RuleDescription] = [
        .appModelShape, .appModelUnknownKey, .appModelFormatVersion, .appModelUnknownType, .appModelRange,
        .appModelDuplicate, .appModelHandledUndeclared, .appModelInvalidIntent,
    ]

    /// The rule with `id`, if it is one of ``all``.
    public static func named(_ id: Diagnostic.Rule) -> RuleDescription? { all.first { $0.id == id } }
}
