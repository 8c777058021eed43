import Foundation
internal import CSQLite

/// An open SQLite database file: the owner of one `sqlite3` handle, closed explicitly with ``close()``.
///
/// Opening checks the path first and reports a clear ``SQLiteError`` that names it when the
/// directory is missing, the path is a directory, the file is write-protected (for a writable
/// open), or the file is not a SQLite database; in each case the file is left untouched. A
/// writable connection then switches the database to WAL and `synchronous=NORMAL`; every
/// connection waits up to ``Options/busyTimeout`` for another process's lock, so two processes
/// can share one store.
///
/// A connection (and its statements) must be used by one thread at a time.
public final class Connection {
    /// How to open the file.
    public enum Mode: Sendable {
        /// Read and write, creating the file when it does not exist.
        case readWriteCreate
        /// Read and write an existing database.
        case readWrite
        /// Read only; nothing is ever written, not even the journal mode.
        case readOnly
    }

    public struct Options: Sendable {
        public var mode: Mode
        /// How long to wait for another connection's lock before failing with `SQLITE_BUSY`.
        public var busyTimeout: Duration
        /// Switch a writable database to write-ahead logging (readers never block the writer).
        public var usesWAL: Bool

        public init(mode: Mode = .readWriteCreate, busyTimeout: Duration = .seconds(30), usesWAL: Bool = true) {
            self.mode = mode
            self.busyTimeout = busyTimeout
            self.usesWAL = usesWAL
        }
    }

    /// The file this connection opened.
    public let path: String
    public let options: Options
    private(set) var handle: OpaquePointer?
    private var statementCache: [String: Statement] = [:]

    /// Opens (or, with `.readWriteCreate`, creates) the database at `path`.
    /// - Throws: ``SQLiteError`` naming `path` when it cannot be used as a database.
    public init(path: String, options: Options = Options()) throws(SQLiteError) {
        self.path = path
        self.options = options
        try StorePathCheck.check(path, mode: options.mode)
        var database: OpaquePointer?
        let flags: Int32 = switch options.mode {
        case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: SQLITE_OPEN_READWRITE
        case .readOnly: SQLITE_OPEN_READONLY
        }
        let rc = sqlite3_open_v2(path, &database, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nil)
        guard rc == SQLITE_OK, let database else {
            // "Whether or not an error occurs when it is opened, resources associated with the
            // database connection handle should be released by passing it to sqlite3_close()."
            let error = StorePathCheck.describeOpenFailure(rc, handle: database, path: path)
            sqlite3_close(database)
            throw error
        }
        handle = database
        sqlite3_extended_result_codes(database, 1)
        sqlite3_busy_timeout(database, Int32(clamping: options.busyTimeout.components.seconds * 1000
            + options.busyTimeout.components.attoseconds / 1_000_000_000_000_000))
        do {
            try configure()
        } catch {
            sqlite3_close_v2(database)
            handle = nil
            throw error
        }
    }

    /// A safety net only: code should call ``close()``, which reports leaked statements.
    deinit {
        if let handle {
            statementCache.removeAll()
            sqlite3_close_v2(handle)
        }
    }

    private func configure() throws(SQLiteError) {
        do throws(SQLiteError) {
            // Reading the schema first detects a file that is not a database (or is damaged)
            // before anything could write to it.
            _ = try scalarInt("SELECT count(*) FROM sqlite_schema")
            guard options.mode != .readOnly else { return }
            if sqlite3_db_readonly(handle, "main") == 1 {
                throw SQLiteError(code: .readOnly, message: "'\(path)' can only be opened read-only", path: path)
            }
            if options.usesWAL {
                // Setting WAL is persistent; on an already-WAL database this is a no-op read.
                try execute("PRAGMA journal_mode=WAL")
                // NORMAL is durable across application crashes in WAL mode (only power loss can
                // roll back the last transactions) and avoids an fsync per commit.
                try execute("PRAGMA synchronous=NORMAL")
            }
        } catch {
            guard error.path == nil else { throw error }
            if .notADatabase ~= error.code || .corrupt ~= error.code {
                throw SQLiteError(code: error.code, message: "'\(path)' is not a SQLite database (\(error.message))",
                                  sql: error.sql, path: path)
            }
            throw SQLiteError(code: error.code, message: "cannot use '\(path)': \(error.message)", sql: error.sql, path: path)
        }
    }

    /// Whether ``close()`` has not yet run.
    public var isOpen: Bool { handle != nil }

    /// Closes the connection after dropping the statement cache.
    /// - Throws: ``SQLiteError`` (`SQLITE_BUSY`) listing the SQL of statements still alive
    ///   elsewhere; the connection then stays open. Closing a closed connection does nothing.
    public func close() throws(SQLiteError) {
        guard let handle else { return }
        statementCache.removeAll()
        let rc = sqlite3_close(handle)
        guard rc == SQLITE_OK else {
            let leaked = unfinalizedStatementSQL
            throw SQLiteError(code: SQLiteResultCode(rawValue: rc),
                              message: "cannot close '\(path)': \(leaked.count) statement(s) not finalized: \(leaked.joined(separator: "; "))",
                              path: path)
        }
        self.handle = nil
    }

    /// The SQL of every statement of this connection that is not finalized (cached ones included).
    public var unfinalizedStatementSQL: [String] {
        guard let handle else { return [] }
        var sql: [String] = []
        var statement = sqlite3_next_stmt(handle, nil)
        while let current = statement {
            sql.append(sqlite3_sql(current).map { String(cString: $0) } ?? "?")
            statement = sqlite3_next_stmt(handle, current)
        }
        return sql
    }

    func openHandle(sql: String? = nil) throws(SQLiteError) -> OpaquePointer {
        guard let handle else {
            throw SQLiteError(code: .misuse, message: "the connection to '\(path)' is closed", sql: sql, path: path)
        }
        return handle
    }

    // MARK: Statements

    /// Prepares a new statement; it is finalized when the returned object goes away.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(database: openHandle(sql: sql), sql: sql)
    }

    /// A statement from the connection's cache (prepared on first use), reset and with its
    /// bindings cleared. Don't run the same SQL nested inside a loop over its own rows.
    public func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = statementCache[sql] {
            statement.reset()
            statement.clearBindings()
            return statement
        }
        let statement = try prepare(sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs one or more SQL statements that take no parameters (schema, pragmas).
    public func execute(_ sql: String) throws(SQLiteError) {
        let handle = try openHandle(sql: sql)
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw SQLiteError.last(rc, handle: handle, sql: sql) }
    }

    /// Runs one cached statement with `arguments`.
    public func execute(_ sql: String, _ arguments: [SQLiteValue]) throws(SQLiteError) {
        try cachedStatement(sql).run(arguments)
    }

    /// The first column of the first row as an integer (nil without rows or when NULL).
    public func scalarInt(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        guard try statement.step(), !statement.isNull(at: 0) else { return nil }
        return statement.int64(at: 0)
    }

    /// The rowid of the last successful INSERT on this connection.
    public var lastInsertRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { handle.map { Int(sqlite3_changes64($0)) } ?? 0 }

    /// Whether a transaction is open (autocommit is off).
    public var isInTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    /// The lines of `EXPLAIN QUERY PLAN sql` (the `detail` column), for checking index use.
    public func queryPlan(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> [String] {
        let statement = try prepare("EXPLAIN QUERY PLAN " + sql)
        try statement.bind(arguments)
        var lines: [String] = []
        while try statement.step() {
            lines.append(statement.string(at: 3) ?? "")
        }
        return lines
    }
}
