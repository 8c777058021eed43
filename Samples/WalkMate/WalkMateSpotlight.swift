import Foundation
public import IntentKit
import SQLiteStore

/// Walk Mate's Spotlight side: the seed's `donateAll()` index write, the `IndexedEntityQuery`
/// reindex requests, and reading back what is indexed (the replay session searches it).
///
/// A refresh does what the seed does — delete the favorites from the named `WalkMateFavorites`
/// index and from the default index, then index what storage holds — as one load, one batch and
/// one transaction, so a reader never sees the index half-written and the cost is O(n).
///
/// Changes only mark the index stale (``favoritesChanged()``); the refresh runs once before
/// anything next reads the index (``refreshIfStale()``), as the seed's `Task` runs after the
/// change returns. A burst of n changes therefore costs one refresh, not n (which would make
/// adding favorites one by one quadratic), and every read still sees what storage holds.
public final class WalkMateSpotlight {
    public let favorites: FavoritesStore
    /// `CSSearchableIndex.default()`: where Walk Mate indexes.
    public let defaultIndex: SearchableIndex
    /// `CSSearchableIndex(name: "WalkMateFavorites")`: Part 1's index, only ever cleared now.
    public let namedIndex: SearchableIndex
    /// The simulated release: entity indexing needs iOS 18.
    public let platform: Platform

    /// Whether a change happened since the last refresh.
    public private(set) var isStale = true
    /// How many refreshes ran (coalescing is observable in tests).
    public private(set) var refreshCount = 0
    /// The default index as last read back — its items and Walk Mate's titles among them; nil
    /// after a write.
    private var snapshot: IndexSnapshot?

    private struct IndexSnapshot {
        var items: [SearchableItem]
        var favoriteNames: [String]
    }

    /// Uses `index` (the default index of an intent store) and the named index beside it.
    public init(favorites: FavoritesStore, index: SearchableIndex, platform: Platform) throws {
        self.favorites = favorites
        self.platform = platform
        defaultIndex = index
        namedIndex = try SearchableIndex(connection: index.connection, name: WalkMatePlaceEntity.spotlightIndexName)
    }

    /// Whether Spotlight indexes entities on this platform (`IndexedEntity`, iOS 18).
    public var isIndexingAvailable: Bool { platform.supports(WalkMatePlaceEntity.indexingAvailability) }

    /// A favorite was added, renamed or deleted: the index must be refreshed before it is read.
    public func favoritesChanged() {
        isStale = true
    }

    /// Refreshes the index when a change is pending.
    public func refreshIfStale() throws {
        if isStale { try refresh() }
    }

    /// `donateAll()`'s index write: clears the favorites from both indexes and indexes every
    /// stored favorite into the default index. One load, one batch, one transaction.
    /// - Returns: the number of favorites indexed.
    @discardableResult
    public func refresh() throws -> Int {
        let entities = try favorites.load().compactMap(WalkMatePlaceEntity.init)
        let indexed = try defaultIndex.connection.transaction(.immediate) { () throws -> Int in
            try namedIndex.deleteAppEntities(ofType: WalkMatePlaceEntity.self)
            try defaultIndex.deleteAppEntities(ofType: WalkMatePlaceEntity.self)
            guard isIndexingAvailable, !entities.isEmpty else { return 0 }
            return try defaultIndex.indexAppEntities(entities)
        }
        snapshot = nil
        isStale = false
        refreshCount += 1
        return indexed
    }

    /// `reindexEntities(for:)`: re-indexes the favorites with these ids from one load (a set
    /// lookup per favorite, not a scan of the ids per favorite) and removes ids that no longer
    /// name a favorite, in one transaction. - Returns: the number indexed.
    @discardableResult
    public func reindex(ids: [UUID]) throws -> Int {
        let wanted = Set(ids)
        let entities = try favorites.load().filter { wanted.contains($0.id) }.compactMap(WalkMatePlaceEntity.init)
        let gone = wanted.subtracting(entities.map(\.id))
        let indexed = try defaultIndex.connection.transaction(.immediate) { () throws -> Int in
            if !gone.isEmpty {
                try defaultIndex.deleteAppEntities(identifiedBy: Array(gone), ofType: WalkMatePlaceEntity.self)
            }
            guard isIndexingAvailable else { return 0 }
            return try defaultIndex.indexAppEntities(entities)
        }
        snapshot = nil
        return indexed
    }

    /// Every item of the default index (any type), in indexing order, after any pending refresh.
    public func indexedItems() throws -> [SearchableItem] {
        try current().items
    }

    /// The titles of Walk Mate's favorites in the default index, in indexing order.
    public func indexedFavoriteNames() throws -> [String] {
        try current().favoriteNames
    }

    /// The default index read back once per write (the replay's `spotlight` key reads it on
    /// every snapshot; searching is the replay session's, over the same index).
    private func current() throws -> IndexSnapshot {
        try refreshIfStale()
        if let snapshot { return snapshot }
        let items = try defaultIndex.items()
        let names = items.filter { $0.typeName == WalkMatePlaceEntity.typeName }.map(\.resultTitle)
        let current = IndexSnapshot(items: items, favoriteNames: names)
        snapshot = current
        return current
    }
}
