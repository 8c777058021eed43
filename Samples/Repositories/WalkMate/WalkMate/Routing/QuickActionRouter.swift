import Foundation

/// Everything that can open Walk Mate somewhere.
enum WalkMateRequest: Equatable {
    case openFavorite(id: UUID)
    case showFavoritesList
    case generateRoutes(distanceKm: Double)
    case search(term: String)
}

enum WalkMateDistance {
    static let range = 3.0...20.0
    static func clamped(_ km: Double) -> Double { min(max(km, range.lowerBound), range.upperBound) }
}

/// Hands requests to the app's reducer; queues them while the splash screen is up.
@MainActor
enum QuickActionRouter {
    private static var pending: [WalkMateRequest] = []
    private static var reducer: ((WalkMateRequest) -> Void)?

    static func dispatch(_ request: WalkMateRequest) {
        if let reducer { reducer(request) } else { pending.append(request) }
    }

    static func attach(_ reducer: @escaping (WalkMateRequest) -> Void) {
        self.reducer = reducer
        pending.forEach(reducer)
        pending.removeAll()
    }
}
