import Foundation
import Testing
import SQLiteStore
@testable import ActivityKit

/// The CLI's store queries must read indexes, not scan the table: they have to answer in under
/// 50 ms on 150,000 events. EXPLAIN QUERY PLAN shows which.
@Suite("Donation store query plans")
struct DonationQueryPlanTests {
    private func plan(_ sql: String, _ store: DonationStore) throws -> [String] {
        try store.connection.queryPlan(sql)
    }

    private func storeWithData() throws -> (DonationTestDirectory, DonationStore) {
        let directory = try DonationTestDirectory()
        let store = try directory.openStore()
        for day in 0..<20 {
            var activity = SampleDonations.booking("H\(day % 5)", "Monday")
            if day % 3 == 0 { activity.expirationDate = SampleDonations.june1.addingTimeInterval(Double(day) * 86_400) }
            try store.donate(activity, at: SampleDonations.june1.addingTimeInterval(Double(day) * 3_600))
        }
        // Statistics as a real store would have them, so the planner chooses as it would there.
        try store.connection.execute("ANALYZE")
        return (directory, store)
    }

    /// No line may scan the table itself; every scan or search must go through an index.
    private func expectIndexOnly(_ lines: [String], index: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!lines.isEmpty, sourceLocation: sourceLocation)
        #expect(lines.contains { $0.contains("INDEX \(index)") }, "plan: \(lines)", sourceLocation: sourceLocation)
        let tableScans = lines.filter { $0.hasPrefix("SCAN donation_events") && !$0.contains("INDEX") }
        #expect(tableScans.isEmpty, "plan: \(lines)", sourceLocation: sourceLocation)
    }

    @Test func statsAndTheIdentifierListReadOnlyTheCountSummaries() throws {
        let (directory, store) = try storeWithData()
        defer { try? store.close(); _ = directory }
        for sql in [DonationCountSummary.statsByTypeSQL, DonationCountSummary.distinctSQL, DonationCountSummary.identifiersInOrderSQL] {
            let lines = try plan(sql, store)
            #expect(!lines.isEmpty)
            #expect(!lines.contains { $0.contains("donation_events") }, "plan: \(lines)")  // never the event log
        }
    }

    @Test func deletingTakesCountsOutThroughTheIdentifierIndex() throws {
        let (directory, store) = try storeWithData()
        defer { try? store.close(); _ = directory }
        let lines = try plan("""
            SELECT activity_type, count(*), sum(eligible_for_prediction) FROM donation_events
            WHERE persistent_identifier = ? GROUP BY activity_type
            """, store)
        expectIndexOnly(lines, index: "donation_events_by_persistent_identifier")
    }

    @Test func deleteByPersistentIdentifierSearchesTheIndex() throws {
        let (directory, store) = try storeWithData()
        defer { try? store.close(); _ = directory }
        let lines = try plan("DELETE FROM donation_events WHERE persistent_identifier = 'Jane-Monday'", store)
        expectIndexOnly(lines, index: "donation_events_by_persistent_identifier")
        #expect(lines.contains { $0.hasPrefix("SEARCH") })
    }

    @Test func suggestionsReadTheSummaryAndIndexesNotTheEvents() throws {
        let (directory, store) = try storeWithData()
        defer { try? store.close(); _ = directory }
        let expired = try plan(SuggestionScoreSummary.expiredSQL, store)
        expectIndexOnly(expired, index: "donation_events_expiring")
        #expect(expired.contains { $0.contains("SEARCH") && $0.contains("COVERING INDEX donation_events_expiring") })
        let latest = try plan(SuggestionRanking.latestOfKeySQL, store)
        expectIndexOnly(latest, index: "donation_events_for_suggestions")
        #expect(!latest.contains { $0.contains("TEMP B-TREE") })  // the newest is the index's last entry
    }

    @Test func theLatestActivityAndTheCursorUseIndexes() throws {
        let (directory, store) = try storeWithData()
        defer { try? store.close(); _ = directory }
        let latest = try plan(DonationStore.latestEventSQL, store)
        expectIndexOnly(latest, index: "donation_events_by_persistent_identifier")
        #expect(!latest.contains { $0.contains("TEMP B-TREE") })
        let cursor = try plan(DonationStore.eventCursorSQL, store)
        expectIndexOnly(cursor, index: "donation_events_by_time")
        #expect(!cursor.contains { $0.contains("TEMP B-TREE") })  // streams, no sort of 150k rows first
    }
}
