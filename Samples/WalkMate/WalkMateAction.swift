import Foundation

/// What the system asks Walk Mate to show (`QuickActionRouter.dispatch`): Siri, Spotlight taps,
/// Shortcuts runs and continued activities all end in one of these. While the app is closed or
/// on its splash, the launch router queues them.
public enum WalkMateRequest: Hashable, Sendable {
    /// `.openFavorite(id:)`: the favorite on the map; an id that no longer exists opens the
    /// Favorites list instead.
    case openFavorite(id: UUID)
    /// The Favorites list (a search without a unique match).
    case showFavoritesList
    /// A new route of about this many km (clamped to 3…20 on delivery).
    case generateRoutes(distanceKm: Double)
}

/// Events the reducer handles: named for what happened.
public enum WalkMateAction: Hashable, Sendable {
    /// The system asked the app to show something (routed through the launch router).
    case systemRequested(WalkMateRequest)
    /// The system launched the app: closed → splash.
    case launched
    /// The splash is done: the home map shows, then queued requests are delivered in order.
    case launchFinished
    /// The user opened the Favorites list.
    case favoritesListOpened
    /// The user tapped a favorite's row in the Favorites list.
    case favoriteRowTapped(id: UUID)
    /// The user changed the default route length in settings.
    case targetDistanceChanged(km: Double)
}

/// Work the reducer asks for, as data; the app performs it.
public enum WalkMateEffect: Hashable, Sendable {
    /// Donate that the user opened a favorite: `intentTypeName` with `parameterName` = the
    /// favorite (iOS 27: `OpenWalkMatePlaceIntent.target`, else `ShowSavedWalkIntent.walk`).
    case donateOpen(intentTypeName: String, parameterName: String, favoriteID: UUID)
    /// Save the target distance (km, clamped) so it survives a relaunch.
    case saveTargetDistance(km: Double)
}
