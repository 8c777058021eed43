import Foundation
/// Brings a database schema up to date by running registered migrations in order, once each.
///
/// Each migration has a string id; applied ids are recorded in a table (``tableName``). Every
/// migration runs in its own immediate transaction together with its record, so a crash leaves
/// it either fully applied and recorded or not at all, and two processes migrating one file at
/// the same time apply each step once (the second sees the first's record inside its lock).
///
/// ```swift
/// var migrator = Migrator()
/// migrator.registerMigration("v1-create-events") { db in
///     try db.execute("CREATE TABLE events(id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
/// }
/// try migrator.migrate(connection)
/// ```
public struct Migrator: Sendable {
    public typealias Body = @Sendable (Connection) throws -> Void

    private struct Migration: Sendable {
        var id: String
        var body: Body
    }

    /// The table that records applied migration ids.
    public let tableName: String
    private var migrations: [Migration] = []

    public init(tableName: String = "schema_migrations") {
        self.tableName = tableName
    }

    /// The registered ids, in the order they run.
    public var migrationIDs: [String] { migrations.map(\.id) }

    /// Adds a migration after those already registered.
    /// - Precondition: `id` is not registered yet (a programmer error, so it traps).
    public mutating func registerMigration(_ id: String, _ body: @escaping Body) {
        precondition(!migrations.contains { $0.id == id }, "migration '\(id)' is registered twice")
        migrations.append(Migration(id: id, body: body))
    }

    /// Runs every migration not yet recorded in `connection`'s database.
    /// - Returns: the ids applied now, in order.
    /// - Throws: the first migration's error (that migration and later ones stay unapplied), or a
    ///   ``SQLiteError`` when the database records migrations this migrator does not know (it
    ///   was written by a newer version).
    @discardableResult
    public func migrate(_ connection: Connection) throws -> [String] {
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS \(quotedTable) (
                id TEXT PRIMARY KEY NOT NULL,
                applied_at REAL NOT NULL DEFAULT ((julianday('now') - 2440587.5) * 86400.0)
            )
            """)
        let known = Set(migrationIDs)
        let alreadyApplied = try appliedMigrations(connection)
        let unknown = alreadyApplied.filter { !known.contains($0) }
        if !unknown.isEmpty {
            throw SQLiteError(code: .error,
                              message: "'\(connection.path)' has schema migrations this version does not know (\(unknown.joined(separator: ", "))); it was written by a newer version",
                              path: connection.path)
        }
        // The common case, an up-to-date database, takes no write lock at all.
        let pending = Set(migrationIDs).subtracting(alreadyApplied)
        guard !pending.isEmpty else { return [] }
        var applied: [String] = []
        for migration in migrations where pending.contains(migration.id) {
            let ran = try connection.transaction(.immediate) { () throws -> Bool in
                // Checked inside the write lock: another process may have applied it meanwhile.
                let recorded = try connection.scalarInt("SELECT count(*) FROM \(quotedTable) WHERE id = ?", [.text(migration.id)])
                guard recorded == 0 else { return false }
                try migration.body(connection)
                try connection.execute("INSERT INTO \(quotedTable)(id) VALUES (?)", [.text(migration.id)])
                return true
            }
            if ran { applied.append(migration.id) }
        }
        return applied
    }

    /// The ids recorded as applied, in the order they were applied.
    public func appliedMigrations(_ connection: Connection) throws(SQLiteError) -> [String] {
        let statement = try connection.prepare("SELECT id FROM \(quotedTable) ORDER BY rowid")
        var ids: [String] = []
        while try statement.step() {
            ids.append(statement.string(at: 0) ?? "")
        }
        return ids
    }

    private var quotedTable: String { "\"" + tableName.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}
