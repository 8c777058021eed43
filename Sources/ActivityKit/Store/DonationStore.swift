public import Foundation
import PropertyList
import SQLiteStore

/// The legacy donation store: a SQLite log of every `NSUserActivity` donation, with its time.
///
/// Each donation is an event; frequency and recency of events feed ``suggestions(limit:now:)``,
/// and deleting a persistent identifier removes all of its events (as
/// `deleteSavedUserActivities(withPersistentIdentifiers:)` does). Every operation is one
/// transaction: an import that fails leaves nothing of itself behind. The file is in WAL mode
/// with a busy timeout, so two processes can import into one store at the same time. Stats,
/// suggestions and the identifier list read summaries kept beside the log, so they stay fast at
/// hundreds of thousands of events (`DonationStoreSchema`).
///
/// ```swift
/// let store = try DonationStore(path: "activity-bridge.sqlite")
/// defer { try? store.close() }
/// let receipt = try store.donate(activity)
/// for suggestion in try store.suggestions(limit: 5) { print(suggestion.activity.title ?? "") }
/// ```
///
/// A store and the events it returns belong to one thread at a time.
public final class DonationStore {
    /// The file the CLI uses when `--store` is not given.
    public static let defaultFileName = "activity-bridge.sqlite"

    /// The store's file.
    public var path: String { connection.path }
    let connection: Connection

    /// Opens the store at `path`, creating the file and its schema when needed.
    ///
    /// With `readOnly`, nothing is ever written (not even the schema): the file must already be a
    /// donation store with an up-to-date schema.
    /// - Throws: ``DonationStoreError/store(_:)`` naming the path when it cannot be used
    ///   (missing directory, not a database, write-protected…); the file is left unchanged.
    public init(path: String, readOnly: Bool = false, busyTimeout: Duration = .seconds(30)) throws(DonationStoreError) {
        let options = Connection.Options(mode: readOnly ? .readOnly : .readWriteCreate, busyTimeout: busyTimeout)
        do {
            connection = try Connection(path: path, options: options)
        } catch {
            throw .store(error)
        }
        do {
            if readOnly {
                try Self.checkSchema(of: connection)
            } else {
                try DonationStoreSchema.migrator.migrate(connection)
            }
        } catch {
            try? connection.close()
            if let error = error as? DonationStoreError { throw error }
            if let error = error as? SQLiteError { throw .store(error) }
            throw .store(SQLiteError(code: .error, message: String(describing: error), path: path))
        }
    }

