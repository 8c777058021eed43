import JSON
import Foundation
public import PropertyList

/// Identifies one intent donation (`IntentDonationIdentifier`): a UUID, Hashable and Codable.
public struct IntentDonationIdentifier: Hashable, Codable, Sendable, CustomStringConvertible {
    public var uuid: UUID

    public init(_ uuid: UUID = UUID()) { self.uuid = uuid }

    /// Parses the uppercase or lowercase UUID form; nil otherwise.
    public init?(_ text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        self.uuid = uuid
    }

    /// The uppercase UUID text.
    public var description: String { uuid.uuidString }
}

/// One stored intent donation.
public struct IntentDonation: Hashable, Sendable {
    public var identifier: IntentDonationIdentifier
    public var intentTypeName: String
    /// The intent's values in stored form (``IntentInstance/parameters``).
    public var parameters: PropertyListDictionary
    public var donatedAt: Date
    /// The key of the legacy donation event this one was migrated from; unique per store, so a
    /// migration run twice inserts nothing the second time.
    public var migratedFrom: String?

    public init(
        identifier: IntentDonationIdentifier = IntentDonationIdentifier(), intentTypeName: String,
        parameters: PropertyListDictionary = PropertyListDictionary(), donatedAt: Date = Date(), migratedFrom: String? = nil
    ) {
        self.identifier = identifier
        self.intentTypeName = intentTypeName
        self.parameters = parameters
        self.donatedAt = donatedAt
        self.migratedFrom = migratedFrom
    }

    /// A donation of a resolved intent.
    public init(_ intent: IntentInstance, donatedAt: Date = Date(), migratedFrom: String? = nil) {
        self.init(intentTypeName: intent.typeName, parameters: intent.parameters, donatedAt: donatedAt, migratedFrom: migratedFrom)
    }
}

/// Which donations ``IntentDonationManager/deleteDonations(matching:)`` removes (R8.3).
public enum IntentDonationMatchingPredicate: Hashable, Sendable {
    /// One donation (iOS 16).
    case donationIdentifier(IntentDonationIdentifier)
    /// Several donations (iOS 26.4).
    case donationIdentifiers([IntentDonationIdentifier])
    /// Every donation of an intent type (the bridge's cleanup when an entity is deleted).
    case intentType(String)
}

/// Counts for `activity-bridge intents stats`.
public struct IntentDonationStatistics: Hashable, Sendable {
    public var total: Int
    /// Donations per intent type name.
    public var byIntent: [String: Int]

    /// `{"total":N,"byIntent":{NAME:N}}`, names sorted.
    public var json: String {
        JSONValue.object([
            ("total", .integer(total)),
            ("byIntent", .object(byIntent.keys.sorted().map { ($0, .integer(byIntent[$0] ?? 0)) })),
        ]).text
    }
}


