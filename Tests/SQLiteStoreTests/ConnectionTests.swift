import Foundation
import Testing
@testable import SQLiteStore

@Suite("Connection lifecycle")
struct ConnectionTests {
    @Test func createsTheFileInWALMode() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        do {
            let mode = try connection.prepare("PRAGMA journal_mode")
            #expect(try mode.step())
            #expect(mode.string(at: 0) == "wal")
        }
        #expect(try connection.scalarInt("PRAGMA synchronous") == 1)  // NORMAL
        #expect(FileManager.default.fileExists(atPath: store.path()))
        closeWithoutLeaks(connection)
    }

    @Test func closeReportsALeakedStatementAndStaysOpen() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        var leaked: Statement? = try connection.prepare("SELECT 42")
        #expect { try connection.close() } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return .busy ~= error.code && error.message.contains("SELECT 42") && error.path == store.path()
        }
        #expect(connection.isOpen)
        #expect(try leaked?.step() == true)  // still usable: nothing was closed under it
        leaked = nil
        closeWithoutLeaks(connection)
    }

    @Test func aClosedConnectionRefusesWork() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        closeWithoutLeaks(connection)
        #expect { try connection.execute("SELECT 1") } throws: { error in
            (error as? SQLiteError)?.code == .misuse
        }
        #expect(throws: Never.self) { try connection.close() }  // closing twice is harmless
    }

    @Test func readOnlyConnectionsCannotWrite() throws {
        let store = try TemporaryStore()
        let writer = try store.open()
        try writer.execute("CREATE TABLE t(v INTEGER); INSERT INTO t VALUES (1)")
        closeWithoutLeaks(writer)
        let reader = try store.open(options: .init(mode: .readOnly))
        #expect(try reader.scalarInt("SELECT v FROM t") == 1)
        #expect { try reader.execute("INSERT INTO t VALUES (2)") } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return .readOnly ~= error.code && !(.busy ~= error.code)
        }
        closeWithoutLeaks(reader)
    }

    @Test func errorCodesMatchPrimaryAndExtendedPatterns() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        try connection.execute("CREATE TABLE t(v TEXT UNIQUE)")
        try connection.execute("INSERT INTO t VALUES (?)", ["a"])
        // An untyped-throws context, where `catch CODE` patterns are used.
        let insertDuplicate: () throws -> Void = { try connection.execute("INSERT INTO t VALUES (?)", ["a"]) }
        var caughtByExtendedPattern = false
        do {
            try insertDuplicate()
        } catch SQLiteResultCode.constraintUnique {
            caughtByExtendedPattern = true
        } catch {}
        #expect(caughtByExtendedPattern)
        var caughtByPrimaryPattern = false
        do {
            try insertDuplicate()
        } catch SQLiteResultCode.busy {
            Issue.record("a constraint error is not busy")
        } catch SQLiteResultCode.constraint {
            caughtByPrimaryPattern = true
        } catch {}
        #expect(caughtByPrimaryPattern)
        let error = #expect(throws: SQLiteError.self) { try insertDuplicate() }
        #expect(error?.code == .constraintUnique)
        #expect(error.map { SQLiteResultCode.constraint ~= $0.code } == true)
        #expect(error.map { SQLiteResultCode.constraintNotNull ~= $0.code } == false)
        #expect(error?.sql == "INSERT INTO t VALUES (?)")
        #expect(error?.message.contains("UNIQUE") == true)
        #expect(error?.description.contains("\"a\"") == false)  // bound values stay out of messages
        closeWithoutLeaks(connection)
    }

    @Test func busyTimeoutLetsASecondWriterWaitThenFail() throws {
        let store = try TemporaryStore()
        let first = try store.open()
        try first.execute("CREATE TABLE t(v INTEGER)")
        let second = try store.open(options: .init(busyTimeout: .milliseconds(200)))
        try first.execute("BEGIN IMMEDIATE")
        let started = Date()
        #expect { try second.transaction { try second.execute("INSERT INTO t VALUES (1)") } } throws: { error in
            SQLiteResultCode.busy ~= error
        }
        #expect(Date().timeIntervalSince(started) >= 0.15)  // it waited, rather than failing at once
        try first.execute("COMMIT")
        try second.transaction { try second.execute("INSERT INTO t VALUES (1)") }
        #expect(try first.scalarInt("SELECT count(*) FROM t") == 1)
        closeWithoutLeaks(first)
        closeWithoutLeaks(second)
    }

    @Test func queryPlanShowsIndexUse() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        try connection.execute("CREATE TABLE t(a INTEGER, b TEXT); CREATE INDEX t_by_b ON t(b)")
        let plan = try connection.queryPlan("SELECT a FROM t WHERE b = ?", ["x"])
        #expect(plan.contains { $0.contains("USING INDEX t_by_b") })
        let scan = try connection.queryPlan("SELECT a FROM t WHERE a = 1")
        #expect(scan.contains { $0.hasPrefix("SCAN") })
        closeWithoutLeaks(connection)
    }
}
