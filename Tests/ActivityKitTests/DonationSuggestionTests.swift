import Foundation
import PropertyList
import Testing
@testable import ActivityKit

@Suite("Donation suggestions: frequency and recency")
struct DonationSuggestionTests {
    typealias S = SampleDonations
    let now = S.june1

    @Test func weightsHalveAfterAWeek() {
        #expect(SuggestionRanking.weight(donatedAt: now, now: now) == 1)
        #expect(SuggestionRanking.weight(donatedAt: now.addingTimeInterval(-7 * S.day), now: now) == 0.5)
        #expect(SuggestionRanking.weight(donatedAt: now.addingTimeInterval(-21 * S.day), now: now) == 0.25)
        #expect(SuggestionRanking.weight(donatedAt: now.addingTimeInterval(S.day), now: now) == 1)  // future counts as now
    }

    @Test func frequencyAndRecencyBothCount() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        // Ten donations three weeks ago (score 2.5) beat one today (1.0), which beats one a month ago.
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

    @Test func tiesGoToTheLatestThenToTheKey() throws {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        defer { try? store.close() }
        try store.donate(S.booking("B", "Monday"), at: now)
        try store.donate(S.booking("A", "Monday"), at: now)
        #expect(try store.suggestions(now: now).map(\.persistentIdentifier) == ["A-Monday", "B-Monday"])
        #expect(try store.suggestions(limit: 0, now: now).isEmpty)
    }
}
