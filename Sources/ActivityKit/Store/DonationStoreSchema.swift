import SQLiteStore

/// The donation store's tables and indexes, as ordered migrations.
///
/// `donation_events` is a log: one row per donation. Times are seconds since 2001-01-01 UTC (the
/// property-list epoch, so a `Date` survives exactly). The activity itself is in `payload`
/// (``DonationPayloadCodec``); the other columns copy the fields the queries filter on.
/// Summary tables kept in the same transactions answer the CLI's queries in a few rows:
/// `donation_suggestion_scores` (``SuggestionScoreSummary``), `donation_type_counts` and
/// `donation_identifier_counts` (``DonationCountSummary``).
enum DonationStoreSchema {
    /// Migrations of this store are recorded in their own table, so the store can share a file
    /// with other stores (the CLI's default `./activity-bridge.sqlite`).
    static let migrationsTable = "donation_store_migrations"

    static let migrator: Migrator = {
        var migrator = Migrator(tableName: migrationsTable)
        migrator.registerMigration("1-donation-events") { db in
            try db.execute("""
                CREATE TABLE donation_events (
                    id INTEGER PRIMARY KEY,
                    activity_type TEXT NOT NULL,
                    persistent_identifier TEXT,
                    -- persistent_identifier, or type and title for donations without one (see suggestions)
                    suggestion_key TEXT NOT NULL,
                    title TEXT,
                    donated_at REAL NOT NULL,
                    eligible_for_prediction INTEGER NOT NULL,
                    expiration_date REAL,
                    payload_format INTEGER NOT NULL,
                    payload BLOB NOT NULL
                );
                -- list and the streaming cursor: donatedAt order (the rowid breaks ties)
                CREATE INDEX donation_events_by_time ON donation_events(donated_at);
                -- delete by id, latest activity of an id, distinct count, first-donation order
                CREATE INDEX donation_events_by_persistent_identifier
                    ON donation_events(persistent_identifier, donated_at)
                    WHERE persistent_identifier IS NOT NULL;
                -- stats: events per type and eligible events, from the index alone (dropped by
                -- migration 4: the count summaries replaced it)
                CREATE INDEX donation_events_by_type ON donation_events(activity_type, eligible_for_prediction);
                -- suggestions: frequency and recency of eligible events from the index alone (the
                -- flag is a column too so the ranking is covered); id orders ties of the latest
                CREATE INDEX donation_events_for_suggestions
                    ON donation_events(suggestion_key, donated_at, id, expiration_date, eligible_for_prediction)
                    WHERE eligible_for_prediction = 1;
                """)
        }
        migrator.registerMigration("2-suggestion-score-summary") { db in
            // Ranking read every eligible event (~40 ms at 150,000); the summary makes it one
            // row per group. Existing events are summed into it here.
            try db.execute(SuggestionScoreSummary.createSQL)
            try SuggestionScoreSummary.rebuild(in: db)
        }
        migrator.registerMigration("3-count-summaries") { db in
            // stats scanned two indexes of every event (~30 ms at 150,000); these are a few rows.
            try db.execute(DonationCountSummary.createSQL)
        }
        migrator.registerMigration("4-drop-type-index") { db in
            // Only stats read it, and they use the count summaries now; every delete paid for it.
            try db.execute("DROP INDEX IF EXISTS donation_events_by_type")
        }
        return migrator
    }()

    static let insertEvent = """
        INSERT INTO donation_events(activity_type, persistent_identifier, suggestion_key, title, donated_at,
                                    eligible_for_prediction, expiration_date, payload_format, payload)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The suggestion grouping key: the persistent identifier, else type and title joined by a
    /// unit separator (two donations without an identifier are the same shortcut when both match).
    static func suggestionKey(for activity: UserActivity) -> String {
        if let id = activity.persistentIdentifier, !id.isEmpty { return "id:" + id }
        return "type:" + activity.activityType + "\u{1F}" + (activity.title ?? "")
    }
}
