import Foundation
import SQLite3

/// Saved walks, in the app group's SQLite file (the widget reads it too).
enum FavoriteRouteStorage {
    static let databaseURL = FileManager.default
        .containerURL(forSecurityApplicationGroupIdentifier: "group.com.walkmate")!
        .appendingPathComponent("favorites.sqlite")

    static func load() -> [FavoriteRoute] {
        var db: OpaquePointer?
        guard sqlite3_open_v2(databaseURL.path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        let sql = "SELECT id, name, start_latitude, start_longitude FROM walkmate_favorites ORDER BY name"
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_finalize(statement) }
        var favorites: [FavoriteRoute] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            guard let id = UUID(uuidString: String(cString: sqlite3_column_text(statement, 0))) else { continue }
            favorites.append(FavoriteRoute(id: id, name: String(cString: sqlite3_column_text(statement, 1)),
                                           startLatitude: sqlite3_column_double(statement, 2),
                                           startLongitude: sqlite3_column_double(statement, 3)))
        }
        return favorites
    }
}
