import AppIntents

/// "Open NAME in Walk Mate": the system open action (iOS 27).
@available(iOS 27, *)
@AppIntent(schema: .system.open)
struct OpenWalkMatePlaceIntent: OpenIntent, TargetContentProvidingIntent {
    var target: WalkMatePlaceEntity

    @MainActor
    func perform() async throws -> some IntentResult {
        QuickActionRouter.dispatch(.openFavorite(id: target.id))
        return .result()
    }
}
