import Foundation
import Testing
@testable import SQLiteStore

private struct Abort: Error {}

@Suite("Transactions")
struct TransactionTests {
    @Test func commitsWhenTheBodyReturns() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        try connection.execute("CREATE TABLE t(v INTEGER)")
        let result = try connection.transaction {
            try connection.execute("INSERT INTO t VALUES (1)")
            #expect(connection.isInTransaction)
            return "done"
        }
        #expect(result == "done")
        #expect(!connection.isInTransaction)
        // Another connection sees the commit.
        let other = try store.open()
        #expect(try other.scalarInt("SELECT count(*) FROM t") == 1)
        closeWithoutLeaks(other)
        closeWithoutLeaks(connection)
    }

    @Test func rollsBackEverythingWhenTheBodyThrows() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        try connection.execute("CREATE TABLE t(v INTEGER)")
        try connection.execute("INSERT INTO t VALUES (0)")
        #expect(throws: Abort.self) {
            try connection.transaction {
                for value in 1...100 { try connection.execute("INSERT INTO t VALUES (?)", [.integer(Int64(value))]) }
                throw Abort()
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try connection.scalarInt("SELECT count(*) FROM t") == 1)
        closeWithoutLeaks(connection)
    }

    @Test func aSQLiteErrorInsideRollsBackAndPropagates() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        try connection.execute("CREATE TABLE t(v INTEGER NOT NULL)")
        #expect { try connection.transaction {
            try connection.execute("INSERT INTO t VALUES (1)")
            try connection.execute("INSERT INTO t VALUES (NULL)")
        } } throws: { error in SQLiteResultCode.constraintNotNull ~= error }
        #expect(try connection.scalarInt("SELECT count(*) FROM t") == 0)
        closeWithoutLeaks(connection)
    }

    @Test func savepointsUndoOnlyTheirPart() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        try connection.execute("CREATE TABLE t(v INTEGER)")
        try connection.transaction {
            try connection.execute("INSERT INTO t VALUES (1)")
            try? connection.savepoint {
                try connection.execute("INSERT INTO t VALUES (2)")
                throw Abort()
            }
        }
        #expect(try connection.scalarInt("SELECT group_concat(v) FROM t") == 1)
        closeWithoutLeaks(connection)
    }
}
