import Foundation
import SQLiteStore

extension DonationStore {
    static let eventColumns = "id, donated_at, payload_format, payload"
    /// The streaming cursor: every event in donatedAt order, read along the time index.
    static let eventCursorSQL = "SELECT \(eventColumns) FROM donation_events ORDER BY donated_at, id"
    static let latestEventSQL = """
        SELECT \(eventColumns) FROM donation_events
        WHERE persistent_identifier = ? ORDER BY donated_at DESC, id DESC LIMIT 1
        """

    /// Every event, oldest donation first (ties in the order they were stored).
    /// For large stores prefer ``forEachEvent(_:)``, which holds one event at a time.
    public func events() throws(DonationStoreError) -> [DonationEvent] {
        var events: [DonationEvent] = []
        do {
            try forEachEvent { events.append($0) }
        } catch {
            throw Self.storeError(error, path: path)
        }
        return events
    }

    /// Calls `body` with each event in donatedAt order (ties in storage order), reading one row
    /// at a time: memory stays flat however large the store is. The read is one snapshot: events
    /// stored meanwhile by another process are not seen. `body` must not write to this store.
    /// - Throws: a store error, ``DonationStoreError/damagedEvent(id:reason:)``, or what `body` throws.
    public func forEachEvent(_ body: (DonationEvent) throws -> Void) throws {
        do {
            try connection.transaction(.deferred) {
                let statement = try connection.prepare(Self.eventCursorSQL)
                while try statement.step() {
                    try body(try event(at: statement))
                }
            }
        } catch let error as SQLiteError {
            throw Self.storeError(error, path: path)
        }
    }

    /// The number of stored events.
    public func eventCount() throws(DonationStoreError) -> Int {
        try read { Int(try connection.scalarInt("SELECT count(*) FROM donation_events") ?? 0) }
    }

    /// The most recent event of `persistentIdentifier` (latest donatedAt, then latest stored),
    /// or nil when it has none. This is the donation `continueDonation` continues.
    public func latestEvent(persistentIdentifier: String) throws(DonationStoreError) -> DonationEvent? {
        try read {
            let statement = try connection.cachedStatement(Self.latestEventSQL)
            try statement.bind(persistentIdentifier, at: 1)
            defer { statement.reset() }
            guard try statement.step() else { return nil }
            return try event(at: statement)
        }
    }

    /// The stored activity of the latest donation with `persistentIdentifier`, or nil.
    public func activity(persistentIdentifier: String) throws(DonationStoreError) -> UserActivity? {
        try latestEvent(persistentIdentifier: persistentIdentifier)?.activity
    }

    /// Each stored persistent identifier once, in the order of its first donation (earliest
    /// donatedAt, ties in storage order): the replay snapshot's `donations` key.
    public func persistentIdentifiersInDonationOrder() throws(DonationStoreError) -> [String] {
        try read {
            let statement = try connection.cachedStatement(DonationCountSummary.identifiersInOrderSQL)
            var identifiers: [String] = []
            try statement.forEachRow { row in identifiers.append(row.string(at: 0) ?? "") }
            return identifiers
        }
    }

    /// Builds the event on the statement's current row (columns as ``eventColumns``).
    func event(at statement: Statement) throws(DonationStoreError) -> DonationEvent {
        let id = statement.int64(at: 0)
        let donatedAt = Date(timeIntervalSinceReferenceDate: statement.double(at: 1))
        let format = statement.int64(at: 2)
        let activity = try statement.withUnsafeBlob(at: 3) { (bytes) throws(DonationStoreError) -> UserActivity in
            try self.activity(fromPayload: bytes, format: format, eventID: id)
        }
        return DonationEvent(id: id, activity: activity, donatedAt: donatedAt)
    }
}
