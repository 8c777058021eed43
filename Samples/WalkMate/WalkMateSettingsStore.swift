import Foundation
public import SQLiteStore

/// Walk Mate's settings, kept in its SQLite file beside the favorites so they survive a
/// relaunch: today the target distance (the default length of generated routes).
///
/// ```swift
/// let settings = try WalkMateSettingsStore(connection: connection)
/// try settings.setTargetDistanceKm(12)
/// try settings.targetDistanceKm()         // 12, also after the app is relaunched
/// ```
///
/// The store does not own the connection.
public final class WalkMateSettingsStore {
    public let connection: Connection

    /// Opens the settings of `connection`'s database, creating Walk Mate's tables when needed.
    public init(connection: Connection) throws {
        self.connection = connection
        try FavoritesStore.migrator.migrate(connection)
    }

    /// The saved target distance in km; nil until the user first changes it.
    public func targetDistanceKm() throws -> Double? {
        let statement = try connection.cachedStatement("SELECT value FROM walkmate_settings WHERE name = 'targetDistanceKm'")
        defer { statement.reset() }
        guard try statement.step(), !statement.isNull(at: 0) else { return nil }
        return statement.double(at: 0)
    }

    /// Saves the target distance (already clamped by the reducer).
    public func setTargetDistanceKm(_ km: Double) throws {
        try connection.cachedStatement("""
            INSERT INTO walkmate_settings (name, value) VALUES ('targetDistanceKm', ?)
            ON CONFLICT (name) DO UPDATE SET value = excluded.value
            """).run([.real(km)])
    }
}
