import Foundation
import Testing
@testable import IntentKit

/// Timing checks for the two paths that must stay fast at scale. Bounds are strict in release
/// builds (the figures in BENCHMARKS.md) and loose in debug, where they only catch a change
/// from linear to quadratic work.
@Suite("Performance", .serialized)
struct PerformanceTests {
    #if DEBUG
    static let utteranceP99Bound = Duration.milliseconds(25)
    #else
    static let utteranceP99Bound = Duration.milliseconds(1)
    #endif

    /// The CPU time this thread spent in `body`.
    static func cpuTime(_ body: () throws -> Void) rethrows -> Duration {
        func now() -> Duration {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
        }
        let start = now()
        try body()
        return now() - start
    }

    @Test func phraseResolutionWithTenThousandEntities() throws {
        let store = PlaceStore()
        let words = ["Park", "River", "Hill", "Forest", "Lake", "Meadow", "Canal", "Harbor", "Castle", "Bridge"]
        for index in 0..<10_000 {
            store.add("\(words[index % 10]) \(words[(index / 10) % 10]) Loop \(index)")
        }
        let registry = try makeWalkRegistry(store: store, log: ActionLog())
        let shortcuts = try AppShortcuts(applicationName: "Walk Mate", registry: registry, shortcuts: walkShortcuts,
                                         limits: AppShortcutLimits(maxShortcuts: 10, maxPhrases: .max))
        let clock = ContinuousClock()
        let build = try Self.cpuTime { try shortcuts.updateAppShortcutParameters() }
        var utterances: [String] = []
        for index in stride(from: 0, to: 10_000, by: 7) {
            utterances.append("Load \(store.places[index].name) in Walk Mate")            // exact
            utterances.append("Open loop \(index) with walk mate!")                        // partial
            utterances.append("Search Central Park in Walk Mate")                          // free text
            utterances.append("Order a pizza in Walk Mate")                                // no match
        }
        utterances.append("Open park in Walk Mate")                                        // 1,000 partial candidates
        var samples: [Duration] = []
        samples.reserveCapacity(utterances.count)
        var matched = 0
        for utterance in utterances {
            var result = PhraseMatch.noMatch
            // Thread CPU time: on a shared, loaded machine wall time mostly measures waiting.
            samples.append(Self.cpuTime { result = shortcuts.match(utterance) })
            if result != .noMatch { matched += 1 }
        }
        for (offset, kind) in ["exact", "partial", "free text", "no match"].enumerated() {
            let own = stride(from: offset, to: samples.count - 1, by: 4).map { samples[$0] }.sorted()
            print("  \(kind): p50 \(own[own.count / 2]), p99 \(own[own.count * 99 / 100])")
        }
        samples.sort()
        let p50 = samples[samples.count / 2]
        let p99 = samples[min(samples.count - 1, samples.count * 99 / 100)]
        print("phrase matching, 10,000 entities (thread CPU time): index build \(build), \(samples.count) utterances, p50 \(p50), p99 \(p99), max \(samples.last ?? .zero)")
        #expect(matched == utterances.count - utterances.count / 4)
        #expect(p99 < Self.utteranceP99Bound, "p99 \(p99)")
    }

    @Test func spotlightRefreshOfThreeThousandFavorites() throws {
        try withStore { connection, _ in
            let index = try SearchableIndex(connection: connection)
            let favorites = (0..<3000).map { PlaceEntity(id: UUID(), name: "Favorite walk \($0)") }
            let clock = ContinuousClock()
            _ = try index.replaceAppEntities(Array(favorites.prefix(100)))
            let refresh = try clock.measure { try index.replaceAppEntities(favorites) }
            var cpu = Duration.zero
            let again = try clock.measure { cpu = try Self.cpuTime { try index.replaceAppEntities(favorites) } }
            var results: [SearchableItem] = []
            let search = try clock.measure { results = try index.search("favorite walk 29", limit: 500) }
            print("spotlight, 3,000 favorites: first refresh \(refresh), second refresh \(again) (CPU \(cpu)), search \(search) (\(results.count) results)")
            #expect(results.count == 111)   // 29, 290…299, 2900…2999
            #expect(try index.count() == 3000)
        }
    }
}
