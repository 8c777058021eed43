public import Foundation
public import PropertyList

/// A legacy `NSUserActivity` as a plain value: what an app sets before `becomeCurrent()` and what
/// the system stores when the activity is donated to Siri or indexed by Spotlight.
///
/// Defaults follow Apple (R1.14 in <doc:ApplesRules>): eligible for Handoff, not for
/// prediction, search or public indexing. Building a value never fails; ``validate()`` lists what
/// Apple would reject or advise against, and ``validated()`` throws when any of it is an error.
///
/// ```swift
/// var activity = UserActivity(activityType: "com.donnywals.hairdressers.appointment")
/// activity.title = "Book an appointment with Jane for Monday"
/// activity.addUserInfoEntries(["hairdresser": "Jane", "day": "Monday"])
/// activity.requiredUserInfoKeys = ["hairdresser", "day"]
/// activity.persistentIdentifier = "Jane-Monday"
/// activity.isEligibleForPrediction = true
/// ```
///
/// The activity-dictionary form (<doc:ActivityDictionaries>) is in `UserActivity+ActivityDictionary.swift`.
public struct UserActivity: Sendable, Hashable {
    /// The type the app declares in `NSUserActivityTypes`; set once, like `init(activityType:)` (R1.1).
    public let activityType: String
    /// Shown in search results and Siri suggestions; should be set for anything eligible for search (R1.3).
    public var title: String?
    /// The state needed to continue the activity; property-list values only (see ``validate()``).
    public var userInfo: PropertyListDictionary
    /// The userInfo keys that must survive storage and reach the continuing app, in the order given,
    /// each once. `nil` means every key is required; an empty array means none is (R1.10).
    public var requiredUserInfoKeys: [String]? {
        didSet { requiredUserInfoKeys = requiredUserInfoKeys.map(Self.uniqued) }
    }
    /// The identifier used to delete donations (`deleteSavedUserActivities(withPersistentIdentifiers:)`).
    public var persistentIdentifier: String?
    /// Siri may suggest the activity (a donation); default false.
    public var isEligibleForPrediction: Bool
    /// Spotlight may index the activity on this device; default false.
    public var isEligibleForSearch: Bool
    /// Another device may continue the activity; default true.
    public var isEligibleForHandoff: Bool
    /// Spotlight may index the activity's public parts for everyone; default false.
    public var isEligibleForPublicIndexing: Bool
    /// Offered as the phrase when the user records a Siri shortcut for this activity (R1.21).
    public var suggestedInvocationPhrase: String?
    /// Search keywords, in the order given, each once (Apple's is a `Set<String>`).
    public var keywords: [String] {
        didSet { keywords = Self.uniqued(keywords) }
    }
    /// Where a browser continues the activity when no app can; `http` or `https` only (R1.18).
    public var webpageURL: URL?
    /// After this moment the activity can no longer be handed off, indexed or suggested (R1.17).
    public var expirationDate: Date?
    /// Picks the scene that continues the activity (`UISceneActivationConditions`, R1.19).
    public var targetContentIdentifier: String?

    /// A new activity of `activityType` with Apple's defaults and nothing else set.
    public init(
        activityType: String,
        title: String? = nil,
        userInfo: PropertyListDictionary = [:],
        requiredUserInfoKeys: [String]? = nil,
        persistentIdentifier: String? = nil,
        isEligibleForPrediction: Bool = false,
        isEligibleForSearch: Bool = false,
        isEligibleForHandoff: Bool = true,
        isEligibleForPublicIndexing: Bool = false,
        suggestedInvocationPhrase: String? = nil,
        keywords: [String] = [],
        webpageURL: URL? = nil,
        expirationDate: Date? = nil,
        targetContentIdentifier: String? = nil
    ) {
        self.activityType = activityType
        self.title = title
        self.userInfo = userInfo
        self.requiredUserInfoKeys = requiredUserInfoKeys.map(Self.uniqued)
        self.persistentIdentifier = persistentIdentifier
        self.isEligibleForPrediction = isEligibleForPrediction
        self.isEligibleForSearch = isEligibleForSearch
        self.isEligibleForHandoff = isEligibleForHandoff
        self.isEligibleForPublicIndexing = isEligibleForPublicIndexing
        self.suggestedInvocationPhrase = suggestedInvocationPhrase
        self.keywords = Self.uniqued(keywords)
        self.webpageURL = webpageURL
        self.expirationDate = expirationDate
        self.targetContentIdentifier = targetContentIdentifier
    }

    /// Merges `entries` into ``userInfo``; on a key collision the incoming value wins (R1.5).
    /// New keys are appended in the order of `entries`; replaced keys keep their position.
    public mutating func addUserInfoEntries(_ entries: PropertyListDictionary) {
        for entry in entries {
            userInfo[entry.key] = entry.value
        }
    }

    /// The userInfo a continuing app receives after the activity was stored: only the
    /// ``requiredUserInfoKeys`` that are present (all of userInfo when they are `nil`), in userInfo order.
    public var restoredUserInfo: PropertyListDictionary {
        guard let required = requiredUserInfoKeys else { return userInfo }
        let wanted = Set(required)
        return PropertyListDictionary(userInfo.entries.filter { wanted.contains($0.key) }.map { ($0.key, $0.value) })
    }

    /// The required keys that userInfo lacks, in the order they are listed.
    public var missingRequiredUserInfoKeys: [String] {
        (requiredUserInfoKeys ?? []).filter { userInfo[$0] == nil }
    }

    /// Whether the activity has expired at `date` (an activity without an expiration date never does here).
    public func isExpired(at date: Date) -> Bool {
        guard let expirationDate else { return false }
        return expirationDate <= date
    }

    private static func uniqued(_ strings: [String]) -> [String] {
        var seen = Set<String>()
        return strings.filter { seen.insert($0).inserted }
    }
}
