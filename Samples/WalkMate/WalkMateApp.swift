import Foundation
public import ActivityKit
public import IntentKit
import PropertyList
public import SQLiteStore

/// Walk Mate, assembled: favorites in SQLite, their Spotlight index and intent donations in the
/// same file, the App Intents registry and App Shortcuts, the legacy continuation handlers, and
/// the store that runs the reducer. The replay drives it; tests use it directly.
///
/// ```swift
/// let app = try WalkMateApp(storePath: dir + "/walkmate.sqlite", platform: .iOS27, declaredTypes: declared)
/// try app.addFavorite(Favorite(name: "Berlin", startLatitude: 52.52, startLongitude: 13.405))
/// try app.hear("Load Berlin in Walk Mate")     // closed → splash, the open is queued
/// try app.finishLaunching()                    // the map shows Berlin
/// app.close()
/// ```
///
/// Not thread-safe: like the app's main actor, use it from one thread.
public final class WalkMateApp {
    public let platform: Platform
    public let connection: Connection
    public let favorites: FavoritesStore
    public let settings: WalkMateSettingsStore
    public let spotlight: WalkMateSpotlight
    public let donations: IntentDonationManager
    public let registry: IntentRegistry
    public let shortcuts: AppShortcuts
    public let continuations: ContinuationEngine
    public let store: WalkMateStore
    /// Whether a favorite changed since the App Shortcut phrases were last updated.
    public private(set) var phrasesAreStale = false
    /// How many times `updateAppShortcutParameters()` ran (launch plus coalesced changes).
    public private(set) var phraseUpdateCount = 0
    private let handlerFailures = HandlerFailures()

    /// Opens (or creates) the favorites at `storePath` and builds the app.
    /// - Parameters:
    ///   - declarations: the Info.plist's `NSUserActivityTypes` (and `CoreSpotlightContinuation`).
    ///   - launched: start on the home map instead of closed.
    ///   - targetDistanceKm: the target distance of a fresh install; a saved one wins.
    ///   - shortcutLimits: Apple's limits; lift them only to measure (benchmarks).
    ///   - spotlightIndex: the system's default Spotlight index; nil keeps one in `storePath`.
    ///   - intentDonations: where the system keeps intent donations; nil keeps them in `storePath`.
    /// - Throws: `SQLiteError` when the store cannot be opened, ``IntentError`` or
    ///   ``AppShortcutsError`` if the declarations were malformed.
    public init(
        storePath: String, platform: Platform, declarations: ActivityTypeDeclarations, launched: Bool = false,
        targetDistanceKm: Double = WalkMateDistance.defaultTargetKm, shortcutLimits: AppShortcutLimits = .apple,
        spotlightIndex: SearchableIndex? = nil, intentDonations: IntentDonationManager? = nil
    ) throws {
        let connection = try Connection(path: storePath)
        do {
            let favorites = try FavoritesStore(connection: connection)
            let settings = try WalkMateSettingsStore(connection: connection)
            let index = try spotlightIndex ?? SearchableIndex(connection: connection)
            let spotlight = try WalkMateSpotlight(favorites: favorites, index: index, platform: platform)
            let donations = try intentDonations ?? IntentDonationManager(connection: connection)
            let registry = IntentRegistry(platform: platform)
            let reducer = WalkMateReducer(dependencies: WalkMateDependencies(platform: platform) { id in
                try favorites.favorite(id: id) != nil
            })
            // Weak: the registry's intents hold the store, so a strong reference here would be a cycle.
            let state = WalkMateState(launched: launched, targetDistanceKm: try settings.targetDistanceKm() ?? targetDistanceKm)
            let store = WalkMateStore(state: state, reducer: reducer) { [weak registry] effect in
                guard let registry else { return }
                try Self.perform(effect, registry: registry, donations: donations, settings: settings)
            }
            let query = WalkMatePlaceEntityQuery(favorites: favorites, spotlight: spotlight)
            try WalkMateIntents.register(in: registry, query: query, targetDistanceKm: { store.state.targetDistanceKm },
                                         dispatch: { try store.dispatch($0) })
            let shortcuts = try AppShortcuts(WalkMateAppShortcuts.self, applicationName: WalkMateAppShortcuts.applicationName,
                                             registry: registry, limits: shortcutLimits)
            let engine = ContinuationEngine(declarations: declarations)
            let failures = handlerFailures
            WalkMateContinuations.register(on: engine, targetDistanceKm: { store.state.targetDistanceKm },
                                           search: { try query.searchRequest($0) },
                                           dispatch: { try store.dispatch($0) }, failed: { failures.errors.append($0) })
            self.platform = platform
            self.connection = connection
            self.favorites = favorites
            self.settings = settings
            self.spotlight = spotlight
            self.donations = donations
            self.registry = registry
            self.shortcuts = shortcuts
            self.continuations = engine
            self.store = store
            // App.init: the phrase cache is warm the first time Siri needs it (R5.9).
            try updatePhrases()
        } catch {
            try? connection.close()
            throw error
        }
    }

