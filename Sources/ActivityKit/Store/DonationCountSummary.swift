import SQLiteStore

/// Counts kept beside the event log so `stats` and the replay snapshot's identifier list read a
/// few rows instead of every event: events per activity type (and how many are eligible for
/// prediction), and events per persistent identifier with its first donation. Updated in the same
/// transactions that store and delete events.
enum DonationCountSummary {
    /// Counts to add for a batch of new events.
    struct Batch {
        var types: [String: (events: Int, eligible: Int)] = [:]
        var identifiers: [String: (events: Int, firstDonatedAt: Double, firstEventID: Int64)] = [:]

        mutating func add(type: String, persistentIdentifier: String?, eligible: Bool, donatedAt: Double, eventID: Int64) {
            var typeCounts = types[type] ?? (0, 0)
            typeCounts.events += 1
            typeCounts.eligible += eligible ? 1 : 0
            types[type] = typeCounts
            guard let persistentIdentifier else { return }
            if var counts = identifiers[persistentIdentifier] {
                counts.events += 1
                if (donatedAt, eventID) < (counts.firstDonatedAt, counts.firstEventID) {
                    counts.firstDonatedAt = donatedAt
                    counts.firstEventID = eventID
                }
                identifiers[persistentIdentifier] = counts
            } else {
                identifiers[persistentIdentifier] = (1, donatedAt, eventID)
            }
        }
    }

    static let createSQL = """
        CREATE TABLE donation_type_counts (
            activity_type TEXT PRIMARY KEY NOT NULL,
            events INTEGER NOT NULL,
            eligible_for_prediction INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE donation_identifier_counts (
            persistent_identifier TEXT PRIMARY KEY NOT NULL,
            events INTEGER NOT NULL,
            first_donated_at REAL NOT NULL,
            first_event_id INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO donation_type_counts
            SELECT activity_type, count(*), sum(eligible_for_prediction) FROM donation_events GROUP BY activity_type;
        INSERT INTO donation_identifier_counts
            SELECT persistent_identifier, count(*), min(donated_at),
                   (SELECT id FROM donation_events AS first WHERE first.persistent_identifier = e.persistent_identifier
                    ORDER BY donated_at, id LIMIT 1)
            FROM donation_events AS e WHERE persistent_identifier IS NOT NULL GROUP BY persistent_identifier;
        """

    static let statsByTypeSQL = "SELECT activity_type, events, eligible_for_prediction FROM donation_type_counts"
    static let distinctSQL = "SELECT count(*) FROM donation_identifier_counts"
    static let identifiersInOrderSQL = """
        SELECT persistent_identifier FROM donation_identifier_counts ORDER BY first_donated_at, first_event_id
        """

    /// Adds a batch of new events' counts.
    static func add(_ batch: Batch, in connection: Connection) throws {
        for (type, counts) in batch.types {
            try connection.execute("""
                INSERT INTO donation_type_counts(activity_type, events, eligible_for_prediction) VALUES (?1, ?2, ?3)
                ON CONFLICT(activity_type) DO UPDATE SET events = events + ?2, eligible_for_prediction = eligible_for_prediction + ?3
                """, [.text(type), .integer(Int64(counts.events)), .integer(Int64(counts.eligible))])
        }
        for (identifier, counts) in batch.identifiers {
            // SET expressions all read the old row, so the first-donation pair moves together.
            try connection.execute("""
                INSERT INTO donation_identifier_counts(persistent_identifier, events, first_donated_at, first_event_id)
                VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT(persistent_identifier) DO UPDATE SET
                    events = events + ?2,
                    first_donated_at = CASE WHEN (?3, ?4) < (first_donated_at, first_event_id) THEN ?3 ELSE first_donated_at END,
                    first_event_id = CASE WHEN (?3, ?4) < (first_donated_at, first_event_id) THEN ?4 ELSE first_event_id END
                """, [.text(identifier), .integer(Int64(counts.events)), .real(counts.firstDonatedAt), .integer(counts.firstEventID)])
        }
    }

    /// Takes out the counts of `persistentIdentifier`'s events; call before deleting them.
    static func remove(persistentIdentifier: String, in connection: Connection) throws {
        let removed = try connection.cachedStatement("""
            SELECT activity_type, count(*), sum(eligible_for_prediction) FROM donation_events
            WHERE persistent_identifier = ? GROUP BY activity_type
            """)
        try removed.bind([.text(persistentIdentifier)])
        var byType: [(String, Int64, Int64)] = []
        try removed.forEachRow { byType.append(($0.string(at: 0) ?? "", $0.int64(at: 1), $0.int64(at: 2))) }
        for (type, events, eligible) in byType {
            try connection.execute("""
                UPDATE donation_type_counts SET events = events - ?2, eligible_for_prediction = eligible_for_prediction - ?3
                WHERE activity_type = ?1
                """, [.text(type), .integer(events), .integer(eligible)])
        }
        try connection.execute("DELETE FROM donation_type_counts WHERE events <= 0", [])
        try connection.execute("DELETE FROM donation_identifier_counts WHERE persistent_identifier = ?", [.text(persistentIdentifier)])
    }

    static func removeAll(in connection: Connection) throws {
        try connection.execute("DELETE FROM donation_type_counts", [])
        try connection.execute("DELETE FROM donation_identifier_counts", [])
    }
}
