public import Diagnostics
import PropertyList

// The rule identifiers of bridge-manifest diagnostics (`Plists/<App>-Bridge.plist`). Reading the
// file itself reports `plist-syntax` and `duplicate-key` (PropertyList module).
extension Diagnostic.Rule {
    /// The manifest's structure is wrong: a missing or mistyped key, a value of the wrong kind,
    /// an unparsable platform, an unknown userInfo type name.
    public static let manifestShape: Self = "manifest-shape"
    /// A key the manifest format does not define (most often a typo); it is ignored.
    public static let manifestUnknownKey: Self = "manifest-unknown-key"
    /// The manifest names an app the tool does not know, so its intents cannot be checked.
    public static let manifestUnknownApp: Self = "manifest-unknown-app"
    /// An entry maps to an intent the app does not register.
    public static let manifestUnknownIntent: Self = "manifest-unknown-intent"
    /// A binding names a parameter the intent does not declare.
    public static let manifestUnknownParameter: Self = "manifest-unknown-parameter"
    /// A required parameter has no binding and no default, so the intent could never run.
    public static let manifestMissingParameter: Self = "manifest-missing-parameter"
    /// A binding reads a userInfo key that the type's declared userInfo shape does not list.
    public static let manifestUnknownUserInfoKey: Self = "manifest-unknown-userinfo-key"
    /// A userInfo type (or constant) cannot become the parameter's kind, or a binding's type
    /// contradicts the declared userInfo shape.
    public static let manifestTypeMismatch: Self = "manifest-type-mismatch"
    /// An entry's `minimumPlatform` is older than its intent's availability.
    public static let manifestPlatform: Self = "manifest-platform"
    /// An entry can never be chosen: an earlier entry already covers every platform it covers.
    public static let manifestUnreachableEntry: Self = "manifest-unreachable-entry"
    /// An `entities` lookup names an entity type the app does not register, or a mapping needs
    /// an entity type the `entities` section does not describe (migrate cannot check existence).
    public static let manifestEntityLookup: Self = "manifest-entity-lookup"
}
