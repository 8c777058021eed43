import Diagnostics
import Foundation
public import PropertyList

extension UserActivity {
    /// Builds an activity from an activity dictionary (<doc:ActivityDictionaries>).
    ///
    /// Checks the dictionary's shape only: `activityType` present and a non-empty string, every
    /// known key of its expected kind. Apple's rules (URL scheme, required keys…) are
    /// ``validate()``'s job. Unknown keys are ignored here; ``decode(activityDictionary:allowingKeys:)``
    /// reports them as warnings.
    /// - Throws: ``UserActivityError`` whose issues name each bad key and the type it must have.
    public init(activityDictionary: PropertyListDictionary) throws(UserActivityError) {
        let (activity, issues) = Self.decode(activityDictionary: activityDictionary)
        guard let activity else { throw UserActivityError(issues: issues) }
        self = activity
    }

    /// Builds an activity from an activity dictionary, returning every issue found: errors (then
    /// the activity is nil) and warnings (unknown keys, except those in `extraKeys` such as `donatedAt`).
    public static func decode(
        activityDictionary dictionary: PropertyListDictionary, allowingKeys extraKeys: Set<String> = []
    ) -> (activity: UserActivity?, issues: [UserActivityIssue]) {
        typealias Key = ActivityDictionaryKey
        var reader = ActivityDictionaryReader(dictionary)
        let activityType = reader.string(Key.activityType)
        if dictionary[Key.activityType] == nil {
            reader.report(UserActivityIssue(.error, .activityTypeEmpty, at: PropertyListPath([.key(Key.activityType)]),
                "'\(Key.activityType)' is required"))
        } else if activityType?.isEmpty == true {
            reader.report(UserActivityIssue(.error, .activityTypeEmpty, at: PropertyListPath([.key(Key.activityType)]),
                "'\(Key.activityType)' must not be empty"))
        }
        var activity = UserActivity(activityType: activityType ?? "")
        activity.title = reader.string(Key.title)
        activity.userInfo = reader.dictionary(Key.userInfo) ?? [:]
        activity.requiredUserInfoKeys = reader.strings(Key.requiredUserInfoKeys)
        activity.persistentIdentifier = reader.string(Key.persistentIdentifier)
        activity.isEligibleForPrediction = reader.bool(Key.isEligibleForPrediction) ?? false
        activity.isEligibleForSearch = reader.bool(Key.isEligibleForSearch) ?? false
        activity.isEligibleForHandoff = reader.bool(Key.isEligibleForHandoff) ?? true
        activity.isEligibleForPublicIndexing = reader.bool(Key.isEligibleForPublicIndexing) ?? false
        activity.suggestedInvocationPhrase = reader.string(Key.suggestedInvocationPhrase)
        activity.keywords = reader.strings(Key.keywords) ?? []
        activity.webpageURL = reader.url(Key.webpageURL)
        activity.expirationDate = reader.date(Key.expirationDate)
        activity.targetContentIdentifier = reader.string(Key.targetContentIdentifier)
        reader.reportUnknownKeys(allowing: Key.activityKeys, and: extraKeys)
        let issues = reader.issues
        return (issues.contains(where: \.isError) ? nil : activity, issues)
    }

    /// The activity dictionary of this activity: `activityType` and the four eligibility flags
    /// always; optional keys only when set (an empty `requiredUserInfoKeys` is written, because it
    /// differs from none). `UserActivity(activityDictionary:)` of the result equals `self`.
    public var activityDictionary: PropertyListDictionary {
        typealias Key = ActivityDictionaryKey
        var dictionary = PropertyListDictionary()
        dictionary[Key.activityType] = .string(activityType)
        if let title { dictionary[Key.title] = .string(title) }
        if !userInfo.isEmpty { dictionary[Key.userInfo] = .dictionary(userInfo) }
        if let requiredUserInfoKeys {
            dictionary[Key.requiredUserInfoKeys] = .array(requiredUserInfoKeys.map { .string($0) })
        }
        if let persistentIdentifier { dictionary[Key.persistentIdentifier] = .string(persistentIdentifier) }
        dictionary[Key.isEligibleForPrediction] = .bool(isEligibleForPrediction)
        dictionary[Key.isEligibleForSearch] = .bool(isEligibleForSearch)
        dictionary[Key.isEligibleForHandoff] = .bool(isEligibleForHandoff)
        dictionary[Key.isEligibleForPublicIndexing] = .bool(isEligibleForPublicIndexing)
        if let suggestedInvocationPhrase {
            dictionary[Key.suggestedInvocationPhrase] = .string(suggestedInvocationPhrase)
        }
        if !keywords.isEmpty { dictionary[Key.keywords] = .array(keywords.map { .string($0) }) }
        if let webpageURL { dictionary[Key.webpageURL] = .string(webpageURL.absoluteString) }
        if let expirationDate { dictionary[Key.expirationDate] = .date(expirationDate) }
        if let targetContentIdentifier {
            dictionary[Key.targetContentIdentifier] = .string(targetContentIdentifier)
        }
        return dictionary
    }
}
