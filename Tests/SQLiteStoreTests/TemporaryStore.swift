import Foundation
import Testing
@testable import SQLiteStore
import TestSupport

/// A fresh directory for one test's database files, removed when the test ends.
final class TemporaryStore {
    private let temporary: TemporaryDirectory
    var directory: URL { temporary.url }

    init() throws { temporary = try TemporaryDirectory("sqlitestore-tests") }

    func path(_ name: String = "test.sqlite") -> String { temporary.path(name) }

    /// Names of the files in the directory, sorted (to check that a failed open created nothing).
    func fileNames() throws -> [String] { try temporary.fileNames() }

    /// Opens a connection at `name`.
    func open(_ name: String = "test.sqlite", options: Connection.Options = .init()) throws -> Connection {
        try Connection(path: path(name), options: options)
    }
}

/// Closes `connection`, failing the test when a statement was leaked (close reports them).
func closeWithoutLeaks(_ connection: Connection, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(throws: Never.self, sourceLocation: sourceLocation) { try connection.close() }
    #expect(connection.unfinalizedStatementSQL.isEmpty, sourceLocation: sourceLocation)
    #expect(!connection.isOpen, sourceLocation: sourceLocation)
}
