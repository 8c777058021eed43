import Foundation
import IntentKit
public import SQLiteStore

/// Walk Mate's favorites in SQLite (`FavoriteRouteStorage` in the seed), in the order they were
/// saved.
///
/// Each change is one transaction (a savepoint inside the caller's), so a failure leaves the file
/// as it was. Names are unique ignoring case and diacritics; lookups by id and by name use
/// indexes, so one lookup costs O(log n) whatever the number of favorites.
///
/// ```swift
/// let favorites = try FavoritesStore(connection: connection)
/// let berlin = try favorites.add(Favorite(name: "Berlin", startLatitude: 52.52, startLongitude: 13.405))
/// try favorites.rename(id: berlin.id, to: "Berlin Mitte")
/// try favorites.load()                     // [Berlin Mitte]
/// ```
///
/// The store does not own the connection.
public final class FavoritesStore {
    public let connection: Connection

    /// Opens the favorites of `connection`'s database, creating the table when needed.
    public init(connection: Connection) throws {
        self.connection = connection
        try Self.migrator.migrate(connection)
    }

    /// The schema of Walk Mate's file (favorites, then ``WalkMateSettingsStore``'s settings),
    /// recorded in its own migrations table so it can share a file with IntentKit's.
    static var migrator: Migrator {
        var migrator = Migrator(tableName: "walkmate_schema_migrations")
        migrator.registerMigration("walkmate.1-favorites") { db in
            try db.execute("""
                CREATE TABLE walkmate_favorites (
                    rowid INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    -- The name folded (case, diacritics): the unique key Siri and the steps match on.
                    folded_name TEXT NOT NULL UNIQUE,
                    start_latitude REAL NOT NULL,
                    start_longitude REAL NOT NULL
                )
                """)
        }
        migrator.registerMigration("walkmate.2-settings") { db in
            try db.execute("CREATE TABLE walkmate_settings (name TEXT PRIMARY KEY, value NOT NULL)")
        }
        return migrator
    }

    // MARK: Reading

    /// Every favorite, in the order saved (`FavoriteRouteStorage.load()`).
    public func load() throws -> [Favorite] {
        try read("SELECT id, name, start_latitude, start_longitude FROM walkmate_favorites ORDER BY rowid", [])
    }

    /// The favorite with `id`, or nil.
    public func favorite(id: UUID) throws -> Favorite? {
        try read("SELECT id, name, start_latitude, start_longitude FROM walkmate_favorites WHERE id = ?",
                 [.text(id.uuidString)]).first
    }

    /// The favorites with these ids, in input order; ids that name nothing are left out (R6.2).
    public func favorites(ids: [UUID]) throws -> [Favorite] {
        try ids.compactMap { try favorite(id: $0) }
    }

    /// The favorite whose name equals `name` ignoring case, diacritics and surrounding whitespace.
    public func favorite(named name: String) throws -> Favorite? {
        let folded = TextFolding.fold(name.trimmingCharacters(in: .whitespacesAndNewlines))
        return try read("SELECT id, name, start_latitude, start_longitude FROM walkmate_favorites WHERE folded_name = ?",
                        [.text(folded)]).first
    }

    /// The number of favorites.
    public func count() throws -> Int {
        Int(try connection.scalarInt("SELECT count(*) FROM walkmate_favorites") ?? 0)
    }

    // MARK: Writing

    /// Saves a new favorite (its name trimmed) after the existing ones.
    /// - Returns: the favorite as stored.
    /// - Throws: ``FavoritesStoreError`` for a bad name or coordinate, a name or id in use.
    @discardableResult
    public func add(_ favorite: Favorite) throws -> Favorite {
        var stored = favorite
        stored.name = try Favorite.validatedName(favorite.name)
        try Favorite.validateCoordinate(latitude: favorite.startLatitude, longitude: favorite.startLongitude)
        try atomically {
            if try self.favorite(id: stored.id) != nil { throw FavoritesStoreError.duplicateID(stored.id) }
            if let existing = try self.favorite(named: stored.name) { throw FavoritesStoreError.duplicateName(existing.name) }
            try connection.cachedStatement("""
                INSERT INTO walkmate_favorites (id, name, folded_name, start_latitude, start_longitude) VALUES (?, ?, ?, ?, ?)
                """).run([.text(stored.id.uuidString), .text(stored.name), .text(stored.foldedName),
                          .real(stored.startLatitude), .real(stored.startLongitude)])
        }
        return stored
    }

    /// Gives the favorite `id` a new name (trimmed); its place in the order stays.
    /// - Returns: the renamed favorite.
    /// - Throws: ``FavoritesStoreError/notFound(_:)``, a bad name, or a name another favorite has.
    @discardableResult
    public func rename(id: UUID, to newName: String) throws -> Favorite {
        let name = try Favorite.validatedName(newName)
        return try atomically {
            guard var favorite = try self.favorite(id: id) else { throw FavoritesStoreError.notFound(id.uuidString) }
            if let other = try self.favorite(named: name), other.id != id { throw FavoritesStoreError.duplicateName(other.name) }
            favorite.name = name
            try connection.cachedStatement("UPDATE walkmate_favorites SET name = ?, folded_name = ? WHERE id = ?")
                .run([.text(name), .text(favorite.foldedName), .text(id.uuidString)])
            return favorite
        }
    }

    /// Deletes the favorite `id`.
    /// - Returns: the deleted favorite, or nil when there was none.
    @discardableResult
    public func delete(id: UUID) throws -> Favorite? {
        try atomically {
            guard let favorite = try self.favorite(id: id) else { return nil }
            try connection.cachedStatement("DELETE FROM walkmate_favorites WHERE id = ?").run([.text(id.uuidString)])
            return favorite
        }
    }

    // MARK: Helpers

    /// `body` in a new immediate transaction, or a savepoint when the caller has one open.
    private func atomically<T>(_ body: () throws -> T) throws -> T {
        if connection.isInTransaction { return try connection.savepoint("walkmate", body) }
        return try connection.transaction(.immediate, body)
    }

    private func read(_ sql: String, _ arguments: [SQLiteValue]) throws -> [Favorite] {
        let statement = try connection.cachedStatement(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        var favorites: [Favorite] = []
        while try statement.step() {
            let text = statement.string(at: 0) ?? ""
            // Rows are written by this type only; anything else means the file was edited.
            guard let id = UUID(uuidString: text), let name = statement.string(at: 1) else {
                throw FavoritesStoreError.unreadableRow("id '\(text)' in '\(connection.path)'")
            }
            favorites.append(Favorite(id: id, name: name, startLatitude: statement.double(at: 2),
                                      startLongitude: statement.double(at: 3)))
        }
        return favorites
    }
}
