public import Diagnostics
import PropertyList

// The rules of bridge manifests (`Plists/<App>-Bridge.plist`, <doc:BridgeManifests>). Reading the file itself
// reports `plist-syntax` and `duplicate-key` (PropertyList module). Each rule is declared once here: its id (the
// `Diagnostic.Rule` is the description's), severity, summary, rationale and examples (a manifest of the Walk Mate
// sample app, read by ``BridgeManifestReader`` and checked by ``BridgeManifestChecker`` against Walk Mate's
// intents). The reader and the checker report under them at the severity declared here (one exception, said in
// its rationale: an empty `activityTypes` is a `manifest-shape` warning); the examples run in
// BridgeManifestRuleExamplesTests, and the article's table is generated from ``BridgeManifestRules/all``.
extension Diagnostic.Rule {
    /// The manifest's structure is wrong: a missing or mistyped key, a value of the wrong kind,
    /// an unparsable platform, an unknown userInfo type name.
    public static let manifestShape = RuleDescription.manifestShape.id
    /// A key the manifest format does not define (most often a typo); it is ignored.
    public static let manifestUnknownKey = RuleDescription.manifestUnknownKey.id
    /// The manifest names an app the tool does not know, so its intents cannot be checked.
    public static let manifestUnknownApp = RuleDescription.manifestUnknownApp.id
    /// An entry maps to an intent the app does not register.
    public static let manifestUnknownIntent = RuleDescription.manifestUnknownIntent.id
    /// A binding names a parameter the intent does not declare.
    public static let manifestUnknownParameter = RuleDescription.manifestUnknownParameter.id
    /// A required parameter has no binding and no default, so the intent could never run.
    public static let manifestMissingParameter = RuleDescription.manifestMissingParameter.id
    /// A binding reads a userInfo key that the type's declared userInfo shape does not list.
    public static let manifestUnknownUserInfoKey = RuleDescription.manifestUnknownUserInfoKey.id
    /// A userInfo type (or constant) cannot become the parameter's kind, or a binding's type
    /// contradicts the declared userInfo shape.
    public static let manifestTypeMismatch = RuleDescription.manifestTypeMismatch.id
    /// An entry's `minimumPlatform` is older than its intent's availability.
    public static let manifestPlatform = RuleDescription.manifestPlatform.id
    /// An entry can never be chosen: an earlier entry already covers every platform it covers.
    public static let manifestUnreachableEntry = RuleDescription.manifestUnreachableEntry.id
    /// An `entities` lookup names an entity type the app does not register, or a mapping needs
    /// an entity type the `entities` section does not describe (migrate cannot check existence).
    public static let manifestEntityLookup = RuleDescription.manifestEntityLookup.id
}

/// A Walk Mate bridge manifest: `root` (raw lines of the root `<dict>` before `activityTypes`), `types` (the
/// `activityTypes` entries) and `entities` (the `entities` entries; Walk Mate's place lookup unless given).
private func manifest(root: String = "", _ types: String, entities: String = placeLookup) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>formatVersion</key>\n<integer>1</integer>\n"
        + (root.isEmpty ? "<key>app</key>\n<string>walkmate</string>\n" : root)
        + "<key>activityTypes</key>\n<dict>\n\(types)</dict>\n<key>entities</key>\n<dict>\n\(entities)</dict>\n</dict>\n</plist>\n"
}

private let placeLookup = "<key>WalkMatePlaceEntity</key>\n<dict>\n<key>table</key>\n<string>walkmate_favorites</string>\n<key>identifierColumn</key>\n<string>id</string>\n</dict>\n"

/// `com.walkmate.favorite.open` (userInfo `favoriteID`: uuid, `distanceKm`: number) mapped by `entry` (raw lines:
/// `intent` and `parameters`, or `intents`).
private func favorite(_ entry: String) -> String {
    "<key>com.walkmate.favorite.open</key>\n<dict>\n<key>userInfo</key>\n<dict>\n<key>favoriteID</key>\n<string>uuid</string>\n"
        + "<key>distanceKm</key>\n<string>number</string>\n</dict>\n\(entry)</dict>\n"
}

/// An entry of intent `intent` whose parameters are `parameters` (raw lines).
private func entry(_ intent: String, _ parameters: String, minimumPlatform: String? = nil) -> String {
    (minimumPlatform.map { "<key>minimumPlatform</key>\n\($0)\n" } ?? "")
        + "<key>intent</key>\n\(intent)\n<key>parameters</key>\n<dict>\n\(parameters)</dict>\n"
}

