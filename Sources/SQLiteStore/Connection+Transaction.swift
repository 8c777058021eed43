import Foundation
extension Connection {
    /// How a transaction takes its locks (`BEGIN DEFERRED|IMMEDIATE|EXCLUSIVE`).
    public enum TransactionKind: String, Sendable {
        /// Takes locks on first use; a read can fail to upgrade to a write with `SQLITE_BUSY`.
        case deferred = "DEFERRED"
        /// Takes the write lock at once, waiting up to the busy timeout: the safe kind for writes.
        case immediate = "IMMEDIATE"
        case exclusive = "EXCLUSIVE"
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws
    /// (rethrowing its error). Transactions do not nest; use ``savepoint(_:_:)`` inside one.
    public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        try execute("BEGIN \(kind.rawValue) TRANSACTION")
        let result: T
        do {
            result = try body()
        } catch {
            rollbackIgnoringErrors()
            throw error
        }
        do {
            try execute("COMMIT TRANSACTION")
        } catch {
            // A failed COMMIT (e.g. SQLITE_BUSY past the timeout) leaves the transaction open.
            rollbackIgnoringErrors()
            throw error
        }
        return result
    }

    /// Runs `body` inside a named savepoint: released when it returns, rolled back to when it throws.
    public func savepoint<T>(_ name: String = "activitybridge", _ body: () throws -> T) throws -> T {
        let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        try execute("SAVEPOINT \(quoted)")
        do {
            let result = try body()
            try execute("RELEASE SAVEPOINT \(quoted)")
            return result
        } catch {
            try? execute("ROLLBACK TO SAVEPOINT \(quoted)")
            try? execute("RELEASE SAVEPOINT \(quoted)")
            throw error
        }
    }

    private func rollbackIgnoringErrors() {
        // SQLite may already have rolled back (e.g. after SQLITE_FULL); then there is nothing to do.
        if isInTransaction { try? execute("ROLLBACK TRANSACTION") }
    }
}
