public import Foundation
internal import CSQLite

/// One prepared SQL statement, owned by this object and finalized when it goes away.
///
/// Bind with 1-based parameter indexes, ``step()`` through the rows, read columns with 0-based
/// indexes. A statement belongs to one ``Connection`` and to one thread at a time.
///
/// ```swift
/// let insert = try connection.prepare("INSERT INTO t(name, size) VALUES (?, ?)")
/// try insert.bind("a", at: 1)
/// try insert.bind(Int64(3), at: 2)
/// try insert.run()
/// ```
public final class Statement {
    let handle: OpaquePointer
    /// The SQL text the statement was prepared from.
    public let sql: String

    init(database: OpaquePointer, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(database, sql, -1, 0, &statement, nil)
        guard rc == SQLITE_OK, let statement else {
            // A failed prepare leaves nothing to finalize (statement is NULL).
            throw SQLiteError.last(rc, handle: database, sql: sql)
        }
        handle = statement
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    private var database: OpaquePointer? { sqlite3_db_handle(handle) }

    private func check(_ rc: Int32) throws(SQLiteError) {
        guard rc == SQLITE_OK else { throw SQLiteError.last(rc, handle: database, sql: sql) }
    }

    // MARK: Binding

    /// Binds an integer to the 1-based parameter `index`.
    public func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    public func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
        try bind(Int64(value), at: index)
    }

    /// Binds a boolean as 0 or 1.
    public func bind(_ value: Bool, at index: Int32) throws(SQLiteError) {
        try bind(Int64(value ? 1 : 0), at: index)
    }

    public func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds UTF-8 text; SQLite copies it.
    public func bind(_ value: String, at index: Int32) throws(SQLiteError) {
        var value = value
        let rc: Int32 = value.withUTF8 { buffer in
            guard let base = buffer.baseAddress else {
                return sqlite3_bind_text(handle, index, "", 0, activitybridge_sqlite_transient())
            }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text in
                sqlite3_bind_text64(handle, index, text, sqlite3_uint64(buffer.count),
                                    activitybridge_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
        try check(rc)
    }

    /// Binds a blob; SQLite copies it. Empty data binds a zero-length blob, not NULL.
    public func bind(_ value: Data, at index: Int32) throws(SQLiteError) {
        let rc = value.withUnsafeBytes { buffer in
            sqlite3_bind_blob64(handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                sqlite3_uint64(buffer.count), activitybridge_sqlite_transient())
        }
        try check(rc)
    }

    /// Binds the bytes of an array, `Data` or other contiguous buffer as a blob; SQLite copies them.
    public func bindBlob(_ bytes: some ContiguousBytes, at index: Int32) throws(SQLiteError) {
        let rc = bytes.withUnsafeBytes { buffer in
            sqlite3_bind_blob64(handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                sqlite3_uint64(buffer.count), activitybridge_sqlite_transient())
        }
        try check(rc)
    }

    public func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    /// Binds any ``SQLiteValue`` (NULL for `.null`).
    public func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        switch value {
        case .null: try bindNull(at: index)
        case let .integer(v): try bind(v, at: index)
        case let .real(v): try bind(v, at: index)
        case let .text(v): try bind(v, at: index)
        case let .blob(v): try bind(v, at: index)
        }
    }

    /// Binds `values` to parameters 1, 2, …
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() { sqlite3_clear_bindings(handle) }

    /// Readies the statement to run again (bindings are kept).
    public func reset() { sqlite3_reset(handle) }

    // MARK: Stepping

    /// Advances to the next row. - Returns: true when a row is available, false when done.
    /// - Throws: ``SQLiteError`` (the statement is reset so it can be reused).
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError.last(rc, handle: database, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Binds `values` (when given), runs to completion, and resets.
    public func run(_ values: [SQLiteValue] = []) throws(SQLiteError) {
        if !values.isEmpty { try bind(values) }
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Calls `body` for each row (the statement itself, positioned on the row), then resets.
    public func forEachRow(_ body: (Statement) throws -> Void) throws {
        defer { sqlite3_reset(handle) }
        while try step() { try body(self) }
    }

    // MARK: Columns (0-based)

    public var columnCount: Int32 { sqlite3_column_count(handle) }

    public func columnName(at index: Int32) -> String {
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }

    public func isNull(at index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    public func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    public func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// The column as text; nil when it is NULL.
    public func string(at index: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column as a blob; nil when it is NULL.
    public func data(at index: Int32) -> Data? {
        if isNull(at: index) { return nil }
        // Pointer first, then size, as the SQLite documentation prescribes.
        let bytes = sqlite3_column_blob(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Lends the column's bytes without copying them (empty for NULL); valid only inside `body`.
    public func withUnsafeBlob<T, E: Error>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws(E) -> T) throws(E) -> T {
        let bytes = sqlite3_column_blob(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes else {
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// The column as whichever storage class SQLite holds it in.
    public func value(at index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: .integer(int64(at: index))
        case SQLITE_FLOAT: .real(double(at: index))
        case SQLITE_TEXT: .text(string(at: index) ?? "")
        case SQLITE_BLOB: .blob(data(at: index) ?? Data())
        default: .null
        }
    }
}
