import Foundation
import Testing
@testable import SQLiteStore

private struct Broken: Error {}

@Suite("Migrator")
struct MigratorTests {
    private func threeStepMigrator() -> Migrator {
        var migrator = Migrator()
        migrator.registerMigration("1-create") { db in try db.execute("CREATE TABLE t(a INTEGER)") }
        migrator.registerMigration("2-add-column") { db in try db.execute("ALTER TABLE t ADD COLUMN b TEXT") }
        migrator.registerMigration("3-index") { db in try db.execute("CREATE INDEX t_by_b ON t(b)") }
        return migrator
    }

    @Test func appliesEachMigrationOnceInOrderAndRecordsIt() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        let migrator = threeStepMigrator()
        #expect(try migrator.migrate(connection) == ["1-create", "2-add-column", "3-index"])
        #expect(try migrator.appliedMigrations(connection) == ["1-create", "2-add-column", "3-index"])
        #expect(try migrator.migrate(connection) == [])  // a second run applies nothing
        try connection.execute("INSERT INTO t(a, b) VALUES (1, 'x')")
        closeWithoutLeaks(connection)
        // A reopened file remembers what ran.
        let reopened = try store.open()
        #expect(try migrator.migrate(reopened) == [])
        #expect(try reopened.scalarInt("SELECT count(*) FROM schema_migrations") == 3)
        closeWithoutLeaks(reopened)
    }

    @Test func aLaterMigrationRunsOnADatabaseThatHasTheEarlierOnes() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        var first = Migrator()
        first.registerMigration("1-create") { db in try db.execute("CREATE TABLE t(a INTEGER)") }
        try first.migrate(connection)
        #expect(try threeStepMigrator().migrate(connection) == ["2-add-column", "3-index"])
        closeWithoutLeaks(connection)
    }

    @Test func aFailingMigrationLeavesItselfAndLaterOnesUnapplied() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        var migrator = Migrator()
        migrator.registerMigration("1-create") { db in try db.execute("CREATE TABLE t(a INTEGER)") }
        migrator.registerMigration("2-half-done") { db in
            try db.execute("CREATE TABLE u(a INTEGER)")
            throw Broken()
        }
        migrator.registerMigration("3-never") { db in try db.execute("CREATE TABLE v(a INTEGER)") }
        #expect(throws: Broken.self) { try migrator.migrate(connection) }
        #expect(try migrator.appliedMigrations(connection) == ["1-create"])
        let tables = try connection.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name IN ('u', 'v')")
        #expect(tables == 0)  // the half-done table was rolled back with its migration
        #expect(!connection.isInTransaction)
        closeWithoutLeaks(connection)
    }

    @Test func aDatabaseFromANewerVersionIsRefused() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        var newer = threeStepMigrator()
        newer.registerMigration("4-future") { db in try db.execute("CREATE TABLE w(a INTEGER)") }
        try newer.migrate(connection)
        let error = #expect(throws: SQLiteError.self) { try threeStepMigrator().migrate(connection) }
        #expect(error?.message.contains("4-future") == true)
        #expect(error?.message.contains("newer version") == true)
        closeWithoutLeaks(connection)
    }

    @Test func twoConnectionsMigratingTogetherApplyEachStepOnce() async throws {
        let store = try TemporaryStore()
        let path = store.path()
        // Counting table creations through the file itself: a second CREATE TABLE would throw.
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<2 {
                group.addTask {
                    let connection = try Connection(path: path)
                    defer { try? connection.close() }
                    var migrator = Migrator()
                    migrator.registerMigration("1-create") { db in try db.execute("CREATE TABLE t(a INTEGER)") }
                    migrator.registerMigration("2-index") { db in try db.execute("CREATE INDEX t_by_a ON t(a)") }
                    return try migrator.migrate(connection)
                }
            }
            return try await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(results.sorted() == ["1-create", "2-index"])
    }
}
