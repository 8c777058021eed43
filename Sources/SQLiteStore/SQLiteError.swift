internal import CSQLite

/// A SQLite result code, primary (`SQLITE_BUSY`) or extended (`SQLITE_BUSY_SNAPSHOT`).
///
/// A struct rather than an enum because SQLite's set of codes is open-ended. Match with `~=`:
/// a primary pattern matches all of its extended codes, so `case .busy` catches
/// `SQLITE_BUSY_SNAPSHOT`, and `catch SQLiteResultCode.constraint` catches a ``SQLiteError``.
public struct SQLiteResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code: the low byte of an extended code.
    public var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xFF) }

    /// SQLite's English description, e.g. "database is locked".
    public var description: String { String(cString: sqlite3_errstr(rawValue)) }

    public static let ok = SQLiteResultCode(rawValue: 0)
    public static let error = SQLiteResultCode(rawValue: 1)
    public static let `internal` = SQLiteResultCode(rawValue: 2)
    public static let permission = SQLiteResultCode(rawValue: 3)
    public static let abort = SQLiteResultCode(rawValue: 4)
    public static let busy = SQLiteResultCode(rawValue: 5)
    public static let locked = SQLiteResultCode(rawValue: 6)
    public static let noMemory = SQLiteResultCode(rawValue: 7)
    public static let readOnly = SQLiteResultCode(rawValue: 8)
    public static let interrupt = SQLiteResultCode(rawValue: 9)
    public static let ioError = SQLiteResultCode(rawValue: 10)
    public static let corrupt = SQLiteResultCode(rawValue: 11)
    public static let full = SQLiteResultCode(rawValue: 13)
    public static let cannotOpen = SQLiteResultCode(rawValue: 14)
    public static let schema = SQLiteResultCode(rawValue: 17)
    public static let tooBig = SQLiteResultCode(rawValue: 18)
    public static let constraint = SQLiteResultCode(rawValue: 19)
    public static let mismatch = SQLiteResultCode(rawValue: 20)
    public static let misuse = SQLiteResultCode(rawValue: 21)
    public static let range = SQLiteResultCode(rawValue: 25)
    public static let notADatabase = SQLiteResultCode(rawValue: 26)
    public static let row = SQLiteResultCode(rawValue: 100)
    public static let done = SQLiteResultCode(rawValue: 101)

    /// `SQLITE_CONSTRAINT_UNIQUE`.
    public static let constraintUnique = SQLiteResultCode(rawValue: 19 | (8 << 8))
    /// `SQLITE_CONSTRAINT_NOTNULL`.
    public static let constraintNotNull = SQLiteResultCode(rawValue: 19 | (5 << 8))
    /// `SQLITE_BUSY_SNAPSHOT`: a read transaction cannot be upgraded after another writer committed.
    public static let busySnapshot = SQLiteResultCode(rawValue: 5 | (2 << 8))
    /// `SQLITE_CANTOPEN_ISDIR`.
    public static let cannotOpenIsDirectory = SQLiteResultCode(rawValue: 14 | (2 << 8))

    /// Primary patterns match their extended codes; extended patterns match exactly.
    public static func ~= (pattern: SQLiteResultCode, code: SQLiteResultCode) -> Bool {
        pattern.rawValue == pattern.primary.rawValue ? pattern == code.primary : pattern == code
    }

    /// Lets `catch SQLiteResultCode.busy` match a thrown ``SQLiteError`` where errors are untyped.
    /// (In a `throws(SQLiteError)` context, Swift 6.3's compiler crashes on such catch patterns;
    /// match `… ~= error.code` there instead, the pattern on the left as in a `case`: `error.code ~= .cannotOpen`
    /// would ask whether the primary code matches the extended one, false for `SQLITE_CANTOPEN_ISDIR`.)
    public static func ~= (pattern: SQLiteResultCode, error: any Error) -> Bool {
        guard let error = error as? SQLiteError else { return false }
        return pattern ~= error.code
    }
}

/// A failure reported by SQLite, or found while opening a store file.
///
/// Carries the extended result code, SQLite's message, and the SQL (and store path) involved.
/// Bound values are never included: they may be user data.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The extended result code (compare with `~=` to match a primary code).
    public var code: SQLiteResultCode
    /// SQLite's message (`sqlite3_errmsg`) or ours for path problems found before SQLite runs.
    public var message: String
    /// The statement that failed, if any.
    public var sql: String?
    /// The database file, when known.
    public var path: String?

    public init(code: SQLiteResultCode, message: String, sql: String? = nil, path: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.path = path
    }

    /// `SQLite error 26 (file is not a database) in 'PATH': MESSAGE - while executing `SQL``
    public var description: String {
        var text = "SQLite error \(code.rawValue) (\(code.primary))"
        if let path { text += " in '\(path)'" }
        text += ": \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }

    /// The error SQLite reports for `handle` right after `code` was returned.
    static func last(_ code: Int32, handle: OpaquePointer?, sql: String? = nil, path: String? = nil) -> SQLiteError {
        // Prefer the connection's extended code: the return value may be a primary one.
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        let useExtended = extended & 0xFF == code & 0xFF
        return SQLiteError(code: SQLiteResultCode(rawValue: useExtended ? extended : code),
                           message: message, sql: sql, path: path)
    }
}
