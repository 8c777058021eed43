public import Diagnostics
public import IntentKit
import PropertyList

// The rule identifiers of app-model diagnostics (`app-model.md`). Reading the file itself reports
// `plist-syntax` and `duplicate-key` (PropertyList module). Apple's App Shortcuts rules come from
// IntentKit's validator as `app-model-` plus its rule (`app-model-missing-application-name`, …).
extension Diagnostic.Rule {
    /// A missing or mistyped key, a value of the wrong kind, an empty name.
    public static let appModelShape: Self = "app-model-shape"
    /// A key the format does not define (most often a typo); it is ignored.
    public static let appModelUnknownKey: Self = "app-model-unknown-key"
    /// A `formatVersion` this tool does not read.
    public static let appModelFormatVersion: Self = "app-model-format-version"
    /// A parameter type that is neither built in nor an entity or enum type of the model.
    public static let appModelUnknownType: Self = "app-model-unknown-type"
    /// A measurement's `minimum` is above its `maximum`, or bounds on a type that has none.
    public static let appModelRange: Self = "app-model-range"
    /// A name declared twice (an entity and an enum type of one name, a repeated case or type).
    public static let appModelDuplicate: Self = "app-model-duplicate"
    /// `handledActivityTypes` lists a type `activityTypes` does not declare: it can never be delivered.
    public static let appModelHandledUndeclared: Self = "app-model-handled-undeclared"
    /// The intents do not register with IntentKit (e.g. an invalid type name).
    public static let appModelInvalidIntent: Self = "app-model-invalid-intent"

    /// The rule of an App Shortcuts violation found by IntentKit.
    public static func appModel(_ rule: AppShortcutViolation.Rule) -> Self { Self(rawValue: "app-model-" + rule.rawValue) }
}
