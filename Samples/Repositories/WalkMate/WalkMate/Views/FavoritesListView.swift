import AppIntents
import SwiftUI

/// Favorite Routes: tap one to open it on the map.
struct FavoritesListView: View {
    @Environment(WalkMateStore.self) private var store

    var body: some View {
        List(store.favorites) { favorite in
            Button(favorite.name) {
                store.handle(.openFavorite(id: favorite.id))
                WalkMateSpotlight.donateFavoriteOpened(favorite)
            }
            .walkMateEntityIdentifier(favorite.id)
        }
        .navigationTitle("Favorite Routes")
        .onAppear { WalkMateSpotlight.donateAll() }
        .userActivity(WalkMateActivity.favoritesList) { activity in
            activity.title = "Favorite Routes"
            activity.isEligibleForHandoff = true
        }
    }
}

extension View {
    /// Lets Siri resolve "the third walk" to the row on screen (iOS 18.4+).
    @ViewBuilder
    func walkMateEntityIdentifier(_ id: UUID) -> some View {
        if #available(iOS 18.4, *) {
            appEntityIdentifier(
                EntityIdentifier(for: WalkMatePlaceEntity.self, identifier: id)
            )
        } else {
            self
        }
    }
}