private let showWalk = entry("<string>ShowSavedWalkIntent</string>", "<key>walk</key>\n<string>favoriteID</string>\n")

extension RuleDescription {
    public static let manifestShape = RuleDescription(
        "manifest-shape", .error,
        "The manifest's structure is wrong: a missing or mistyped key, a value of the wrong kind, an unparsable platform, an unknown userInfo type name.",
        rationale: "A required key is missing; a value has the wrong kind; `formatVersion` is not 1; a platform does not parse; a userInfo type is unknown; an `<array>` shape without exactly one element, or a shape nested deeper than 64 levels; an entry has both `intent` and `intents`, or neither; a binding has both `from` and `value`, or neither; an empty userInfo key; a key path that does not parse (an empty key, an unclosed or non-numeric index, a trailing `\\`: the message says at which character); a `decode` other than `json` or `plist`; a `path` without `decode`; an unknown `onMissingEntity`; an entity lookup lacks `table` or `identifierColumn`, or they are not plain SQL names; an activity type that is empty or has white space. An error, except for an empty `activityTypes` (the manifest maps nothing), which is a warning.",
        triggering: [.plist(manifest(root: "<key>app</key>\n↓<integer>7</integer>\n", favorite(showWalk)))],
        nonTriggering: [.plist(manifest(favorite(showWalk)))])

    public static let manifestUnknownKey = RuleDescription(
        "manifest-unknown-key", .warning,
        "A key the manifest format does not define (most often a typo); it is ignored.",
        rationale: "A key the format does not define, with a suggestion when a known key is within two edits (`did you mean 'intents'?`); it is ignored. Also `type`, `optional`, `decode` or `path` on a `value` binding.",
        triggering: [.plist(manifest(root: "<key>app</key>\n<string>walkmate</string>\n↓<key>comment</key>\n<string>Walk Mate</string>\n", favorite(showWalk)))],
        nonTriggering: [.plist(manifest(favorite(showWalk)))])

    public static let manifestUnknownApp = RuleDescription(
        "manifest-unknown-app", .error,
        "The manifest names an app the tool does not know, so its intents cannot be checked.",
        rationale: "The manifest names an app that neither a built-in sample nor an `--app-model` describes, so its intents can be neither checked nor used; the same error in `validate`, `migrate` and `replay`.",
        triggering: [.plist(manifest(root: "<key>app</key>\n↓<string>walkmates</string>\n", favorite(showWalk)))],
        nonTriggering: [.plist(manifest(favorite(showWalk)))])

    public static let manifestUnknownIntent = RuleDescription(
        "manifest-unknown-intent", .error,
        "An entry maps to an intent the app does not register.",
        rationale: "An entry or fallback names an intent the app does not register; the message lists those it does.",
        triggering: [.plist(manifest(favorite(entry("↓<string>ShowSavedWalksIntent</string>", "<key>walk</key>\n<string>favoriteID</string>\n"))))],
        nonTriggering: [.plist(manifest(favorite(showWalk)))])

    public static let manifestUnknownParameter = RuleDescription(
        "manifest-unknown-parameter", .error,
        "A binding names a parameter the intent does not declare.",
        triggering: [.plist(manifest(favorite(entry("<string>ShowSavedWalkIntent</string>",
                                                    "<key>walk</key>\n<string>favoriteID</string>\n↓<key>animated</key>\n<string>favoriteID</string>\n"))))],
        nonTriggering: [.plist(manifest(favorite(showWalk)))])

    public static let manifestMissingParameter = RuleDescription(
        "manifest-missing-parameter", .error,
        "A required parameter has no binding and no default, so the intent could never run.",
        rationale: "A required parameter without a default has no binding, or only an `optional` one.",
        triggering: [.plist(manifest(favorite(entry("↓<string>ShowSavedWalkIntent</string>", ""))))],
        nonTriggering: [.plist(manifest(favorite(showWalk)))])

    public static let manifestUnknownUserInfoKey = RuleDescription(
        "manifest-unknown-userinfo-key", .error,
        "A binding reads a userInfo key that the type's declared userInfo shape does not list.",
        rationale: "A binding reads a key the type's `userInfo` shape does not list — at the top level, or inside a nested `<dict>` shape (`declares no key 'pin.title' in userInfo 'pin'`).",
        triggering: [.plist(manifest(favorite(entry("<string>ShowSavedWalkIntent</string>", "<key>walk</key>\n↓<string>favoriteId</string>\n"))))],
        nonTriggering: [.plist(manifest(favorite(showWalk)))])

