import Foundation
public import IntentKit

/// How the system finds favorites (`WalkMatePlaceEntityQuery`, §2): by stored id, as the full
/// suggestion list, by typed or spoken text, and — on iOS 27 — by re-indexing Spotlight.
///
/// Every answer comes from ``FavoritesStore``: one indexed lookup per id, one load for lists.
public struct WalkMatePlaceEntityQuery: EnumerableEntityQuery, EntityStringQuery, IndexedEntityQuery {
    public typealias Entity = WalkMatePlaceEntity

    public let favorites: FavoritesStore
    public let spotlight: WalkMateSpotlight

    public init(favorites: FavoritesStore, spotlight: WalkMateSpotlight) {
        self.favorites = favorites
        self.spotlight = spotlight
    }

    /// The favorites with these ids, in input order; ids that no longer exist are left out (R6.2).
    /// Looked up by id, not by listing everything.
    public func entities(for identifiers: [UUID]) throws -> [WalkMatePlaceEntity] {
        try favorites.favorites(ids: identifiers).compactMap(WalkMatePlaceEntity.init)
    }

    /// Every favorite, in storage order (`allEntities()`).
    public func allEntities() throws -> [WalkMatePlaceEntity] {
        try favorites.load().compactMap(WalkMatePlaceEntity.init)
    }

    /// The full list, for "pick a saved walk" and the phrase parameter (R5.8).
    public func suggestedEntities() throws -> [WalkMatePlaceEntity] {
        try allEntities()
    }

    /// Favorites whose name contains `string`, ignoring case and diacritics
    /// (`localizedStandardContains`); an empty string matches nothing.
    public func entities(matching string: String) throws -> [WalkMatePlaceEntity] {
        try allEntities().filter { $0.name.foldedContains(string) }
    }

    /// What a search for `criteria` opens: the unique matching favorite, else the Favorites list
    /// ("Search NAME in Walk Mate", a Spotlight search continued in the app).
    public func searchRequest(_ criteria: String) throws -> WalkMateRequest {
        switch FavoriteSearch.resolve(criteria, among: try entities(matching: criteria)) {
        case let .open(id): .openFavorite(id: id)
        case .showList: .showFavoritesList
        }
    }

    /// iOS 27 asks for these favorites to be indexed again.
    public func reindexEntities(for identifiers: [UUID], indexDescription: SearchableIndexDescription) throws {
        // As in the seed, the default index is written whatever index the system describes.
        try spotlight.reindex(ids: identifiers)
    }

    /// iOS 27 asks for the whole index to be rebuilt.
    public func reindexAllEntities(indexDescription: SearchableIndexDescription) throws {
        try spotlight.refresh()
    }
}

/// What "Search NAME in Walk Mate" (`SearchFavoritesIntent`) does with the term.
public enum FavoriteSearch: Hashable, Sendable {
    /// Exactly one favorite fits: it opens on the map.
    case open(UUID)
    /// None or several fit: the Favorites list opens to pick from.
    case showList

    /// A favorite whose name equals `criteria` (ignoring case, diacritics and surrounding
    /// whitespace) wins over favorites that only contain it; otherwise a single containing
    /// favorite opens; otherwise the list.
    public static func resolve(_ criteria: String, among matches: [WalkMatePlaceEntity]) -> FavoriteSearch {
        let wanted = TextFolding.fold(criteria.trimmingCharacters(in: .whitespacesAndNewlines))
        let exact = matches.filter { TextFolding.fold($0.name) == wanted }
        if exact.count == 1, let only = exact.first { return .open(only.id) }
        if exact.isEmpty, matches.count == 1, let only = matches.first { return .open(only.id) }
        return .showList
    }
}
