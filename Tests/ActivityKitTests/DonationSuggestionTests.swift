import Foundation
import PropertyList
import SeededRandom
import Testing
@testable import ActivityKit

@Suite("Donation suggestions: frequency and recency")
struct DonationSuggestionTests {
    typealias S = SampleDonations
    let now = S.june1

    @Test func weightsHalveEveryWeek() {
        #expect(SuggestionRanking.weight(donatedAt: now, now: now) == 1)
        #expect(SuggestionRanking.weight(donatedAt: now.addingTimeInterval(-7 * S.day), now: now) == 0.5)
        #expect(SuggestionRanking.weight(donatedAt: now.addingTimeInterval(-21 * S.day), now: now) == 0.125)
    }

    @Test func donationsAfterNowDoNotCountYet() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        try store.donate(S.booking("Jane", "Monday"), at: now.addingTimeInterval(-S.day))
        try store.donate(S.booking("Jane", "Monday"), at: now.addingTimeInterval(S.day))
        try store.donate(S.booking("Sam", "Friday"), at: now.addingTimeInterval(S.day))
        let suggestions = try store.suggestions(now: now)
        #expect(suggestions.map(\.persistentIdentifier) == ["Jane-Monday"])
        #expect(suggestions.first?.donationCount == 1)
        #expect(suggestions.first?.lastDonatedAt == now.addingTimeInterval(-S.day))
        #expect(abs((suggestions.first?.score ?? 0) - SuggestionRanking.weight(donatedAt: now.addingTimeInterval(-S.day), now: now)) < 1e-12)
        #expect(try store.suggestions(now: now.addingTimeInterval(2 * S.day)).map(\.donationCount) == [2, 1])
    }

    @Test func frequencyAndRecencyBothCount() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        // Ten donations three weeks ago (score 1.25) beat one today (1.0), which beats one a month ago.
        for index in 0..<10 { try store.donate(S.booking("Often", "Monday"), at: now.addingTimeInterval(-21 * S.day + Double(index))) }
        try store.donate(S.booking("Today", "Friday"), at: now)
        try store.donate(S.booking("Old", "Sunday"), at: now.addingTimeInterval(-30 * S.day))
        let suggestions = try store.suggestions(limit: 10, now: now)
        #expect(suggestions.map(\.persistentIdentifier) == ["Often-Monday", "Today-Friday", "Old-Sunday"])
        #expect(suggestions.map(\.donationCount) == [10, 1, 1])
        let expected = (0..<10).reduce(0.0) { $0 + SuggestionRanking.weight(donatedAt: now.addingTimeInterval(-21 * S.day + Double($1)), now: now) }
        #expect(abs((suggestions.first?.score ?? 0) - expected) < 1e-9)
        #expect(suggestions.first?.lastDonatedAt == now.addingTimeInterval(-21 * S.day + 9))
        #expect(try store.suggestions(limit: 1, now: now).map(\.persistentIdentifier) == ["Often-Monday"])
    }

    @Test func onlyEligibleUnexpiredDonationsAreSuggested() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        try store.donate(S.route(5, eligible: false), at: now)
        var expiring = S.booking("Gone", "Monday")
        expiring.expirationDate = now.addingTimeInterval(-1)
        try store.donate(expiring, at: now)
        var later = S.booking("Later", "Monday")
        later.expirationDate = now.addingTimeInterval(S.day)
        try store.donate(later, at: now)
        #expect(try store.suggestions(now: now).map(\.persistentIdentifier) == ["Later-Monday"])
        // A day and a second later it has expired too.
        #expect(try store.suggestions(now: now.addingTimeInterval(S.day + 1)).isEmpty)
    }

    @Test func theSuggestionCarriesTheLatestEligibleActivity() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        var older = S.booking("Jane", "Monday")
        older.title = "old title"
        var newest = S.booking("Jane", "Monday")
        newest.title = "newest, but not eligible"
        newest.isEligibleForPrediction = false
        try store.donate(older, at: now.addingTimeInterval(-60))
        try store.donate(S.booking("Jane", "Monday"), at: now.addingTimeInterval(-30))
        try store.donate(newest, at: now)
        let suggestion = try #require(try store.suggestions(now: now).first)
        #expect(suggestion.activity == S.booking("Jane", "Monday"))
        #expect(suggestion.donationCount == 2)
    }

    @Test func donationsWithoutAnIdentifierGroupByTypeAndTitle() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        let a = UserActivity(activityType: "com.example.read", title: "Read news", isEligibleForPrediction: true)
        let b = UserActivity(activityType: "com.example.read", title: "Read mail", isEligibleForPrediction: true)
        try store.donate(a, at: now)
        try store.donate(a, at: now)
        try store.donate(b, at: now)
        let suggestions = try store.suggestions(now: now)
        #expect(suggestions.map(\.activity.title) == ["Read news", "Read mail"])
        #expect(suggestions.map(\.key) == ["type:com.example.read\u{1F}Read news", "type:com.example.read\u{1F}Read mail"])
    }

    @Test func equalScoresGoByKeyAndLaterDonationsScoreHigher() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        try store.donate(S.booking("B", "Monday"), at: now)
        try store.donate(S.booking("A", "Monday"), at: now)
        try store.donate(S.booking("C", "Monday"), at: now.addingTimeInterval(-1))
        #expect(try store.suggestions(now: now).map(\.persistentIdentifier) == ["A-Monday", "B-Monday", "C-Monday"])
        #expect(try store.suggestions(limit: 0, now: now).isEmpty)
    }

    /// The summary must rank exactly as summing every counted event would, through imports,
    /// single donations, deletes, expirations, ineligible and future-dated events.
    @Test(arguments: [1, 2, 3])
    func summaryRankingMatchesABruteForceSum(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        func randomDonation() -> Donation {
            let group = Int(random.next() % 12)
            var activity = group < 9
                ? S.booking("H\(group)", "Monday")
                : UserActivity(activityType: "com.example.untitled\(group)", title: "Untitled \(group)")
            activity.isEligibleForPrediction = random.next() % 5 != 0
            if random.next() % 3 == 0 {
                activity.expirationDate = now.addingTimeInterval(Double(Int64(random.next() % 40) - 20) * S.day)
            }
            return Donation(activity: activity, donatedAt: now.addingTimeInterval(Double(Int64(random.next() % 90) - 80) * S.day + Double(random.next() % 1000)))
        }
        try store.importDonations((0..<300).map { _ in randomDonation() })
        for _ in 0..<60 {
            let donation = randomDonation()
            try store.donate(donation.activity, at: donation.donatedAt)
        }
        try store.deleteDonations(withPersistentIdentifiers: ["H1-Monday", "H4-Monday"])
        let events = try store.events()
        for offset in [-100.0, -30, -3, 0, 5, 400] {
            let moment = now.addingTimeInterval(offset * S.day)
            let expected = bruteForce(events, now: moment)
            let actual = try store.suggestions(limit: 100, now: moment)
            #expect(actual.map(\.key) == expected.map(\.key), "at \(offset) days")
            #expect(actual.map(\.donationCount) == expected.map(\.count))
            for (got, want) in zip(actual, expected) {
                #expect(abs(got.score - want.score) <= 1e-9 * max(1, want.score), "\(got.key) at \(offset) days")
                #expect(got.lastDonatedAt == want.last)
            }
        }
    }

    private func bruteForce(_ events: [DonationEvent], now: Date) -> [(key: String, count: Int, score: Double, last: Date)] {
        var groups: [String: (count: Int, score: Double, last: Date)] = [:]
        for event in events where event.activity.isEligibleForPrediction && event.donatedAt <= now && !event.activity.isExpired(at: now) {
            let key = DonationStoreSchema.suggestionKey(for: event.activity)
            var group = groups[key] ?? (0, 0, .distantPast)
            group.count += 1
            group.score += SuggestionRanking.weight(donatedAt: event.donatedAt, now: now)
            group.last = max(group.last, event.donatedAt)
            groups[key] = group
        }
        return groups.map { (key: $0.key, count: $0.value.count, score: $0.value.score, last: $0.value.last) }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.key < $1.key }
    }
}
