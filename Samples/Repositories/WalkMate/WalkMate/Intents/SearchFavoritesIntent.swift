import AppIntents

/// "Search NAME in Walk Mate": a unique match opens it, anything else the Favorites list.
@AppIntent(schema: .system.search)
struct SearchFavoritesIntent: ShowInAppSearchResultsIntent {
    static let searchScopes: [StringSearchScope] = [.general]

    var criteria: StringSearchCriteria

    @MainActor
    func perform() async throws -> some IntentResult {
        QuickActionRouter.dispatch(.search(term: criteria.term))
        return .result()
    }
}
