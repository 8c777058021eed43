import SwiftUI

struct RootView: View {
    @Environment(WalkMateStore.self) private var store

    var body: some View {
        NavigationStack {
            switch store.screen {
            case let .map(id):
                FavoriteMapView(favorite: store.favorites.first { $0.id == id })
            case .favorites:
                FavoritesListView()
            case let .generating(distanceKm):
                GenerateRouteView(distanceKm: distanceKm)
            }
        }
    }
}
