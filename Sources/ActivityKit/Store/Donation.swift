public import Foundation

/// A donation to be stored: the activity and the moment it was donated.
public struct Donation: Sendable, Hashable {
    public var activity: UserActivity
    public var donatedAt: Date

    public init(activity: UserActivity, donatedAt: Date) {
        self.activity = activity
        self.donatedAt = donatedAt
    }
}

/// One stored donation event of a ``DonationStore``: the log keeps every donation, so the same
/// persistent identifier usually has many events.
public struct DonationEvent: Sendable, Hashable, Identifiable {
    /// The event's row id: unique in its store and increasing in the order events were stored.
    public var id: Int64
    public var activity: UserActivity
    public var donatedAt: Date

    public init(id: Int64, activity: UserActivity, donatedAt: Date) {
        self.id = id
        self.activity = activity
        self.donatedAt = donatedAt
    }

    /// The donation without its store identity.
    public var donation: Donation { Donation(activity: activity, donatedAt: donatedAt) }
}

/// What ``DonationStore/donate(_:at:)`` stored, and why Siri might not suggest it.
public struct DonationReceipt: Sendable, Hashable {
    /// The new event's id.
    public var eventID: Int64
    /// Validation warnings (e.g. userInfo over 3 KB), then ``UserActivity/donationWarnings``.
    public var warnings: [UserActivityIssue]

    public init(eventID: Int64, warnings: [UserActivityIssue]) {
        self.eventID = eventID
        self.warnings = warnings
    }
}
