import Foundation
import Observation

/// The app's state and its reducer: every request, whoever sent it, lands in `handle`.
@MainActor
@Observable
final class WalkMateStore {
    enum Screen: Equatable { case map(FavoriteRoute.ID?), favorites, generating(distanceKm: Double) }

    var screen: Screen = .map(nil)
    var favorites: [FavoriteRoute] = FavoriteRouteStorage.load()
    var targetDistanceKm: Double = 5

    func handle(_ request: WalkMateRequest) {
        switch request {
        case let .openFavorite(id):
            screen = favorites.contains { $0.id == id } ? .map(id) : .favorites
        case .showFavoritesList:
            screen = .favorites
        case let .generateRoutes(distanceKm):
            screen = .generating(distanceKm: distanceKm)
        case let .search(term):
            let matches = favorites.filter { $0.name.localizedStandardContains(term) }
            screen = matches.count == 1 ? .map(matches[0].id) : .favorites
        }
    }
}
