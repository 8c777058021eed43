import AppIntents
import CoreSpotlight

/// Keeps Spotlight and Siri's phrase list in step with the saved walks.
enum WalkMateSpotlight {
    static func donateAll() {
        Task { @MainActor in
            WalkMateAppShortcuts.updateAppShortcutParameters()
        }
        Task {
            guard CSSearchableIndex.isIndexingAvailable() else { return }
            let entities = FavoriteRouteStorage.load().compactMap(WalkMatePlaceEntity.init)
            let namedIndex = CSSearchableIndex(name: WalkMatePlaceEntity.spotlightIndexName)
            try? await namedIndex.deleteAppEntities(ofType: WalkMatePlaceEntity.self)
            let index = CSSearchableIndex.default()
            try? await index.deleteAppEntities(ofType: WalkMatePlaceEntity.self)
            guard !entities.isEmpty else { return }
            try? await index.indexAppEntities(entities)
        }
    }

    /// Donates the open of a favorite after it succeeded (not on every render).
    static func donateFavoriteOpened(_ favorite: FavoriteRoute) {
        guard let entity = WalkMatePlaceEntity(favorite) else { return }
        if #available(iOS 27, *) {
            var intent = OpenWalkMatePlaceIntent()
            intent.target = entity
            IntentDonationManager.shared.donate(intent: intent)
        } else {
            var intent = ShowSavedWalkIntent()
            intent.walk = entity
            IntentDonationManager.shared.donate(intent: intent)
        }
    }
}
