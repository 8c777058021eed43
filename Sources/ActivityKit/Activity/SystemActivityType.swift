/// Activity types the system itself delivers (R2.7 in <doc:ApplesRules>). An app needs no
/// `NSUserActivityTypes` entry for them; each has its own delivery requirement instead.
///
/// ```swift
/// if let system = SystemActivityType(rawValue: activity.activityType) { … system.requiresWebpageURL … }
/// ```
public enum SystemActivityType: String, CaseIterable, Hashable, Sendable {
    /// A tapped Core Spotlight item (`CSSearchableItemActionType`); the item's identifier is in
    /// `userInfo[kCSSearchableItemActivityIdentifier]`.
    case spotlightItem = "com.apple.corespotlightitem"
    /// Search continued from Spotlight into the app (`CSQueryContinuationActionType`); the query is in
    /// `userInfo[kCSSearchQueryString]`. Delivered only when the Info.plist sets `CoreSpotlightContinuation` to true.
    case spotlightQuery = "com.apple.corespotlightquery"
    /// A Universal Link or web-to-app Handoff (`NSUserActivityTypeBrowsingWeb`); the link is the `webpageURL`.
    case browsingWeb = "NSUserActivityTypeBrowsingWeb"

    /// The Info.plist key that must be `true` for query continuation.
    public static let coreSpotlightContinuationKey = "CoreSpotlightContinuation"

    /// The Swift-facing constant name, for messages.
    public var constantName: String {
        switch self {
        case .spotlightItem: "CSSearchableItemActionType"
        case .spotlightQuery: "CSQueryContinuationActionType"
        case .browsingWeb: "NSUserActivityTypeBrowsingWeb"
        }
    }

    /// The `userInfo` key that carries the payload: the item identifier or the query string.
    public var requiredUserInfoKey: String? {
        switch self {
        case .spotlightItem: "kCSSearchableItemActivityIdentifier"
        case .spotlightQuery: "kCSSearchQueryString"
        case .browsingWeb: nil
        }
    }

    /// True for `NSUserActivityTypeBrowsingWeb`: without a `webpageURL` there is nothing to open.
    public var requiresWebpageURL: Bool { self == .browsingWeb }

    /// True for query continuation, which needs `CoreSpotlightContinuation = true` in the Info.plist.
    public var requiresCoreSpotlightContinuation: Bool { self == .spotlightQuery }
}
