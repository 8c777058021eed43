public import Diagnostics
import PropertyList

// The rule identifiers of `activity-bridge validate` (see <doc:ValidateRules>).
// `plist-syntax` and `duplicate-key` come from the PropertyList module itself.
extension Diagnostic.Rule {
    /// No `NSUserActivityTypes` key at the top level (a note: many apps declare none).
    public static let activityTypesMissing: Self = "activity-types-missing"
    /// `NSUserActivityTypes` is not an array.
    public static let activityTypesNotArray: Self = "activity-types-not-array"
    /// An element of `NSUserActivityTypes` is not a string.
    public static let activityTypeNotString: Self = "activity-type-not-string"
    /// An element is empty (before or after build-setting expansion).
    public static let activityTypeEmpty: Self = "activity-type-empty"
    /// An element has leading, trailing or inner whitespace, so no `activityType` can match it.
    public static let activityTypeWhitespace: Self = "activity-type-whitespace"
    /// An element repeats an earlier one after build-setting expansion.
    public static let activityTypeDuplicate: Self = "activity-type-duplicate"
    /// A `$(NAME)` / `${NAME}` reference that the given definitions cannot expand.
    public static let activityTypeUnresolvedVariable: Self = "activity-type-unresolved-variable"
    /// Neither reverse-DNS (`a.b[.c…]`) nor an intent class name (`…Intent`).
    public static let activityTypeFormat: Self = "activity-type-format"
    /// Declared, but the bridge manifest handles no such type.
    public static let activityTypeUnhandled: Self = "activity-type-unhandled"
    /// The bridge manifest handles a type the Info.plist does not declare (never delivered).
    public static let activityTypeUndeclared: Self = "activity-type-undeclared"
    /// `com.apple.corespotlightquery` is declared but `CoreSpotlightContinuation` is not `true`.
    public static let coreSpotlightContinuationMissing: Self = "core-spotlight-continuation-missing"
}