    private static func checkSchema(of connection: Connection) throws {
        let migrator = DonationStoreSchema.migrator
        let hasTable = try connection.scalarInt(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(migrator.tableName)])
        guard hasTable == 1 else {
            throw DonationStoreError.notADonationStore(path: connection.path, reason: "it has no donation tables")
        }
        let applied = try migrator.appliedMigrations(connection)
        guard applied == migrator.migrationIDs else {
            throw DonationStoreError.notADonationStore(path: connection.path,
                reason: "its schema version (\(applied.joined(separator: ", "))) differs from this tool's; open it writable once to migrate")
        }
    }

    /// Closes the file. - Throws: when statements are still in use (a programming error).
    public func close() throws(DonationStoreError) {
        do { try connection.close() } catch { throw .store(error) }
    }

    // MARK: Writing

    /// Validates `activity` and stores it as a donation event at `date`.
    /// - Returns: the event id and the warnings: validation warnings, then why Siri could not
    ///   suggest it (no title, no persistentIdentifier, not eligible for prediction).
    /// - Throws: ``DonationStoreError/invalidActivity(_:)`` (nothing stored) or a store error.
    @discardableResult
    public func donate(_ activity: UserActivity, at date: Date = Date()) throws(DonationStoreError) -> DonationReceipt {
        let warnings: [UserActivityIssue]
        do {
            warnings = try activity.validated()
        } catch {
            throw .invalidActivity(error)
        }
        let id = try write { () throws -> Int64 in
            var buffer: [UInt8] = []
            var summaries = PendingSummaries()
            try insert(Donation(activity: activity, donatedAt: date), statement: connection.cachedStatement(DonationStoreSchema.insertEvent),
                       buffer: &buffer, summaries: &summaries)
            let id = connection.lastInsertRowID
            try summaries.store(in: connection)
            return id
        }
        return DonationReceipt(eventID: id, warnings: warnings + activity.donationWarnings)
    }

    /// Stores `donations` as events in one transaction, in the order given.
    ///
    /// Every donation is validated first; the first invalid one (by index) fails the import and
    /// nothing is stored. Large imports drop and rebuild the secondary indexes inside the same
    /// transaction, which is much faster than updating them row by row.
    /// - Parameter progress: called now and then with the number of donations stored so far.
    /// - Returns: the number of events stored.
    @discardableResult
    public func importDonations(
        _ donations: [Donation], progress: ((Int) -> Void)? = nil
    ) throws(DonationStoreError) -> Int {
        for (index, donation) in donations.enumerated() {
            do {
                try donation.activity.validated()
            } catch {
                throw .invalidDonation(index: index, error)
            }
        }
        return try insertAll(donations, progress: progress)
    }

    /// Stores a decoded donation log (already validated by ``DonationLog/decode(_:defaultDonatedAt:)``)
    /// in one transaction.
    /// - Throws: ``DonationStoreError/invalidDonation(index:_:)`` for the first donation with an
    ///   error when the log has any (nothing is stored), or a store error.
    @discardableResult
    public func importDonations(
        _ log: DonationLog.Decoded, progress: ((Int) -> Void)? = nil
    ) throws(DonationStoreError) -> Int {
        let errors = log.errors
        if let first = errors.first {
            let index = DonationLog.donationIndex(of: first.path) ?? 0
            throw .invalidDonation(index: index, UserActivityError(issues: errors.filter {
                DonationLog.donationIndex(of: $0.path) == index
            }))
        }
        return try insertAll(log.donations, progress: progress)
    }

    private func insertAll(_ donations: [Donation], progress: ((Int) -> Void)?) throws(DonationStoreError) -> Int {
        guard !donations.isEmpty else { return 0 }
        return try write { () throws -> Int in
            let existing = try connection.scalarInt("SELECT count(*) FROM donation_events") ?? 0
            let rebuildsIndexes = donations.count >= Self.indexRebuildThreshold && Int64(donations.count) > existing
            let indexes = rebuildsIndexes ? try dropSecondaryIndexes() : []
            let statement = try connection.prepare(DonationStoreSchema.insertEvent)
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1024)
            var summaries = PendingSummaries()
            for (index, donation) in donations.enumerated() {
                try insert(donation, statement: statement, buffer: &buffer, summaries: &summaries)
                if index % 10_000 == 9_999 { progress?(index + 1) }
            }
            for sql in indexes { try connection.execute(sql) }
            try summaries.store(in: connection)
            progress?(donations.count)
            return donations.count
        }
    }

    /// Imports at or above this size, into a store holding fewer events, rebuild the indexes.
    static let indexRebuildThreshold = 5_000

    /// Deletes every event of each of `persistentIdentifiers`.
    /// - Returns: the number of events deleted.
    @discardableResult
    public func deleteDonations(withPersistentIdentifiers persistentIdentifiers: [String]) throws(DonationStoreError) -> Int {
        try write { () throws -> Int in
            var deleted = 0
            var affectedKeys = Set<String>()
            let keys = try connection.cachedStatement(
                "SELECT DISTINCT suggestion_key FROM donation_events WHERE persistent_identifier = ? AND eligible_for_prediction = 1")
            for id in Set(persistentIdentifiers) {
                try keys.bind([.text(id)])
                try keys.forEachRow { affectedKeys.insert($0.string(at: 0) ?? "") }
                try DonationCountSummary.remove(persistentIdentifier: id, in: connection)
                try connection.execute("DELETE FROM donation_events WHERE persistent_identifier = ?", [.text(id)])
                deleted += connection.changes
            }
            try SuggestionScoreSummary.recompute(affectedKeys, in: connection)
            return deleted
        }
    }

    /// Deletes every event. - Returns: the number of events deleted.
    @discardableResult
    public func deleteAllDonations() throws(DonationStoreError) -> Int {
        try write { () throws -> Int in
            try connection.execute("DELETE FROM donation_events", [])
            let deleted = connection.changes
            try connection.execute("DELETE FROM donation_suggestion_scores", [])
            try DonationCountSummary.removeAll(in: connection)
            return deleted
        }
    }

    // MARK: Internals

    /// Runs `body` in an immediate transaction, mapping errors to ``DonationStoreError``.
    func write<T>(_ body: () throws -> T) throws(DonationStoreError) -> T {
        do {
            return try connection.transaction(.immediate, body)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Runs a read, mapping errors to ``DonationStoreError``.
    func read<T>(_ body: () throws -> T) throws(DonationStoreError) -> T {
        do {
            return try body()
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    static func storeError(_ error: any Error, path: String) -> DonationStoreError {
        if let error = error as? DonationStoreError { return error }
        if var error = error as? SQLiteError {
            if error.path == nil { error.path = path }
            return .store(error)
        }
        return .store(SQLiteError(code: .error, message: String(describing: error), path: path))
    }

    /// The summaries' share of events inserted in one transaction, stored before it commits.
    private struct PendingSummaries {
        var scores: [String: SuggestionScoreSummary.Group] = [:]
        var counts = DonationCountSummary.Batch()

        func store(in connection: Connection) throws {
            try SuggestionScoreSummary.add(scores, in: connection)
            try DonationCountSummary.add(counts, in: connection)
        }
    }

    /// Inserts one event and adds it to the pending summaries.
    private func insert(
        _ donation: Donation, statement: Statement, buffer: inout [UInt8], summaries: inout PendingSummaries
    ) throws {
        let activity = donation.activity
        let suggestionKey = DonationStoreSchema.suggestionKey(for: activity)
        buffer.removeAll(keepingCapacity: true)
        DonationPayloadCodec.encode(activity, into: &buffer)
        try statement.bind(activity.activityType, at: 1)
        try statement.bind(SQLiteValue(activity.persistentIdentifier), at: 2)
        try statement.bind(suggestionKey, at: 3)
        try statement.bind(SQLiteValue(activity.title), at: 4)
        try statement.bind(donation.donatedAt.timeIntervalSinceReferenceDate, at: 5)
        try statement.bind(activity.isEligibleForPrediction, at: 6)
        try statement.bind(SQLiteValue(activity.expirationDate?.timeIntervalSinceReferenceDate), at: 7)
        try statement.bind(DonationPayloadCodec.format, at: 8)
        try statement.bindBlob(buffer, at: 9)
        try statement.run()
        let donatedAt = donation.donatedAt.timeIntervalSinceReferenceDate
        if activity.isEligibleForPrediction {
            summaries.scores[suggestionKey, default: SuggestionScoreSummary.Group()].add(donatedAt)
        }
        summaries.counts.add(type: activity.activityType, persistentIdentifier: activity.persistentIdentifier,
                             eligible: activity.isEligibleForPrediction, donatedAt: donatedAt, eventID: connection.lastInsertRowID)
    }

    /// Drops the event table's secondary indexes and returns the SQL that recreates them.
    private func dropSecondaryIndexes() throws -> [String] {
        let list = try connection.prepare(
            "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'donation_events' AND sql IS NOT NULL ORDER BY name")
        var indexes: [(name: String, sql: String)] = []
        while try list.step() {
            if let name = list.string(at: 0), let sql = list.string(at: 1) { indexes.append((name, sql)) }
        }
        for index in indexes {
            try connection.execute("DROP INDEX \"\(index.name.replacingOccurrences(of: "\"", with: "\"\""))\"")
        }
        return indexes.map(\.sql)
    }

    /// Decodes an event row's payload into its activity.
    func activity(fromPayload payload: UnsafeRawBufferPointer, format: Int64, eventID: Int64) throws(DonationStoreError) -> UserActivity {
        guard format == DonationPayloadCodec.format else {
            throw .damagedEvent(id: eventID, reason: "unknown payload format \(format)")
        }
        let dictionary: PropertyListDictionary
        do {
            dictionary = try DonationPayloadCodec.decode(payload)
        } catch {
            throw .damagedEvent(id: eventID, reason: error.description)
        }
        do {
            return try UserActivity(activityDictionary: dictionary)
        } catch {
            throw .damagedEvent(id: eventID, reason: error.description)
        }
    }
}