    public static let manifestTypeMismatch = RuleDescription(
        "manifest-type-mismatch", .error,
        "A userInfo type (or constant) cannot become the parameter's kind, or a binding's type contradicts the declared userInfo shape.",
        rationale: "A binding's type contradicts the declared shape; a key path goes into a key whose declared shape is not a dictionary (or indexes one that is not an array); `decode` reads a key declared as something other than data (or an array of data); a userInfo type cannot become the parameter's kind (`type: url` for a `date`); or a constant does not fit (a wrong kind, an enum value that is not a case, a fraction for an integer, text that is not a valid url, file or date).",
        triggering: [.plist(manifest(favorite(entry("<string>ShowSavedWalkIntent</string>", "<key>walk</key>\n↓<string>distanceKm</string>\n"))))],
        nonTriggering: [.plist(manifest(favorite(showWalk)))])

    public static let manifestPlatform = RuleDescription(
        "manifest-platform", .error,
        "An entry's `minimumPlatform` is older than its intent's availability.",
        rationale: "An entry's `minimumPlatform` is older than the release its intent needs.",
        triggering: [.plist(manifest(favorite("<key>intents</key>\n<array>\n<dict>\n"
            + entry("<string>OpenWalkMatePlaceIntent</string>", "<key>target</key>\n<string>favoriteID</string>\n", minimumPlatform: "↓<string>iOS 26</string>")
            + "</dict>\n<dict>\n\(showWalk)</dict>\n</array>\n")))],
        nonTriggering: [.plist(manifest(favorite("<key>intents</key>\n<array>\n<dict>\n"
            + entry("<string>OpenWalkMatePlaceIntent</string>", "<key>target</key>\n<string>favoriteID</string>\n", minimumPlatform: "<string>iOS 27</string>")
            + "</dict>\n<dict>\n\(showWalk)</dict>\n</array>\n")))])

    public static let manifestUnreachableEntry = RuleDescription(
        "manifest-unreachable-entry", .warning,
        "An entry can never be chosen: an earlier entry already covers every platform it covers.",
        rationale: "An entry is never chosen, because an earlier entry already applies from an earlier or the same release.",
        triggering: [.plist(manifest(favorite("<key>intents</key>\n<array>\n<dict>\n\(showWalk)</dict>\n<dict>\n"
            + entry("<string>OpenWalkMatePlaceIntent</string>", "<key>target</key>\n<string>favoriteID</string>\n", minimumPlatform: "↓<string>iOS 27</string>")
            + "</dict>\n</array>\n")))],
        nonTriggering: [.plist(manifest(favorite("<key>intents</key>\n<array>\n<dict>\n"
            + entry("<string>OpenWalkMatePlaceIntent</string>", "<key>target</key>\n<string>favoriteID</string>\n", minimumPlatform: "<string>iOS 27</string>")
            + "</dict>\n<dict>\n\(showWalk)</dict>\n</array>\n")))])

    public static let manifestEntityLookup = RuleDescription(
        "manifest-entity-lookup", .warning,
        "An `entities` lookup names an entity type the app does not register, so `migrate` cannot check existence.",
        rationale: "An `entities` lookup names an entity type the app does not register (so `migrate` cannot check existence).",
        triggering: [.plist(manifest(favorite(showWalk), entities: placeLookup
            + "↓<key>WalkMateRouteEntity</key>\n<dict>\n<key>table</key>\n<string>walkmate_routes</string>\n<key>identifierColumn</key>\n<string>id</string>\n</dict>\n"))],
        nonTriggering: [.plist(manifest(favorite(showWalk)))])
}

/// Every bridge-manifest rule, in the order of <doc:BridgeManifests>.
public enum BridgeManifestRules {
    public static let all: [RuleDescription] = [
        .manifestShape, .manifestUnknownKey, .manifestUnknownApp, .manifestUnknownIntent, .manifestUnknownParameter,
        .manifestMissingParameter, .manifestUnknownUserInfoKey, .manifestTypeMismatch, .manifestPlatform,
        .manifestUnreachableEntry, .manifestEntityLookup,
    ]

    /// The rule with `id`, if it is one of ``all``.
    public static func named(_ id: Diagnostic.Rule) -> RuleDescription? { all.first { $0.id == id } }
}
