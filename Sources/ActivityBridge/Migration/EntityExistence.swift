import Foundation
import PropertyList
import SQLiteStore

/// Tells `migrate` whether an entity a donation names still exists.
public protocol EntityExistenceChecking {
    /// true or false; nil when it cannot tell (no lookup for this entity type).
    func exists(entityType: String, identifier: String) throws -> Bool?
}

/// Answers from the app's own SQLite data, opened read-only, by the manifest's `entities`
/// lookups: one indexed query per identifier (`SELECT 1 FROM table WHERE column = ?`), with
/// the answers for recent identifiers remembered (bounded, so memory stays flat).
public final class AppDataEntityChecker: EntityExistenceChecking {
    public let path: String
    private let connection: Connection
    private var statements: [String: Statement] = [:]
    private var answers: [String: Bool] = [:]
    private static let rememberedAnswers = 10_000

    /// Opens `path` read-only and prepares a query per lookup.
    /// - Throws: `SQLiteError` when the file cannot be opened, or a lookup's table or column
    ///   does not exist (the message names the lookup).
    public init(path: String, lookups: [EntityLookup]) throws {
        self.path = path
        connection = try Connection(path: path, options: .init(mode: .readOnly))
        do {
            for lookup in lookups {
                let sql = "SELECT 1 FROM \(Self.quoted(lookup.table)) WHERE \(Self.quoted(lookup.identifierColumn)) = ? LIMIT 1"
                do {
                    statements[lookup.entityType] = try connection.prepare(sql)
                } catch {
                    throw SQLiteError(code: error.code,
                                      message: "'\(path)' cannot answer entity lookup '\(lookup.entityType)' (table '\(lookup.table)', column '\(lookup.identifierColumn)'): \(error.message)",
                                      path: path)
                }
            }
        } catch {
            statements.removeAll()
            try? connection.close()
            throw error
        }
    }

    /// Closes the app data file.
    public func close() {
        statements.removeAll()
        try? connection.close()
    }

    public func exists(entityType: String, identifier: String) throws -> Bool? {
        guard let statement = statements[entityType] else { return nil }
        let cacheKey = entityType + "\u{1F}" + identifier
        if let known = answers[cacheKey] { return known }
        try statement.bind(identifier, at: 1)
        defer { statement.reset() }
        let found = try statement.step()
        if answers.count >= Self.rememberedAnswers { answers.removeAll(keepingCapacity: true) }
        answers[cacheKey] = found
        return found
    }

    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
