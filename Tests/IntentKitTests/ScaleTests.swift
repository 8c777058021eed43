import Foundation
import Testing
@testable import IntentKit

/// The two paths that must stay fast at scale, checked for correctness at full size. Their speed is
/// measured in a release build by `Benchmarks/walkmate.sh` (figures in BENCHMARKS.md), not timed here.
@Suite("Scale", .serialized)
struct ScaleTests {
    @Test func phraseResolutionWithTenThousandEntities() throws {
        let store = PlaceStore()
        let words = ["Park", "River", "Hill", "Forest", "Lake", "Meadow", "Canal", "Harbor", "Castle", "Bridge"]
        for index in 0..<10_000 {
            store.add("\(words[index % 10]) \(words[(index / 10) % 10]) Loop \(index)")
        }
        let registry = try makeWalkRegistry(store: store, log: ActionLog())
        let shortcuts = try AppShortcuts(applicationName: "Walk Mate", registry: registry, shortcuts: walkShortcuts,
                                         limits: AppShortcutLimits(maxShortcuts: 10, maxPhrases: .max))
        try shortcuts.updateAppShortcutParameters()
        var utterances: [String] = []
        for index in stride(from: 0, to: 10_000, by: 7) {
            utterances.append("Load \(store.places[index].name) in Walk Mate")            // exact
            utterances.append("Open loop \(index) with walk mate!")                        // partial
            utterances.append("Search Central Park in Walk Mate")                          // free text
            utterances.append("Order a pizza in Walk Mate")                                // no match
        }
        var matched = 0
        for utterance in utterances where shortcuts.match(utterance) != .noMatch {
            matched += 1
        }
        #expect(matched == utterances.count - utterances.count / 4)
        // 1,000 names contain "park": a partial match over all of them still answers with candidates.
        #expect(shortcuts.match("Open park in Walk Mate") != .noMatch)
    }

    @Test func spotlightRefreshOfThreeThousandFavorites() throws {
        try withStore { connection, _ in
            let index = try SearchableIndex(connection: connection)
            let favorites = (0..<3000).map { PlaceEntity(id: UUID(), name: "Favorite walk \($0)") }
            _ = try index.replaceAppEntities(Array(favorites.prefix(100)))
            _ = try index.replaceAppEntities(favorites)
            _ = try index.replaceAppEntities(favorites)
            let results = try index.search("favorite walk 29", limit: 500)
            #expect(results.count == 111)   // 29, 290…299, 2900…2999
            #expect(try index.count() == 3000)
        }
    }
}
