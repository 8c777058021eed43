import Foundation
public import SQLiteStore

/// Stores intent donations in a SQLite store (`IntentDonationManager`), oldest first.
///
/// ```swift
/// let donations = try IntentDonationManager(connection: connection)
/// let id = donations.donate(intent: try registry.instance("ShowSavedWalkIntent", parameters: ["walk": "6F1C…"]))
/// try donations.deleteDonations(matching: .donationIdentifier(id))   // [id]
/// ```
///
/// Donate only after the user completed the action in the app's own UI, never for runs Siri or
/// Shortcuts started (R8.1). The manager does not own the connection.
public final class IntentDonationManager {
    public let connection: Connection
    /// The error the last ``donate(intent:)`` swallowed, if it failed.
    public private(set) var lastError: (any Error)?
    private let hasTable: Bool

    /// Opens the donations of `connection`'s store.
    /// - Parameter createTables: create the IntentKit tables when missing (the default). Pass
    ///   false for a read-only connection: a store without the tables then reads as empty.
    public init(connection: Connection, createTables: Bool = true) throws {
        self.connection = connection
        if createTables {
            try IntentStoreSchema.migrate(connection)
            hasTable = true
        } else {
            hasTable = try connection.scalarInt(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'intent_donations'") == 1
        }
    }

    /// Donates `intent` now, as Apple's synchronous `donate(intent:)` does: the identifier comes
    /// back whether or not storing succeeded (R8.2); a failure is kept in ``lastError``.
    @discardableResult
    public func donate(intent: IntentInstance) -> IntentDonationIdentifier {
        let donation = IntentDonation(intent)
        do {
            try insert(donation)
            lastError = nil
        } catch {
            lastError = error
        }
        return donation.identifier
    }

    /// Donates `intent` and reports failures (the async throwing variant).
    @discardableResult
    public func recordDonation(of intent: IntentInstance, at date: Date = Date()) throws -> IntentDonationIdentifier {
        let donation = IntentDonation(intent, donatedAt: date)
        try insert(donation)
        return donation.identifier
    }

    /// Stores one donation. - Returns: false when a donation with the same ``IntentDonation/migratedFrom``
    /// key is already stored (nothing is written then).
    /// - Throws: ``ParameterJSON/EncodingError`` for unstorable parameters; `SQLiteError` for a
    ///   repeated identifier or a store failure.
    @discardableResult
    public func insert(_ donation: IntentDonation) throws -> Bool {
        try insert([donation]).first ?? false
    }

    /// Stores donations in one transaction (a savepoint inside the caller's): all or none.
    /// - Returns: per donation, whether it was inserted (false: its `migratedFrom` key exists).
    @discardableResult
    public func insert(_ donations: [IntentDonation]) throws -> [Bool] {
        guard !donations.isEmpty else { return [] }
        let encoded = try donations.map { try ParameterJSON.encode($0.parameters) }
        return try IntentStoreSchema.atomically(connection) {
            let statement = try connection.cachedStatement("""
                INSERT INTO intent_donations (identifier, intent_type, parameters, donated_at, migrated_from)
                VALUES (?, ?, ?, ?, ?) ON CONFLICT (migrated_from) DO NOTHING
                """)
            var inserted: [Bool] = []
            for (donation, parameters) in zip(donations, encoded) {
                try statement.run([
                    .text(donation.identifier.description), .text(donation.intentTypeName), .text(parameters),
                    .real(donation.donatedAt.timeIntervalSince1970), SQLiteValue(donation.migratedFrom),
                ])
                inserted.append(connection.changes == 1)
            }
            return inserted
        }
    }

    /// Deletes donations. - Returns: the identifiers deleted, in input order (or donation order
    /// for a type); identifiers that match nothing are left out.
    @discardableResult
    public func deleteDonations(matching predicate: IntentDonationMatchingPredicate) throws -> [IntentDonationIdentifier] {
        guard hasTable else { return [] }
        return try IntentStoreSchema.atomically(connection) {
            let identifiers: [IntentDonationIdentifier]
            switch predicate {
            case let .donationIdentifier(identifier): identifiers = [identifier]
            case let .donationIdentifiers(list): identifiers = list
            case let .intentType(name): identifiers = try donations(intentTypeName: name).map(\.identifier)
            }
            let delete = try connection.cachedStatement("DELETE FROM intent_donations WHERE identifier = ?")
            var deleted: [IntentDonationIdentifier] = []
            var seen: Set<IntentDonationIdentifier> = []
            for identifier in identifiers where seen.insert(identifier).inserted {
                try delete.run([.text(identifier.description)])
                if connection.changes == 1 { deleted.append(identifier) }
            }
            return deleted
        }
    }

    /// Every donation, oldest first (of one intent type when given).
    public func donations(intentTypeName: String? = nil) throws -> [IntentDonation] {
        var result: [IntentDonation] = []
        try forEachDonation(intentTypeName: intentTypeName) { result.append($0) }
        return result
    }

    /// Calls `body` with each donation, oldest first, reading one row at a time (flat memory
    /// for any store size).
    /// - Throws: `SQLiteError` (`corrupt`) for a row this type did not write; `body`'s error.
    public func forEachDonation(intentTypeName: String? = nil, _ body: (IntentDonation) throws -> Void) throws {
        guard hasTable else { return }
        // Not the cached statement: `body` may query the store while this one is stepping.
        let statement = try connection.prepare("""
            SELECT identifier, intent_type, parameters, donated_at, migrated_from FROM intent_donations
            WHERE ? IS NULL OR intent_type = ? ORDER BY donated_at, rowid
            """)
        let type = SQLiteValue(intentTypeName)
        try statement.bind([type, type])
        while try statement.step() {
            let text = statement.string(at: 0) ?? ""
            // Rows are written by this type only; an unreadable one means the file was edited.
            guard let identifier = IntentDonationIdentifier(text),
                  let parameters = ParameterJSON.decode(statement.string(at: 2) ?? "")
            else {
                throw SQLiteError(code: .corrupt, message: "intent donation '\(text)' in '\(connection.path)' is unreadable",
                                  path: connection.path)
            }
            try body(IntentDonation(
                identifier: identifier, intentTypeName: statement.string(at: 1) ?? "", parameters: parameters,
                donatedAt: Date(timeIntervalSince1970: statement.double(at: 3)), migratedFrom: statement.string(at: 4)))
        }
    }

    /// Total donations and counts per intent type.
    public func statistics() throws -> IntentDonationStatistics {
        guard hasTable else { return IntentDonationStatistics(total: 0, byIntent: [:]) }
        let statement = try connection.cachedStatement("SELECT intent_type, count(*) FROM intent_donations GROUP BY intent_type")
        var byIntent: [String: Int] = [:]
        while try statement.step() {
            byIntent[statement.string(at: 0) ?? ""] = Int(statement.int64(at: 1))
        }
        return IntentDonationStatistics(total: byIntent.values.reduce(0, +), byIntent: byIntent)
    }

    /// Whether a donation migrated from `key` is stored.
    public func containsMigration(from key: String) throws -> Bool {
        guard hasTable else { return false }
        return try connection.scalarInt("SELECT count(*) FROM intent_donations WHERE migrated_from = ?", [.text(key)]) == 1
    }
}
