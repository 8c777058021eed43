import Diagnostics
public import Foundation
public import PropertyList

/// The donation-log property list that `donations import` reads: `{"donations": [activity, …]}`,
/// each activity an activity dictionary (<doc:ActivityDictionaries>) plus an optional `donatedAt` date.
public enum DonationLog {
    public static let rootKey = "donations"

    /// The donations of a log, and every issue found, each at its path from the root
    /// (`donations[3].webpageURL`): shape errors, Apple's rules (``UserActivity/validate()``),
    /// and unknown-key warnings. ``UserActivity/donationWarnings`` are not included.
    public struct Decoded: Sendable {
        /// The valid donations, in log order (all of them when ``errors`` is empty). Each has
        /// passed ``UserActivity/validate()``, so `DonationStore.importDonations(_:progress:)`
        /// stores them without checking again.
        public internal(set) var donations: [Donation]
        public internal(set) var issues: [UserActivityIssue]
        public var errors: [UserActivityIssue] { issues.filter(\.isError) }
        public var warnings: [UserActivityIssue] { issues.filter { !$0.isError } }
    }

    /// Decodes a log's root value; donations without `donatedAt` get `defaultDonatedAt`.
    public static func decode(_ root: PropertyListValue, defaultDonatedAt: Date) -> Decoded {
        var decoded = Decoded(donations: [], issues: [])
        guard let rootDictionary = root.dictionaryValue else {
            decoded.issues.append(UserActivityIssue(.error, .wrongValueType, at: PropertyListPath(),
                "the root must be a dictionary with a '\(rootKey)' array, found \(ActivityDictionaryReader.describe(root))"))
            return decoded
        }
        let listPath = PropertyListPath([.key(rootKey)])
        guard let list = rootDictionary[rootKey] else {
            decoded.issues.append(UserActivityIssue(.error, .wrongValueType, at: PropertyListPath(),
                "the root dictionary has no '\(rootKey)' array"))
            return decoded
        }
        guard let elements = list.arrayValue else {
            decoded.issues.append(UserActivityIssue(.error, .wrongValueType, at: listPath,
                "'\(rootKey)' must be an array, found \(ActivityDictionaryReader.describe(list))"))
            return decoded
        }
        decoded.donations.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let elementPath = listPath.appending(.index(index))
            guard let dictionary = element.dictionaryValue else {
                decoded.issues.append(UserActivityIssue(.error, .wrongValueType, at: elementPath,
                    "donation \(index) must be an activity dictionary, found \(ActivityDictionaryReader.describe(element))"))
                continue
            }
            if let donation = decodeDonation(dictionary, at: elementPath, defaultDonatedAt: defaultDonatedAt,
                                             issues: &decoded.issues) {
                decoded.donations.append(donation)
            }
        }
        return decoded
    }

    /// The donation index of a `donations[N]…` path, if it is one.
    public static func donationIndex(of path: PropertyListPath) -> Int? {
        guard path.components.count >= 2, path.components[0] == .key(rootKey),
              case let .index(index) = path.components[1] else { return nil }
        return index
    }

    private static func decodeDonation(
        _ dictionary: PropertyListDictionary, at path: PropertyListPath, defaultDonatedAt: Date,
        issues: inout [UserActivityIssue]
    ) -> Donation? {
        var reader = ActivityDictionaryReader(dictionary)
        let donatedAt = reader.date(ActivityDictionaryKey.donatedAt)
        let (activity, activityIssues) = UserActivity.decode(activityDictionary: dictionary,
                                                             allowingKeys: [ActivityDictionaryKey.donatedAt])
        let validation = activity?.validate() ?? []
        let all = activityIssues + reader.issues + validation
        issues.append(contentsOf: all.map { $0.nested(under: path) })
        guard let activity, !all.contains(where: \.isError) else { return nil }
        return Donation(activity: activity, donatedAt: donatedAt ?? defaultDonatedAt)
    }
}