    /// Closes the favorites file (an index or donation store passed in stays open).
    public func close() {
        try? connection.close()
    }

    // MARK: Favorites (each change refreshes Spotlight and the phrases: the seed's donateAll())

    /// Saves a favorite. - Returns: it as stored (name trimmed).
    @discardableResult
    public func addFavorite(_ favorite: Favorite) throws -> Favorite {
        let stored = try favorites.add(favorite)
        favoritesChanged()
        return stored
    }

    /// Renames the favorite called `name`. - Returns: the renamed favorite.
    @discardableResult
    public func renameFavorite(named name: String, to newName: String) throws -> Favorite {
        let renamed = try favorites.rename(id: try favorite(named: name).id, to: newName)
        favoritesChanged()
        return renamed
    }

    /// Deletes the favorite called `name`. - Returns: the deleted favorite.
    @discardableResult
    public func deleteFavorite(named name: String) throws -> Favorite {
        let favorite = try favorite(named: name)
        try favorites.delete(id: favorite.id)
        favoritesChanged()
        return favorite
    }

    /// The favorite called `name` (ignoring case and diacritics).
    /// - Throws: ``FavoritesStoreError/notFound(_:)``.
    public func favorite(named name: String) throws -> Favorite {
        guard let favorite = try favorites.favorite(named: name) else { throw FavoritesStoreError.notFound(name) }
        return favorite
    }

    /// `donateAll()`: Spotlight and the App Shortcut parameters must follow storage. Both are
    /// marked stale here and brought up to date before the system next reads them.
    private func favoritesChanged() {
        spotlight.favoritesChanged()
        phrasesAreStale = true
    }

    /// `updateAppShortcutParameters()` when a change is pending.
    public func updatePhrasesIfStale() throws {
        if phrasesAreStale { try updatePhrases() }
    }

    private func updatePhrases() throws {
        try shortcuts.updateAppShortcutParameters()
        phrasesAreStale = false
        phraseUpdateCount += 1
    }

    /// Every App Shortcut phrase, expanded with the current favorites' names.
    public func shortcutPhrases() throws -> [String] {
        try updatePhrasesIfStale()
        return shortcuts.phrases
    }

    // MARK: Effects and failures

    /// Errors continuation handlers met (they can only answer false); cleared when read.
    public func takeHandlerErrors() -> [any Error] {
        defer { handlerFailures.errors.removeAll() }
        return handlerFailures.errors
    }

    static func perform(_ effect: WalkMateEffect, registry: IntentRegistry, donations: IntentDonationManager,
                        settings: WalkMateSettingsStore) throws {
        switch effect {
        case let .donateOpen(intentTypeName, parameterName, favoriteID):
            let intent = try registry.instance(intentTypeName, parameters: [parameterName: .string(favoriteID.uuidString)])
            try donations.recordDonation(of: intent)
        case let .saveTargetDistance(km):
            try settings.setTargetDistanceKm(km)
        }
    }
}

/// Where continuation handlers leave the errors they cannot throw.
private final class HandlerFailures {
    var errors: [any Error] = []
}
