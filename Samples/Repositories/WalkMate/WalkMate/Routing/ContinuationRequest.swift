import CoreSpotlight
import Foundation

/// What a continued activity asks Walk Mate to do: the same requests Siri, Shortcuts and a tap in
/// the app dispatch, so one reducer handles them all.
enum ContinuationRequest {
    static func request(for activity: NSUserActivity, targetDistanceKm: Double) -> WalkMateRequest? {
        let userInfo = activity.userInfo ?? [:]
        switch activity.activityType {
        case WalkMateActivity.openFavorite.rawValue:
            return (userInfo["favoriteID"] as? String).flatMap(UUID.init(uuidString:)).map { .openFavorite(id: $0) }
        case WalkMateActivity.generateRoute.rawValue:
            let distance = (userInfo["distanceKm"] as? NSNumber)?.doubleValue ?? targetDistanceKm
            return .generateRoutes(distanceKm: WalkMateDistance.clamped(distance))
        case CSSearchableItemActionType:
            return (userInfo[CSSearchableItemActivityIdentifier] as? String)
                .flatMap(UUID.init(uuidString:)).map { .openFavorite(id: $0) }
        case CSQueryContinuationActionType:
            return (userInfo[CSSearchQueryString] as? String).map { .search(term: $0) }
        default:
            return nil
        }
    }
}
