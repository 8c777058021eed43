import Foundation
public import ActivityKit
import PropertyList

/// Walk Mate's `application(_:continue:restorationHandler:)`: the legacy activity types declared
/// in `Plists/WalkMate-Info.plist` and tapped Spotlight items, all turned into the same
/// ``WalkMateRequest``s Siri and Shortcuts dispatch.
///
/// | type | userInfo | request |
/// | --- | --- | --- |
/// | `com.walkmate.favorite.open` | `favoriteID`: UUID string | `.openFavorite(id:)` |
/// | `com.walkmate.route.generate` | `distanceKm`: number (optional) | `.generateRoutes` (default: the target distance) |
/// | `com.apple.corespotlightitem` | `kCSSearchableItemActivityIdentifier`: the favorite's id | `.openFavorite(id:)` |
/// | `com.apple.corespotlightquery` | `kCSSearchQueryString`: what was typed | as "Search NAME": a unique match, else the list |
///
/// The query continuation reaches the app because its Info.plist sets `CoreSpotlightContinuation`.
/// An activity whose data cannot name a request (no or malformed id, a distance that is not a
/// number) is not handled: the handler returns false.
public enum WalkMateContinuations {
    public static let openFavoriteType = "com.walkmate.favorite.open"
    public static let generateRouteType = "com.walkmate.route.generate"
    public static let favoriteIDKey = "favoriteID"
    public static let distanceKey = "distanceKm"
    public static let spotlightItemType = SystemActivityType.spotlightItem.rawValue
    public static let spotlightIdentifierKey = SystemActivityType.spotlightItem.requiredUserInfoKey ?? "kCSSearchableItemActivityIdentifier"
    public static let spotlightQueryType = SystemActivityType.spotlightQuery.rawValue
    public static let spotlightQueryKey = SystemActivityType.spotlightQuery.requiredUserInfoKey ?? "kCSSearchQueryString"

    /// The request `activity` asks for, or nil when its data does not name one.
    /// - Parameters:
    ///   - targetDistanceKm: the app's default route length, for a generate without distance.
    ///   - search: what a search for a term opens (``WalkMatePlaceEntityQuery/searchRequest(_:)``).
    public static func request(
        for activity: UserActivity, targetDistanceKm: Double, search: (String) throws -> WalkMateRequest
    ) throws -> WalkMateRequest? {
        switch activity.activityType {
        case openFavoriteType:
            return favoriteID(activity.userInfo[favoriteIDKey]).map { .openFavorite(id: $0) }
        case spotlightItemType:
            return favoriteID(activity.userInfo[spotlightIdentifierKey]).map { .openFavorite(id: $0) }
        case spotlightQueryType:
            guard let term = activity.userInfo[spotlightQueryKey]?.stringValue else { return nil }
            return try search(term)
        case generateRouteType:
            guard let value = activity.userInfo[distanceKey] else { return .generateRoutes(distanceKm: targetDistanceKm) }
            return distance(value).map { .generateRoutes(distanceKm: WalkMateDistance.clamped($0)) }
        default:
            return nil
        }
    }

    /// Registers the four handlers on `engine`.
    /// - Parameters:
    ///   - search: what a search for a term opens.
    ///   - dispatch: hands the request to the app (through its launch router).
    ///   - failed: told when reading or dispatching threw (the handler then returns false).
    public static func register(
        on engine: ContinuationEngine, targetDistanceKm: @escaping () -> Double,
        search: @escaping (String) throws -> WalkMateRequest,
        dispatch: @escaping (WalkMateRequest) throws -> Void, failed: @escaping (any Error) -> Void
    ) {
        for type in [openFavoriteType, generateRouteType, spotlightItemType, spotlightQueryType] {
            engine.register(type) { activity, _ in
                do {
                    guard let request = try request(for: activity, targetDistanceKm: targetDistanceKm(), search: search) else {
                        return false
                    }
                    try dispatch(request)
                    return true
                } catch {
                    failed(error)
                    return false
                }
            }
        }
    }

    /// A UUID string (either case); nil for anything else.
    private static func favoriteID(_ value: PropertyListValue?) -> UUID? {
        value?.stringValue.flatMap { UUID(uuidString: $0.trimmingCharacters(in: .whitespaces)) }
    }

    /// A finite number given as an integer, a real or number text.
    private static func distance(_ value: PropertyListValue) -> Double? {
        let number = value.doubleValue ?? value.stringValue.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return number.flatMap { $0.isFinite ? $0 : nil }
    }
}
