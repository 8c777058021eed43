import Foundation
import Testing
@testable import SQLiteStore

@Suite("Statement binding and columns")
struct StatementTests {
    @Test(arguments: [Int64.min, -1, 0, 1, Int64.max])
    func integersRoundTrip(_ value: Int64) throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        do {
            let select = try connection.prepare("SELECT ?")
            try select.bind(value, at: 1)
            #expect(try select.step())
            #expect(select.value(at: 0) == .integer(value))
            #expect(select.int64(at: 0) == value)
            #expect(try select.step() == false)
        }
        closeWithoutLeaks(connection)
    }

    @Test(arguments: [0.0, -0.5, 1e300, Double.leastNonzeroMagnitude, .infinity])
    func doublesRoundTrip(_ value: Double) throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        do {
            let select = try connection.prepare("SELECT ?")
            try select.bind(value, at: 1)
            #expect(try select.step())
            #expect(select.double(at: 0) == value)
        }
        closeWithoutLeaks(connection)
    }

    @Test(arguments: ["", "plain", "Zürich – 東京 🚶", "nul\u{0}inside"])
    func stringsRoundTripThroughATable(_ value: String) throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        do {
            try connection.execute("CREATE TABLE t(v TEXT)")
            try connection.execute("INSERT INTO t(v) VALUES (?)", [.text(value)])
            let select = try connection.prepare("SELECT v, typeof(v) FROM t")
            #expect(try select.step())
            #expect(select.string(at: 0) == value)
            #expect(select.string(at: 1) == "text")
        }
        closeWithoutLeaks(connection)
    }

    @Test func blobsKeepEmptyDistinctFromNull() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        do {
            try connection.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v BLOB)")
            let insert = try connection.prepare("INSERT INTO t(id, v) VALUES (?, ?)")
            let bytes = Data((0...255).map { UInt8($0) })
            try insert.bind(Int64(1), at: 1); try insert.bind(bytes, at: 2); try insert.run()
            try insert.bind(Int64(2), at: 1); try insert.bind(Data(), at: 2); try insert.run()
            try insert.bind(Int64(3), at: 1); try insert.bindNull(at: 2); try insert.run()
            let select = try connection.prepare("SELECT v, typeof(v) FROM t ORDER BY id")
            var rows: [(Data?, String?)] = []
            try select.forEachRow { rows.append(($0.data(at: 0), $0.string(at: 1))) }
            #expect(rows.map(\.0) == [bytes, Data(), nil])
            #expect(rows.map(\.1) == ["blob", "blob", "null"])
        }
        closeWithoutLeaks(connection)
    }

    @Test func bindingOutOfRangeIsAnError() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        do {
            let select = try connection.prepare("SELECT ?")
            #expect { try select.bind(Int64(1), at: 2) } throws: { error in
                (error as? SQLiteError)?.code == .range && (error as? SQLiteError)?.sql == "SELECT ?"
            }
        }
        closeWithoutLeaks(connection)
    }

    @Test func prepareErrorCarriesTheSQLAndMessage() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        do {
            #expect { try connection.prepare("SELEC 1") } throws: { error in
                guard let error = error as? SQLiteError else { return false }
                return error.code == .error && error.sql == "SELEC 1" && error.message.contains("syntax error")
            }
        }
        closeWithoutLeaks(connection)
    }

    @Test func cachedStatementsAreReusedAndResetBetweenUses() throws {
        let store = try TemporaryStore()
        let connection = try store.open()
        do {
            let first = try connection.cachedStatement("SELECT ?")
            try first.bind(Int64(7), at: 1)
            #expect(try first.step())
            // Half-read: the next fetch must still start clean, with bindings cleared.
            let second = try connection.cachedStatement("SELECT ?")
            #expect(first === second)
            #expect(try second.step())
            #expect(second.isNull(at: 0))
            #expect(connection.unfinalizedStatementSQL.contains("SELECT ?"))
        }
        closeWithoutLeaks(connection)
    }
}
