import Foundation
import SQLiteStore

/// The per-group running sums behind ``SuggestionRanking``, kept in `donation_suggestion_scores`
/// inside the same transactions that store and delete events.
///
/// A row holds, over the group's eligible events: their count, the latest donatedAt `r`, and
/// `Σ 2^((t − r)/halfLife)` (at most the count, so it never overflows). Ranking at `now` scales
/// each row by `2^((r − now)/halfLife)`, then takes back out the events that do not count at
/// `now` (expired ones, through an index on expirationDate); a group whose latest event is after
/// `now` is summed from its events instead.
enum SuggestionScoreSummary {
    /// The running sum of one group.
    struct Group: Equatable {
        var events = 0
        var reference = 0.0
        var sum = 0.0

        /// Adds one eligible event donated at `t` (seconds since 2001).
        mutating func add(_ t: Double) {
            merge(Group(events: 1, reference: t, sum: 1))
        }

        /// Combines two groups' sums at the later reference time.
        mutating func merge(_ other: Group) {
            guard other.events > 0 else { return }
            guard events > 0 else { self = other; return }
            let reference = max(self.reference, other.reference)
            sum = sum * SuggestionRanking.weight(donatedAt: self.reference, relativeTo: reference)
                + other.sum * SuggestionRanking.weight(donatedAt: other.reference, relativeTo: reference)
            events += other.events
            self.reference = reference
        }
    }

    static let createSQL = """
        CREATE TABLE donation_suggestion_scores (
            suggestion_key TEXT PRIMARY KEY NOT NULL,
            events INTEGER NOT NULL,
            reference_time REAL NOT NULL,
            decayed_sum REAL NOT NULL
        ) WITHOUT ROWID;
        -- the eligible events that stop counting once expired, read back out at ranking time
        CREATE INDEX donation_events_expiring
            ON donation_events(expiration_date, suggestion_key, donated_at, eligible_for_prediction)
            WHERE eligible_for_prediction = 1 AND expiration_date IS NOT NULL;
        """

    static let expiredSQL = """
        SELECT suggestion_key, donated_at FROM donation_events
        WHERE eligible_for_prediction = 1 AND expiration_date IS NOT NULL AND expiration_date <= ?
        """

    /// Merges `groups` (new events, by key) into the stored rows.
    static func add(_ groups: [String: Group], in connection: Connection) throws {
        let select = try connection.cachedStatement(
            "SELECT events, reference_time, decayed_sum FROM donation_suggestion_scores WHERE suggestion_key = ?")
        for (key, added) in groups {
            var group = Group()
            try select.bind([.text(key)])
            if try select.step() {
                group = Group(events: Int(select.int64(at: 0)), reference: select.double(at: 1), sum: select.double(at: 2))
            }
            select.reset()
            group.merge(added)
            try store(group, for: key, in: connection)
        }
    }

    /// Recomputes the rows of `keys` from their events (after a delete).
    static func recompute(_ keys: some Sequence<String>, in connection: Connection) throws {
        let events = try connection.cachedStatement(
            "SELECT donated_at FROM donation_events WHERE suggestion_key = ? AND eligible_for_prediction = 1")
        for key in keys {
            var group = Group()
            try events.bind([.text(key)])
            try events.forEachRow { group.add($0.double(at: 0)) }
            try store(group, for: key, in: connection)
        }
    }

    /// Recomputes every row from the events (the migration that adds the table).
    static func rebuild(in connection: Connection) throws {
        try connection.execute("DELETE FROM donation_suggestion_scores")
        var groups: [String: Group] = [:]
        let events = try connection.prepare(
            "SELECT suggestion_key, donated_at FROM donation_events WHERE eligible_for_prediction = 1")
        try events.forEachRow { groups[$0.string(at: 0) ?? "", default: Group()].add($0.double(at: 1)) }
        try add(groups, in: connection)
    }

    private static func store(_ group: Group, for key: String, in connection: Connection) throws {
        if group.events == 0 {
            try connection.execute("DELETE FROM donation_suggestion_scores WHERE suggestion_key = ?", [.text(key)])
        } else {
            try connection.execute("""
                INSERT OR REPLACE INTO donation_suggestion_scores(suggestion_key, events, reference_time, decayed_sum)
                VALUES (?, ?, ?, ?)
                """, [.text(key), .integer(Int64(group.events)), .real(group.reference), .real(group.sum)])
        }
    }

    /// Each group's counted events and score at `now` (seconds since 2001); groups with none are left out.
    static func scores(in connection: Connection, now: Double) throws -> [String: (count: Int, score: Double)] {
        var scores: [String: (count: Int, score: Double)] = [:]
        var startingAfterNow: [String] = []
        try connection.cachedStatement("SELECT suggestion_key, events, reference_time, decayed_sum FROM donation_suggestion_scores")
            .forEachRow { row in
                let key = row.string(at: 0) ?? ""
                let reference = row.double(at: 2)
                if reference <= now {
                    scores[key] = (Int(row.int64(at: 1)), row.double(at: 3) * SuggestionRanking.weight(donatedAt: reference, relativeTo: now))
                } else {
                    startingAfterNow.append(key)
                }
            }
        // Every event of the other groups is at or before now: only expired ones come back out.
        let expired = try connection.cachedStatement(expiredSQL)
        try expired.bind([.real(now)])
        try expired.forEachRow { row in
            let key = row.string(at: 0) ?? ""
            guard var score = scores[key] else { return }
            score.count -= 1
            score.score -= SuggestionRanking.weight(donatedAt: row.double(at: 1), relativeTo: now)
            scores[key] = score
        }
        for key in startingAfterNow {
            scores[key] = try summed(key, now: now, in: connection)
        }
        return scores.filter { $0.value.count > 0 }.mapValues { ($0.count, max(0, $0.score)) }
    }

    /// A group scored from its events: those donated by `now` and unexpired at `now`.
    private static func summed(_ key: String, now: Double, in connection: Connection) throws -> (count: Int, score: Double) {
        let events = try connection.cachedStatement("""
            SELECT donated_at FROM donation_events
            WHERE suggestion_key = ?1 AND eligible_for_prediction = 1 AND donated_at <= ?2
              AND (expiration_date IS NULL OR expiration_date > ?2)
            """)
        try events.bind([.text(key), .real(now)])
        var result = (count: 0, score: 0.0)
        try events.forEachRow { row in
            result.count += 1
            result.score += SuggestionRanking.weight(donatedAt: row.double(at: 0), relativeTo: now)
        }
        return result
    }
}
