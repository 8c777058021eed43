import Foundation
import IntentKit
import SQLiteStore

/// The intent store a migration writes (or, in a dry run, only reads when it exists).
final class MigrationTarget {
    let path: String
    private let connection: Connection?
    private let donations: IntentDonationManager?
    private let dryRun: Bool

    /// Opens or creates the store; in a dry run opens an existing one read-only and creates nothing.
    init(path: String, dryRun: Bool) throws(MigrationError) {
        self.path = path
        self.dryRun = dryRun
        do {
            if dryRun {
                guard FileManager.default.fileExists(atPath: path) else {
                    connection = nil
                    donations = nil
                    return
                }
                let connection = try Connection(path: path, options: .init(mode: .readOnly))
                self.connection = connection
                donations = try IntentDonationManager(connection: connection, createTables: false)
            } else {
                let connection = try Connection(path: path)
                self.connection = connection
                do {
                    donations = try IntentDonationManager(connection: connection)
                } catch {
                    try? connection.close()
                    throw error
                }
            }
        } catch {
            throw .targetStore(path: path, reason: String(describing: error))
        }
    }

    func close() {
        try? connection?.close()
    }

    /// Whether the store already holds the donation's source key (dry runs).
    func contains(_ donation: IntentDonation) throws -> Bool {
        guard let donations, let key = donation.migratedFrom else { return false }
        return try donations.containsMigration(from: key)
    }

    /// Writes `batch` in one transaction (conflicting source keys are skipped), counts it, and
    /// empties it.
    func write(_ batch: inout [IntentDonation], into report: inout MigrationReport) throws {
        guard !batch.isEmpty, !dryRun, let donations else { return }
        let inserted = try donations.insert(batch)
        let count = inserted.reduce(0) { $0 + ($1 ? 1 : 0) }
        report.migrated += count
        report.alreadyMigrated += batch.count - count
        batch.removeAll(keepingCapacity: true)
    }
}
