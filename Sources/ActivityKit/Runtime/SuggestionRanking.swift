public import Foundation
import SQLiteStore

/// One thing a prediction engine would offer: a donated shortcut, ranked by how often and how
/// recently it was donated.
public struct DonationSuggestion: Sendable, Hashable {
    /// The grouping key: `id:PERSISTENT_ID`, or `type:TYPE␟TITLE` for donations without one.
    public var key: String
    /// The latest counted event's activity (the one Siri would continue).
    public var activity: UserActivity
    /// Events counted (eligible, unexpired, donated at or before `now`).
    public var donationCount: Int
    public var lastDonatedAt: Date
    /// The ranking score (see ``SuggestionRanking``).
    public var score: Double

    public var persistentIdentifier: String? { activity.persistentIdentifier }
}

/// How suggestions are ranked: frequency and recency, as an exponentially decayed count.
///
/// Counted events: eligible for prediction, not expired at `now` (expirationDate after `now`, or
/// none), donated at or before `now`. They are grouped by persistent identifier (activity type
/// and title for donations without one). Each counted event adds `2^(−age / 7 days)`, with
/// `age = now − donatedAt`: a donation today counts 1, a week ago 0.5, three weeks ago 0.125. So
/// frequent donations outrank a single recent one until they age, and recent ones outrank old
/// ones. Highest score first; equal scores by key.
///
/// The decay is exponential so that it factors: `Σ 2^((t − now)/H) = 2^((r − now)/H) · Σ 2^((t − r)/H)`
/// for any reference time `r`. The store keeps `Σ 2^((t − r)/H)` per group, with `r` the group's
/// latest eligible donation, updated as events are stored and deleted
/// (`SuggestionScoreSummary`), so ranking reads one row per group plus the few expired or
/// future-dated events to take back out, not every event.
public enum SuggestionRanking {
    public static let halfLife: TimeInterval = 7 * 86_400

    /// The weight one event donated at `donatedAt` adds at `now` (before exclusion rules).
    public static func weight(donatedAt: Date, now: Date) -> Double {
        weight(donatedAt: donatedAt.timeIntervalSinceReferenceDate, relativeTo: now.timeIntervalSinceReferenceDate)
    }

    /// `2^((t − reference) / halfLife)`, times as seconds since 2001.
    static func weight(donatedAt t: Double, relativeTo reference: Double) -> Double {
        exp2((t - reference) / halfLife)
    }

    /// The latest counted event of one key; parameters: key (1), now (2).
    static let latestOfKeySQL = """
        SELECT id, donated_at, payload_format, payload FROM donation_events
        WHERE suggestion_key = ?1 AND eligible_for_prediction = 1 AND donated_at <= ?2
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
                let scores = try SuggestionScoreSummary.scores(in: connection, now: nowSeconds)
                let ranked = scores.sorted { $0.value.score != $1.value.score ? $0.value.score > $1.value.score : $0.key < $1.key }
                let latest = try connection.cachedStatement(SuggestionRanking.latestOfKeySQL)
                var suggestions: [DonationSuggestion] = []
                for (key, score) in ranked.prefix(limit) {
                    try latest.bind([.text(key), .real(nowSeconds)])
                    defer { latest.reset() }
                    guard try latest.step() else { continue }
                    let event = try event(at: latest)
                    suggestions.append(DonationSuggestion(key: key, activity: event.activity, donationCount: score.count,
                                                          lastDonatedAt: event.donatedAt, score: score.score))
                }
                return suggestions
            }
        }
    }
}
