import Diagnostics
import Foundation
import PropertyList
import SeededRandom
import SQLiteStore
import Testing
@testable import ActivityKit

@Suite("DonationStore: the donation log")
struct DonationStoreTests {
    typealias S = SampleDonations

    @Test func donateStoresAnEventAndWarnsWhenSiriCouldNotSuggestIt() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        let good = try store.donate(S.booking("Jane", "Monday"), at: S.june1)
        #expect(good.warnings.isEmpty)
        let bare = try store.donate(UserActivity(activityType: "com.example.bare"), at: S.june1)
        #expect(bare.warnings.map(\.rule) == [.donationNoTitle, .donationNoPersistentIdentifier, .donationNotEligibleForPrediction])
        #expect(bare.eventID > good.eventID)
        #expect(try store.eventCount() == 2)
    }

    @Test func anInvalidActivityIsRefusedAndNothingIsStored() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        var activity = S.booking("Jane", "Monday")
        activity.webpageURL = URL(string: "ftp://example.com")
        #expect {
            try store.donate(activity)
        } throws: { error in
            guard case let .invalidActivity(activityError) = error as? DonationStoreError else { return false }
            return activityError.errors.map(\.rule) == [.webpageURLScheme]
        }
        #expect(try store.eventCount() == 0)
    }

    @Test func everyDonationIsAnEventAndActivitiesRoundTripExactly() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        var odd = UserActivityDictionaryTests.everything
        odd.userInfo["nan"] = .real(.nan)
        odd.userInfo["negativeZero"] = .real(-0.0)
        odd.userInfo["huge"] = .integer(PropertyListInteger(UInt64.max))
        odd.userInfo["bytes"] = .data(Data([0, 1, 255]))
        odd.userInfo["when"] = .date(Date(timeIntervalSinceReferenceDate: 1.000_000_1))
        let moments = [S.june1, S.june1.addingTimeInterval(0.123_456_789), S.june1.addingTimeInterval(-S.day)]
        for moment in moments { try store.donate(odd, at: moment) }
        let events = try store.events()
        #expect(events.count == 3)
        #expect(events.map(\.donatedAt) == moments.sorted())  // donatedAt order, times exact
        for event in events { #expect(event.activity == odd) }
        #expect(events.first?.activity.userInfo["negativeZero"]?.doubleValue?.sign == .minus)
    }

    @Test func theLatestEventOfAPersistentIdentifierIsTheStoredActivity() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        var first = S.booking("Jane", "Monday")
        first.userInfo["version"] = 1
        var second = first
        second.userInfo["version"] = 2
        try store.donate(second, at: S.june1.addingTimeInterval(60))
        try store.donate(first, at: S.june1)  // stored later, but donated earlier
        #expect(try store.activity(persistentIdentifier: "Jane-Monday")?.userInfo["version"] == 2)
        #expect(try store.activity(persistentIdentifier: "nobody") == nil)
    }

    @Test func persistentIdentifiersComeOnceInOrderOfFirstDonation() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        try store.donate(S.booking("B", "Monday"), at: S.june1.addingTimeInterval(10))
        try store.donate(S.booking("A", "Monday"), at: S.june1.addingTimeInterval(20))
        try store.donate(S.booking("B", "Monday"), at: S.june1.addingTimeInterval(30))
        try store.donate(UserActivity(activityType: "no.id"), at: S.june1)
        try store.donate(S.booking("C", "Monday"), at: S.june1.addingTimeInterval(20))  // same time as A, stored later
        #expect(try store.persistentIdentifiersInDonationOrder() == ["B-Monday", "A-Monday", "C-Monday"])
    }

    @Test func deletingAPersistentIdentifierRemovesAllOfItsEvents() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        for offset in 0..<5 { try store.donate(S.booking("Jane", "Monday"), at: S.june1.addingTimeInterval(Double(offset))) }
        try store.donate(S.booking("Sam", "Friday"), at: S.june1)
        try store.donate(S.route(5), at: S.june1)
        #expect(try store.deleteDonations(withPersistentIdentifiers: ["Jane-Monday", "route-5.0", "unknown", "Jane-Monday"]) == 6)
        #expect(try store.persistentIdentifiersInDonationOrder() == ["Sam-Friday"])
        #expect(try store.deleteAllDonations() == 1)
        #expect(try store.eventCount() == 0)
    }

    @Test func statsCountEventsIdentifiersEligibilityAndTypes() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        try store.donate(S.booking("Jane", "Monday"), at: S.june1)
        try store.donate(S.booking("Jane", "Monday"), at: S.june1)
        try store.donate(S.booking("Sam", "Friday"), at: S.june1)
        try store.donate(S.route(5, eligible: false), at: S.june1)
        try store.donate(UserActivity(activityType: "com.walkmate.route.generate"), at: S.june1)
        #expect(try store.stats() == DonationStats(
            total: 5, distinct: 3, eligibleForPrediction: 3,
            byType: ["com.donnywals.hairdressers.appointment": 3, "com.walkmate.route.generate": 2]))
        try store.deleteAllDonations()
        #expect(try store.stats() == DonationStats(total: 0, distinct: 0, eligibleForPrediction: 0, byType: [:]))
    }

    @Test func importStoresEverythingInOrderInOneTransaction() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        let donations = (0..<6_000).map { index in
            Donation(activity: S.booking("H\(index % 40)", "Monday"), donatedAt: S.june1.addingTimeInterval(Double(index)))
        }
        var reported: [Int] = []
        #expect(try store.importDonations(donations) { reported.append($0) } == 6_000)
        #expect(reported.last == 6_000)
        #expect(try store.events().map(\.donation) == donations)
        // The indexes were rebuilt after the bulk insert (the import is above the threshold).
        let indexes = try store.connection.scalarInt("SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'donation_events'")
        #expect(indexes == 4)
        #expect(try store.stats().distinct == 40)
    }

    @Test func aFailedImportLeavesNothingOfItselfBehind() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        try store.donate(S.route(3), at: S.june1)
        var donations = (0..<1_500).map { Donation(activity: S.booking("H\($0)", "Monday"), donatedAt: S.june1) }
        donations[999].activity.requiredUserInfoKeys = ["missing"]  // the 1000th is invalid
        #expect {
            try store.importDonations(donations)
        } throws: { error in
            guard case let .invalidDonation(index, activityError) = error as? DonationStoreError else { return false }
            return index == 999 && activityError.errors.map(\.rule) == [.requiredUserInfoKeyMissing]
                && "\(error)".contains("donation 999 (donations[999])")
        }
        #expect(try store.eventCount() == 1)
        #expect(try store.persistentIdentifiersInDonationOrder() == ["route-3.0"])
    }

    @Test func aDecodedLogWithAnErrorImportsNothingAndNamesTheElement() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        var elements = (0..<1_200).map { PropertyListValue.dictionary(S.booking("H\($0)", "Monday").activityDictionary) }
        elements[999] = ["activityType": "t", "isEligibleForPrediction": "yes"]
        let log = DonationLog.decode(["donations": .array(elements)], defaultDonatedAt: S.june1)
        #expect(log.donations.count == 1_199)
        #expect {
            try store.importDonations(log)
        } throws: { error in
            guard case let .invalidDonation(index, activityError) = error as? DonationStoreError else { return false }
            return index == 999 && activityError.errors.map(\.path.description) == ["donations[999].isEligibleForPrediction"]
        }
        #expect(try store.eventCount() == 0)
        elements[999] = .dictionary(S.booking("H999", "Monday").activityDictionary)
        let fixed = DonationLog.decode(["donations": .array(elements)], defaultDonatedAt: S.june1)
        #expect(try store.importDonations(fixed) == 1_200)
        #expect(try store.events().map(\.donation) == fixed.donations)
    }

    @Test func aStoreRemembersItsEventsAfterReopening() throws {
        let directory = try DonationTestDirectory()
        do {
            let store = try directory.openStore()
            try store.donate(S.booking("Jane", "Monday"), at: S.june1)
            try store.close()
        }
        let reopened = try directory.openStore()
        defer { try? reopened.close() }
        #expect(try reopened.events().map(\.activity) == [S.booking("Jane", "Monday")])
    }

    @Test func aReadOnlyStoreReadsWithoutChangingTheFile() throws {
        let directory = try DonationTestDirectory()
        let writer = try directory.openStore()
        try writer.donate(S.booking("Jane", "Monday"), at: S.june1)
        try writer.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: directory.path()))
        let reader = try DonationStore(path: directory.path(), readOnly: true)
        #expect(try reader.eventCount() == 1)
        #expect { try reader.donate(S.route(3)) } throws: { error in
            guard case let .store(sqlite) = error as? DonationStoreError else { return false }
            return sqlite.code.primary == .readOnly
        }
        try reader.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path())) == before)
    }

    @Test func forEachEventStreamsInDonationOrderAndStopsOnError() throws {
        struct Stop: Error {}
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        for offset in [3.0, 1.0, 2.0] { try store.donate(S.route(offset), at: S.june1.addingTimeInterval(offset)) }
        var seen: [String] = []
        #expect(throws: Stop.self) {
            try store.forEachEvent { event in
                seen.append(event.activity.persistentIdentifier ?? "")
                if seen.count == 2 { throw Stop() }
            }
        }
        #expect(seen == ["route-1.0", "route-2.0"])
        #expect(!store.connection.isInTransaction)  // the read snapshot was released
    }

    /// A store from before the summaries existed gets them built from its events on open.
    @Test func laterMigrationsBuildTheSummariesFromExistingEvents() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        try store.donate(S.booking("Jane", "Monday"), at: S.june1)
        try store.donate(S.booking("Jane", "Monday"), at: S.june1.addingTimeInterval(60))
        try store.donate(S.route(3), at: S.june1.addingTimeInterval(-60))
        let stats = try store.stats()
        let suggestions = try store.suggestions(now: S.june1.addingTimeInterval(3_600))
        // Turn the file back into a version-1 store: no summaries, only migration 1 recorded.
        try store.connection.execute("""
            DROP TABLE donation_suggestion_scores; DROP INDEX donation_events_expiring;
            DROP TABLE donation_type_counts; DROP TABLE donation_identifier_counts;
            CREATE INDEX donation_events_by_type ON donation_events(activity_type, eligible_for_prediction);
            DELETE FROM donation_store_migrations WHERE id <> '1-donation-events';
            """)
        try store.close()
        let reopened = try directory.openStore()
        defer { try? reopened.close() }
        #expect(try DonationStoreSchema.migrator.appliedMigrations(reopened.connection) == DonationStoreSchema.migrator.migrationIDs)
        #expect(try reopened.stats() == stats)
        #expect(try reopened.persistentIdentifiersInDonationOrder() == ["route-3.0", "Jane-Monday"])
        let rebuilt = try reopened.suggestions(now: S.june1.addingTimeInterval(3_600))
        #expect(rebuilt.map(\.key) == suggestions.map(\.key))
        #expect(rebuilt.map(\.donationCount) == suggestions.map(\.donationCount))
        for (new, old) in zip(rebuilt, suggestions) { #expect(abs(new.score - old.score) < 1e-12) }
    }

    /// The count summaries must always agree with counting the events themselves.
    @Test func summariesAgreeWithTheEventsThroughRandomOperations() throws {
        var random = SplitMix64(seed: 7)
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        func randomActivity() -> UserActivity {
            var activity = random.next() % 4 == 0 ? S.route(Double(random.next() % 5)) : S.booking("H\(random.next() % 9)", "Monday")
            activity.isEligibleForPrediction = random.next() % 3 != 0
            if random.next() % 10 == 0 { activity.persistentIdentifier = nil }
            return activity
        }
        func randomDate() -> Date { S.june1.addingTimeInterval(Double(random.next() % 10_000)) }
        for round in 0..<6 {
            try store.importDonations((0..<(round == 0 ? 6_000 : 300)).map { _ in Donation(activity: randomActivity(), donatedAt: randomDate()) })
            for _ in 0..<20 { try store.donate(randomActivity(), at: randomDate()) }
            try store.deleteDonations(withPersistentIdentifiers: ["H\(random.next() % 9)-Monday", "route-\(Double(random.next() % 5))"])
            let events = try store.events()
            var byType: [String: Int] = [:]
            for event in events { byType[event.activity.activityType, default: 0] += 1 }
            let identified = events.filter { $0.activity.persistentIdentifier != nil }
            #expect(try store.stats() == DonationStats(
                total: events.count, distinct: Set(identified.compactMap(\.activity.persistentIdentifier)).count,
                eligibleForPrediction: events.filter(\.activity.isEligibleForPrediction).count, byType: byType))
            var firstSeen: [String] = []
            for event in identified.sorted(by: { ($0.donatedAt, $0.id) < ($1.donatedAt, $1.id) }) {
                if let id = event.activity.persistentIdentifier, !firstSeen.contains(id) { firstSeen.append(id) }
            }
            #expect(try store.persistentIdentifiersInDonationOrder() == firstSeen)
        }
        try store.deleteAllDonations()
        #expect(try store.stats() == DonationStats(total: 0, distinct: 0, eligibleForPrediction: 0, byType: [:]))
        #expect(try store.persistentIdentifiersInDonationOrder().isEmpty)
    }
}
