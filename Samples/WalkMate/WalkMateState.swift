import Foundation
public import ActivityKit

/// What a running Walk Mate shows.
public enum WalkMateScreen: Hashable, Sendable {
    /// The map, with a favorite loaded or none (the home screen).
    case map(favoriteID: UUID?)
    /// The Favorites list.
    case favorites
    /// Generating a route of this length.
    case generating(distanceKm: Double)

    /// The replay name: `map`, `favorites`, `generating`.
    public var name: String {
        switch self {
        case .map: "map"
        case .favorites: "favorites"
        case .generating: "generating"
        }
    }
}

/// Walk Mate's UI state.
public struct WalkMateState: Equatable, Sendable {
    /// Queues system requests while the app is closed or launching.
    public var router: LaunchRouter<WalkMateRequest>
    /// What shows once running (the home map while closed or on the splash).
    public var screen: WalkMateScreen
    /// The default length of generated routes (km), always within ``WalkMateDistance/range``.
    public var targetDistanceKm: Double

    public init(launched: Bool = false, targetDistanceKm: Double = WalkMateDistance.defaultTargetKm) {
        router = LaunchRouter(launched: launched)
        screen = .map(favoriteID: nil)
        self.targetDistanceKm = WalkMateDistance.clamped(targetDistanceKm)
    }

    /// The replay's `screen`: `closed`, `splash`, or the running screen's name.
    public var visibleScreenName: String {
        switch router.phase {
        case .closed: "closed"
        case .launching: "splash"
        case .running: screen.name
        }
    }

    /// Whether the user can tap things: the app is running (not closed, not on the splash).
    public var isInteractive: Bool { router.phase == .running }
}

/// Generated routes are 3–20 km long; anything else is moved into that range.
public enum WalkMateDistance {
    public static let range: ClosedRange<Double> = 3...20
    /// The target distance of a fresh install.
    public static let defaultTargetKm = 5.0

    /// `km` moved into ``range``; NaN becomes the lower bound.
    public static func clamped(_ km: Double) -> Double {
        km.isNaN ? range.lowerBound : min(max(km, range.lowerBound), range.upperBound)
    }
}
