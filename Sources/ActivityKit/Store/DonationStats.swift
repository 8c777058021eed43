import SQLiteStore

/// Counts over a donation store, as `donations stats` prints them.
public struct DonationStats: Sendable, Hashable {
    /// Events stored.
    public var total: Int
    /// Distinct persistent identifiers among them (events without one are not counted).
    public var distinct: Int
    /// Events eligible for prediction.
    public var eligibleForPrediction: Int
    /// Events per activity type.
    public var byType: [String: Int]

    public init(total: Int, distinct: Int, eligibleForPrediction: Int, byType: [String: Int]) {
        self.total = total
        self.distinct = distinct
        self.eligibleForPrediction = eligibleForPrediction
        self.byType = byType
    }
}

extension DonationStore {
    /// Totals, distinct persistent identifiers, prediction-eligible events and events per type,
    /// read in one snapshot from the count summaries (`DonationCountSummary`).
    public func stats() throws(DonationStoreError) -> DonationStats {
        try read {
            try connection.transaction(.deferred) {
                var stats = DonationStats(total: 0, distinct: 0, eligibleForPrediction: 0, byType: [:])
                try connection.cachedStatement(DonationCountSummary.statsByTypeSQL).forEachRow { row in
                    let count = Int(row.int64(at: 1))
                    stats.byType[row.string(at: 0) ?? "", default: 0] += count
                    stats.total += count
                    stats.eligibleForPrediction += Int(row.int64(at: 2))
                }
                stats.distinct = Int(try connection.scalarInt(DonationCountSummary.distinctSQL) ?? 0)
                return stats
            }
        }
    }
}
