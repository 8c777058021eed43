import Foundation
import ActivityKit
import IntentKit
import PropertyList
import SQLiteStore

extension ReplaySession {
    /// Everything Spotlight can show now: search-eligible, unexpired legacy donations (newest copy
    /// per persistent identifier), the app's own indexed items, then the app's extra entries.
    public func spotlightItems(at date: Date = Date()) throws(ReplayStepError) -> [ReplaySpotlightItem] {
        try currentSpotlightPool().items.filter { !$0.activity.isExpired(at: date) } + app.spotlightItems()
    }

    /// The titles of the items whose title or a keyword contains `query`, ignoring case and
    /// diacritics, in ``spotlightItems(at:)`` order.
    public func spotlightSearch(_ query: String, at date: Date = Date()) throws(ReplayStepError) -> [String] {
        let pool = try currentSpotlightPool()
        var titles = pool.texts.owners(containing: query).map { pool.items[$0] }
            .filter { !$0.activity.isExpired(at: date) }.map(\.title)
        // The app's extra entries come without a change signal: asked for on every search (few).
        titles += try app.spotlightItems().filter { item in
            item.title.foldedContains(query) || item.keywords.contains { $0.foldedContains(query) }
        }.map(\.title)
        return titles
    }

    /// `spotlightSearch`: titles of the items whose title or keywords contain the query (ignoring
    /// case and diacritics).
    func spotlightSearchStep(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let titles = try spotlightSearch(try step.string("query"))
        return ReplayStepResult(outcome: "ok", values: ["results": .array(titles.map { .string($0) })])
    }

    /// `spotlightTap`: the item titled `name` is continued as the system stored it (only its
    /// required keys); `notFound` when Spotlight no longer has such an item.
    func spotlightTapStep(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let name = try step.string("name")
        guard let item = try spotlightItems().first(where: { TextFolding.equals($0.title, name) }) else {
            return Self.notFound(name)
        }
        return continuationResult(try deliver(item.activity, stored: true))
    }

    /// The donations and the index as last read, rebuilt only when either store changed since
    /// (a donation, a delete, an index write by the app or anyone else). Expiry is applied per
    /// query, so the pool stays valid as time passes.
    func currentSpotlightPool() throws(ReplayStepError) -> ReplaySpotlightPool {
        let token: ReplaySpotlightPool.Token
        do {
            token = ReplaySpotlightPool.Token(donations: try donations.changeToken(), index: try intentStore.changeToken())
        } catch {
            throw .failed("cannot read the Spotlight stores: \(error)")
        }
        if let spotlightPool, spotlightPool.token == token { return spotlightPool }
        let pool = try ReplaySpotlightPool(token: token, activities: searchableDonations(),
                                           indexed: indexedSpotlightItems())
        spotlightPool = pool
        return pool
    }

    /// Search-eligible donations with a title, the newest copy per persistent identifier
    /// (Spotlight keeps one item per identifier; donations without one are each an item).
    private func searchableDonations() throws(ReplayStepError) -> [UserActivity] {
        var latest: [String: Int] = [:]
        var activities: [UserActivity] = []
        do {
            for event in try donations.events() where event.activity.isEligibleForSearch {
                if let key = event.activity.persistentIdentifier {
                    if let index = latest[key] { activities[index] = event.activity; continue }
                    latest[key] = activities.count
                }
                activities.append(event.activity)
            }
        } catch {
            throw .failed("cannot read donations: \(error)")
        }
        return activities
    }

    private func indexedSpotlightItems() throws(ReplayStepError) -> [ReplaySpotlightItem] {
        do {
            return try searchableIndex.items().map { item in
                .indexed(title: item.resultTitle, identifier: item.identifier, keywords: item.keywords)
            }
        } catch {
            throw .failed("cannot read the Spotlight index: \(error)")
        }
    }
}

/// What Spotlight holds of the session's stores — titled legacy donations, then the indexed
/// items — with their titles and keywords folded and packed for containment search
/// (``FoldedTextPool``), so a search costs a few lookups instead of reading and folding every
/// item. ``ReplaySession/currentSpotlightPool()`` rebuilds it when a store's token changes.
struct ReplaySpotlightPool {
    /// The two stores' change tokens when the pool was read.
    struct Token: Hashable {
        var donations: ChangeToken
        var index: ChangeToken
    }

    let token: Token
    /// Legacy items (expiry not yet applied) then indexed items.
    let items: [ReplaySpotlightItem]
    /// Each item's title and keywords; owner = index into `items`.
    let texts: FoldedTextPool

    init(token: Token, activities: [UserActivity], indexed: [ReplaySpotlightItem]) {
        self.token = token
        let legacy = activities.compactMap { activity -> ReplaySpotlightItem? in
            guard let title = activity.title, !title.isEmpty else { return nil }
            return ReplaySpotlightItem(title: title, keywords: activity.keywords, activity: activity)
        }
        items = legacy + indexed
        var texts = FoldedTextPool()
        for (owner, item) in items.enumerated() {
            texts.append([item.title] + item.keywords, owner: owner)
        }
        self.texts = texts
    }
}
