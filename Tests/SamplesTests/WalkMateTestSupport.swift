import Foundation
import ActivityKit
import IntentKit
import PropertyList
import SQLiteStore
@testable import WalkMate
import TestSupport

/// Where Walk Mate's tests find the package's files, and fresh directories for their stores.
enum WalkMateTestSupport {
    static let packageRoot = TestPaths.packageRoot

    /// Walk Mate's replay scripts, sorted.
    static var replayScripts: [String] {
        let directory = packageRoot.appendingPathComponent("Samples/Replays")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix("walkmate-") && $0.hasSuffix(".plist") }.sorted()
            .map { directory.appendingPathComponent($0).path }
    }

    /// The declarations of `Plists/WalkMate-Info.plist`.
    static func declarations() throws -> ActivityTypeDeclarations {
        let path = packageRoot.appendingPathComponent(WalkMateReplayApp.infoPlistPath).path
        return ActivityTypeDeclarations(document: try PropertyListReader().read(contentsOf: path))
    }

    /// A new empty directory, removed by the caller.
    static func temporaryDirectory() throws -> URL { try TemporaryDirectory.create("walkmate-tests") }
}

/// A Walk Mate over a fresh store file, closed and removed when the test ends.
final class WalkMateFixture {
    let directory: URL
    let app: WalkMateApp

    init(platform: Platform = .iOS27, launched: Bool = false, limits: AppShortcutLimits = .apple) throws {
        directory = try WalkMateTestSupport.temporaryDirectory()
        app = try WalkMateApp(storePath: directory.appendingPathComponent("walkmate.sqlite").path, platform: platform,
                              declarations: try WalkMateTestSupport.declarations(), launched: launched, shortcutLimits: limits)
    }

    deinit {
        app.close()
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func add(_ name: String, id: UUID = UUID(), latitude: Double = 52.52, longitude: Double = 13.405) throws -> Favorite {
        try app.addFavorite(Favorite(id: id, name: name, startLatitude: latitude, startLongitude: longitude))
    }

    /// The favorite shown on the map, by name; nil when the map shows none or another screen shows.
    var mapFavorite: String? {
        guard case let .map(id?) = app.store.state.screen else { return nil }
        return try? app.favorites.favorite(id: id)?.name
    }

    /// The intent types donated so far, oldest first.
    var donatedIntents: [String] {
        (try? app.donations.donations().map(\.intentTypeName)) ?? []
    }
}

/// A store file of its own for store-level tests.
final class FavoritesFixture {
    let directory: URL
    let connection: Connection
    let favorites: FavoritesStore

    init() throws {
        directory = try WalkMateTestSupport.temporaryDirectory()
        connection = try Connection(path: directory.appendingPathComponent("favorites.sqlite").path)
        favorites = try FavoritesStore(connection: connection)
    }

    deinit {
        try? connection.close()
        try? FileManager.default.removeItem(at: directory)
    }
}
