import AppIntents

/// Opens a saved walk on the map (iOS 18+): same dispatch as a tap in Favorite Routes.
struct ShowSavedWalkIntent: AppIntent {
    static let title: LocalizedStringResource = "Show Saved Walk"
    static let openAppWhenRun = true

    @Parameter(title: "Saved walk")
    var walk: WalkMatePlaceEntity

    @MainActor
    func perform() async throws -> some IntentResult {
        QuickActionRouter.dispatch(.openFavorite(id: walk.id))
        return .result()
    }
}
