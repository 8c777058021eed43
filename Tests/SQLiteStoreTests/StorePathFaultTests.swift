import Foundation
import Testing
@testable import SQLiteStore

/// Each way a store path can be unusable: a clear error that names the path, and the file (and
/// its directory) exactly as before.
@Suite("Store path faults")
struct StorePathFaultTests {
    @Test func aFileThatIsNotADatabaseIsReportedAndLeftUnchanged() throws {
        let store = try TemporaryStore()
        let path = store.path("notes.sqlite")
        let bytes = Data(String(repeating: "These are my notes, not a database.\n", count: 200).utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        let before = try store.fileNames()
        let error = #expect(throws: SQLiteError.self) { try Connection(path: path) }
        #expect(error?.code == .notADatabase)
        #expect(error?.path == path)
        #expect(error?.message.contains("'\(path)' is not a SQLite database") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try store.fileNames() == before)  // no -wal, -shm or -journal left behind
    }

    @Test func aWriteProtectedFileIsReportedAndLeftUnchanged() throws {
        let store = try TemporaryStore()
        let path = store.path()
        let setup = try Connection(path: path)
        try setup.execute("CREATE TABLE t(v INTEGER); INSERT INTO t VALUES (1)")
        try setup.close()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = #expect(throws: SQLiteError.self) { try Connection(path: path) }
        #expect(error?.code == .readOnly)
        #expect(error?.message.contains("'\(path)' is read-only") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        // Reading it is still fine.
        let reader = try Connection(path: path, options: .init(mode: .readOnly))
        #expect(try reader.scalarInt("SELECT v FROM t") == 1)
        closeWithoutLeaks(reader)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func aMissingDirectoryIsReportedAndNothingIsCreated() throws {
        let store = try TemporaryStore()
        let path = store.directory.appendingPathComponent("no-such-dir/store.sqlite").path
        let error = #expect(throws: SQLiteError.self) { try Connection(path: path) }
        #expect(error?.code == .cannotOpen)
        #expect(error?.message == "cannot create '\(path)': directory '\(store.directory.path)/no-such-dir' does not exist")
        #expect(try store.fileNames().isEmpty)
    }

    @Test func aDirectoryIsNotADatabase() throws {
        let store = try TemporaryStore()
        let error = #expect(throws: SQLiteError.self) { try Connection(path: store.directory.path) }
        #expect(error?.code == .cannotOpenIsDirectory)
        #expect(error?.description.contains("'\(store.directory.path)' is a directory") == true)
    }

    @Test func readOnlyAndReadWriteModesDoNotCreateFiles() throws {
        let store = try TemporaryStore()
        for mode in [Connection.Mode.readOnly, .readWrite] {
            let error = #expect(throws: SQLiteError.self) { try Connection(path: store.path(), options: .init(mode: mode)) }
            #expect(error?.message == "'\(store.path())' does not exist")
        }
        #expect(try store.fileNames().isEmpty)
    }

    @Test func aTruncatedDatabaseIsReportedAndLeftUnchanged() throws {
        let store = try TemporaryStore()
        let path = store.path()
        let setup = try Connection(path: path, options: .init(usesWAL: false))
        try setup.execute("CREATE TABLE t(v TEXT); INSERT INTO t VALUES ('x')")
        try setup.close()
        // Keep only the first 50 bytes: the magic header survives, the page does not.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(50)
        try bytes.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: SQLiteError.self) { try Connection(path: path) }
        #expect(error?.path == path)
        #expect(error.map { SQLiteResultCode.corrupt ~= $0.code || SQLiteResultCode.notADatabase ~= $0.code } == true)
        #expect(error?.message.hasPrefix("'\(path)' is not a SQLite database") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }
}
