import Foundation
public import IntentKit

/// Why the app refused something the user or the system tried.
public enum WalkMateAppError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A tap needs the app running (not closed, not on its splash).
    case notRunning(String)
    /// On-screen entities are the Favorites list's rows; it is not showing.
    case favoritesListNotShown
    /// The platform predates the API (the seed's `#available` branch is not taken).
    case unavailable(String, requires: Platform, platform: Platform)

    public var description: String {
        switch self {
        case let .notRunning(action):
            "\(action) needs Walk Mate running: launch and finish launching it first, or start the script with 'launched' true"
        case .favoritesListNotShown:
            "the Favorites list is not on screen"
        case let .unavailable(feature, requires, platform):
            "\(feature) needs \(requires) or later (running \(platform))"
        }
    }
}

extension WalkMateApp {
    /// What the replay calls `screen`.
    public var screenName: String { store.state.visibleScreenName }

    // MARK: Launch

    /// The system launches the app: closed → splash.
    public func launch() throws {
        try store.send(.launched)
    }

    /// The splash is done: the home map shows and queued requests are delivered in order.
    public func finishLaunching() throws {
        try store.send(.launchFinished)
    }

    // MARK: Taps in the app

    /// The user opens the Favorites list (donates nothing).
    public func showFavoritesList() throws {
        guard store.state.isInteractive else { throw WalkMateAppError.notRunning("showing the Favorites list") }
        try store.send(.favoritesListOpened)
    }

    /// The user taps the favorite called `name` in the Favorites list: it opens on the map, then
    /// the open is donated.
    public func openFavoriteFromList(named name: String) throws {
        guard store.state.isInteractive else { throw WalkMateAppError.notRunning("tapping a favorite") }
        let favorite = try favorite(named: name)
        try store.send(.favoritesListOpened)
        try store.send(.favoriteRowTapped(id: favorite.id))
    }

    /// The user changes the default route length (clamped to 3…20 km); it is saved with the
    /// favorites, so it survives a relaunch.
    public func setTargetDistance(_ km: Double) throws {
        try store.send(.targetDistanceChanged(km: km))
    }

    // MARK: Siri

    /// Siri hears `utterance`: the App Shortcut phrases (brought up to date first) pick an intent,
    /// which runs.
    public func hear(_ utterance: String) throws -> UtteranceOutcome {
        try updatePhrasesIfStale()
        return try shortcuts.perform(utterance: utterance)
    }

    /// "The third walk in the list": the favorite in row `ordinal` (1-based) of the Favorites list
    /// on screen (`appEntityIdentifier`, iOS 18.4). Nil when there is no such row.
    /// - Throws: ``WalkMateAppError`` before iOS 18.4 or when the list is not showing.
    public func entityOnScreen(at ordinal: Int) throws -> WalkMatePlaceEntity? {
        guard platform.supports(.iOS18_4) else {
            throw WalkMateAppError.unavailable("on-screen entity identifiers", requires: .iOS18_4, platform: platform)
        }
        guard store.state.isInteractive, store.state.screen == .favorites else { throw WalkMateAppError.favoritesListNotShown }
        guard ordinal >= 1 else { return nil }
        let rows = try favorites.load().compactMap(WalkMatePlaceEntity.init)
        return ordinal <= rows.count ? rows[ordinal - 1] : nil
    }

    // MARK: Maps hand-off

    /// The start of the favorite called `name` as a place value for Maps (iOS 26.4+). Only the
    /// trailhead is exported, never the loop.
    /// - Throws: ``FavoritesStoreError/notFound(_:)``, or ``ContentTransferError/unavailable(requires:platform:)``
    ///   before iOS 26.4.
    public func exportPlace(ofFavoriteNamed name: String) throws -> IntentPlace {
        let favorite = try favorite(named: name)
        guard let entity = WalkMatePlaceEntity(favorite) else { throw FavoritesStoreError.unreadableRow(favorite.id.uuidString) }
        return try WalkMatePlaceEntity.transferRepresentation.export(entity, on: platform)
    }

    // MARK: Spotlight

    /// iOS 27's `IndexedEntityQuery` request: re-index these favorites (all when nil).
    /// - Returns: false before iOS 27, where the request goes to an index delegate Walk Mate does
    ///   not have (R9.3).
    @discardableResult
    public func reindexSpotlight(favoriteNamed names: [String]?) throws -> Bool {
        let type = try registry.entityType(named: WalkMatePlaceEntity.typeName)
        let ids = try names.map { try $0.map { try favorite(named: $0).id.uuidString } }
        return try type.reindex(ids, in: spotlight.defaultIndex.indexDescription, on: platform)
    }
}
