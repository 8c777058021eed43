public import Foundation
import SQLiteStore

/// One thing a prediction engine would offer: a donated shortcut, ranked by how often and how
/// recently it was donated.
public struct DonationSuggestion: Sendable, Hashable {
    /// The grouping key: `id:PERSISTENT_ID`, or `type:TYPE␟TITLE` for donations without one.
    public var key: String
    /// The latest eligible, unexpired event's activity (the one Siri would continue).
    public var activity: UserActivity
    /// Eligible, unexpired events counted.
    public var donationCount: Int
    public var lastDonatedAt: Date
    /// The ranking score (see ``SuggestionRanking``).
    public var score: Double

    public var persistentIdentifier: String? { activity.persistentIdentifier }
}

/// How suggestions are ranked: frequency and recency combined, per event.
///
/// Only prediction-eligible events whose activity has not expired at `now` count. Events are
/// grouped by persistent identifier (type and title when there is none). Each event adds
/// `halfLife / (halfLife + age)`, with `age = max(0, now − donatedAt)` and a half-life of 7 days:
/// a donation today counts 1, a week ago 0.5, three weeks ago 0.25. So ten donations last month
/// can outrank one today, and one today outranks one last month. Ties: the latest donation first,
/// then the key. (A hyperbolic rather than exponential decay: the same shape, computed by SQLite
/// from an index alone, with no math extension.)
public enum SuggestionRanking {
    public static let halfLife: TimeInterval = 7 * 86_400

    /// The weight one event donated at `donatedAt` adds at `now`.
    public static func weight(donatedAt: Date, now: Date) -> Double {
        halfLife / (halfLife + max(0, now.timeIntervalSince(donatedAt)))
    }

    /// Groups ranked by score; bound parameters: now (1), half-life (2), limit (3).
    static let rankingSQL = """
        SELECT suggestion_key, count(*), max(donated_at),
               sum(?2 / (?2 + max(0.0, ?1 - donated_at))) AS score
        FROM donation_events
        WHERE eligible_for_prediction = 1 AND (expiration_date IS NULL OR expiration_date > ?1)
        GROUP BY suggestion_key
        ORDER BY score DESC, max(donated_at) DESC, suggestion_key
        LIMIT ?3
        """

    /// The latest eligible, unexpired event of one key; parameters: key (1), now (2).
    static let latestOfKeySQL = """
        SELECT id, donated_at, payload_format, payload FROM donation_events
        WHERE suggestion_key = ?1 AND eligible_for_prediction = 1
          AND (expiration_date IS NULL OR expiration_date > ?2)
        ORDER BY donated_at DESC, id DESC LIMIT 1
        """
}

extension DonationStore {
    /// What a prediction engine would offer at `now`, best first (see ``SuggestionRanking``).
    public func suggestions(limit: Int = 10, now: Date = Date()) throws(DonationStoreError) -> [DonationSuggestion] {
        guard limit > 0 else { return [] }
        return try read {
            try connection.transaction(.deferred) {
                let nowSeconds = now.timeIntervalSinceReferenceDate
                let ranking = try connection.cachedStatement(SuggestionRanking.rankingSQL)
                try ranking.bind([.real(nowSeconds), .real(SuggestionRanking.halfLife), .integer(Int64(limit))])
                var ranked: [(key: String, count: Int, last: Double, score: Double)] = []
                try ranking.forEachRow { row in
                    ranked.append((row.string(at: 0) ?? "", Int(row.int64(at: 1)), row.double(at: 2), row.double(at: 3)))
                }
                let latest = try connection.cachedStatement(SuggestionRanking.latestOfKeySQL)
                return try ranked.compactMap { group -> DonationSuggestion? in
                    try latest.bind([.text(group.key), .real(nowSeconds)])
                    defer { latest.reset() }
                    guard try latest.step() else { return nil }
                    let event = try event(at: latest)
                    return DonationSuggestion(key: group.key, activity: event.activity, donationCount: group.count,
                                              lastDonatedAt: Date(timeIntervalSinceReferenceDate: group.last), score: group.score)
                }
            }
        }
    }
}
