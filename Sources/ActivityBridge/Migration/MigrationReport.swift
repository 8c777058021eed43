import JSON
import PropertyList

/// What one `migrate` run did: every legacy event read is counted once, as migrated now, already
/// migrated by an earlier run, or skipped for one reason — so
/// `migrated + alreadyMigrated + skipped.total == read`.
public struct MigrationReport: Hashable, Sendable {
    public var read = 0
    public var migrated = 0
    public var alreadyMigrated = 0
    /// Skipped events by reason; every reason is present (zero when it did not occur).
    public var skipped: [MigrationSkipReason: Int] = Dictionary(uniqueKeysWithValues: MigrationSkipReason.allCases.map { ($0, 0) })
    /// Migrated (or already migrated) events whose entity could not be checked: the app's data
    /// was not given, or its manifest has no lookup for the entity type.
    public var unverifiedEntities = 0
    /// Whether this was a dry run (nothing written; `migrated` counts what would be).
    public var dryRun = false
    /// Persistent identifiers all of whose events are now intent donations: their legacy
    /// donations can be deleted. Sorted.
    public var deletablePersistentIdentifiers: [String] = []
    /// Migrated events without a persistent identifier (they cannot be deleted one by one).
    public var migratedWithoutPersistentIdentifier = 0
    /// The first event skipped for each reason that occurred, with why: for a conversion, the
    /// key path that did not fit (`userInfo 'openItems[0]' is not valid JSON data: …`).
    public var firstSkipped: [MigrationSkipReason: SkippedEvent] = [:]

    /// One skipped event, as the report names it.
    public struct SkippedEvent: Hashable, Sendable {
        /// The legacy event's row id.
        public var eventID: Int64
        public var activityType: String
        public var because: String

        public init(eventID: Int64, activityType: String, because: String) {
            self.eventID = eventID
            self.activityType = activityType
            self.because = because
        }
    }

    public init() {}

    public var skippedTotal: Int { skipped.values.reduce(0, +) }

    /// Whether every event read is now an intent donation.
    public var everythingMigrated: Bool { skippedTotal == 0 && read == migrated + alreadyMigrated }

    public func skipped(_ reason: MigrationSkipReason) -> Int { skipped[reason] ?? 0 }

    /// One line of JSON, the contract of <doc:MigratingDonations>:
    /// `{"read":N,"migrated":N,"alreadyMigrated":N,"skipped":{"REASON":N}}`, plus
    /// `unverifiedEntities`, `dryRun`, `deletablePersistentIdentifiers` and `firstSkipped`
    /// (`{"REASON":{"event":N,"activityType":"…","because":"…"}}`, the reasons that occurred).
    public var json: String {
        JSONValue.object([
            ("read", .integer(read)),
            ("migrated", .integer(migrated)),
            ("alreadyMigrated", .integer(alreadyMigrated)),
            ("skipped", .object(MigrationSkipReason.allCases.map { ($0.rawValue, .integer(skipped($0))) })),
            ("unverifiedEntities", .integer(unverifiedEntities)),
            ("dryRun", .bool(dryRun)),
            ("deletablePersistentIdentifiers", .array(deletablePersistentIdentifiers.map { .string($0) })),
            ("firstSkipped", .object(MigrationSkipReason.allCases.compactMap { reason in
                firstSkipped[reason].map { skipped in
                    (reason.rawValue, .object([("event", .integer(skipped.eventID)), ("activityType", .string(skipped.activityType)),
                                               ("because", .string(skipped.because))]))
                }
            })),
        ]).text
    }
}
