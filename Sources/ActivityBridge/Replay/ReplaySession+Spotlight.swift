import Foundation
import ActivityKit
import IntentKit
import PropertyList

extension ReplaySession {
    /// Everything Spotlight can show now: search-eligible, unexpired legacy donations (newest copy
    /// per persistent identifier) and the app's own indexed items.
    public func spotlightItems(at date: Date = Date()) throws(ReplayStepError) -> [ReplaySpotlightItem] {
        var latest: [String: Int] = [:]
        var activities: [UserActivity] = []
        do {
            // Spotlight keeps one item per persistent identifier (the newest donation); others each.
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
        var items = activities
            .filter { !$0.isExpired(at: date) }
            .compactMap { activity -> ReplaySpotlightItem? in
                guard let title = activity.title, !title.isEmpty else { return nil }
                return ReplaySpotlightItem(title: title, keywords: activity.keywords, activity: activity)
            }
        do {
            items += try searchableIndex.items().map { item in
                .indexed(title: item.resultTitle, identifier: item.identifier, keywords: item.keywords)
            }
        } catch {
            throw .failed("cannot read the Spotlight index: \(error)")
        }
        items += try app.spotlightItems()
        return items
    }

    /// `spotlightSearch`: titles of the items whose title or keywords contain the query (ignoring
    /// case and diacritics).
    func spotlightSearchStep(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let query = try step.string("query")
        let found = try spotlightItems().filter { item in
            item.title.foldedContains(query) || item.keywords.contains { $0.foldedContains(query) }
        }
        return ReplayStepResult(outcome: "ok", values: ["results": .array(found.map { .string($0.title) })])
    }

    /// `spotlightTap`: the item titled `name` is continued as the system stored it (only its
    /// required keys); `notFound` when Spotlight no longer has such an item.
    func spotlightTapStep(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let name = try step.string("name")
        guard let item = try spotlightItems().first(where: { TextFolding.equals($0.title, name) }) else {
            return Self.notFound(name)
        }
        return Self.result(of: try deliver(item.activity, stored: true))
    }
}
