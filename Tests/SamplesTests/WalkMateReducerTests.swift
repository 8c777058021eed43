import Foundation
import Testing
import ActivityKit
import IntentKit
@testable import WalkMate

@Suite("Walk Mate: reducer and launch routing")
struct WalkMateReducerTests {
    let berlin = UUID()
    let riverside = UUID()

    private func reducer(platform: Platform = .iOS27, existing: Set<UUID>? = nil) -> WalkMateReducer {
        let known = existing ?? [berlin, riverside]
        return WalkMateReducer(dependencies: WalkMateDependencies(platform: platform) { known.contains($0) })
    }

    @Test func coldStartQueuesTheOpenDuringTheSplashAndDeliversItAfterLaunch() throws {
        let reducer = reducer()
        var state = WalkMateState()
        #expect(state.visibleScreenName == "closed")
        #expect(try reducer.reduce(into: &state, action: .systemRequested(.openFavorite(id: berlin))).isEmpty)
        #expect(state.visibleScreenName == "splash")
        #expect(state.router.pending == 1)
        try reducer.reduce(into: &state, action: .launchFinished)
        #expect(state.visibleScreenName == "map")
        #expect(state.screen == .map(favoriteID: berlin))
        #expect(state.router.pending == 0)
    }

    @Test func queuedRequestsArriveInOrderSoTheLastOneShows() throws {
        let reducer = reducer()
        var state = WalkMateState()
        try reducer.reduce(into: &state, action: .launched)
        try reducer.reduce(into: &state, action: .systemRequested(.generateRoutes(distanceKm: 8)))
        try reducer.reduce(into: &state, action: .systemRequested(.openFavorite(id: riverside)))
        #expect(state.router.pending == 2)
        try reducer.reduce(into: &state, action: .launchFinished)
        #expect(state.screen == .map(favoriteID: riverside))
    }

    @Test func finishingLaunchWithNothingQueuedShowsTheEmptyMap() throws {
        var state = WalkMateState()
        try reducer().reduce(into: &state, action: .launchFinished)
        #expect(state.visibleScreenName == "map")
        #expect(state.screen == .map(favoriteID: nil))
    }

    @Test func aRunningAppShowsRequestsAtOnce() throws {
        let reducer = reducer()
        var state = WalkMateState(launched: true)
        try reducer.reduce(into: &state, action: .systemRequested(.generateRoutes(distanceKm: 25)))
        #expect(state.screen == .generating(distanceKm: 20))
        try reducer.reduce(into: &state, action: .systemRequested(.generateRoutes(distanceKm: 1)))
        #expect(state.screen == .generating(distanceKm: 3))
        try reducer.reduce(into: &state, action: .systemRequested(.showFavoritesList))
        #expect(state.visibleScreenName == "favorites")
    }

    @Test func anIdThatNoLongerExistsOpensTheFavoritesList() throws {
        var state = WalkMateState(launched: true)
        try reducer().reduce(into: &state, action: .systemRequested(.openFavorite(id: UUID())))
        #expect(state.screen == .favorites)
    }

    @Test func aFavoriteDeletedWhileQueuedOpensTheListOnDelivery() throws {
        var existing: Set<UUID> = [berlin]
        let reducer = WalkMateReducer(dependencies: WalkMateDependencies(platform: .iOS27) { existing.contains($0) })
        var state = WalkMateState()
        try reducer.reduce(into: &state, action: .systemRequested(.openFavorite(id: berlin)))
        existing.removeAll()
        try reducer.reduce(into: &state, action: .launchFinished)
        #expect(state.screen == .favorites)
    }

    @Test(arguments: [(Platform.iOS27, "OpenWalkMatePlaceIntent", "target"), (Platform(27, 1), "OpenWalkMatePlaceIntent", "target"),
                      (Platform(26, 4), "ShowSavedWalkIntent", "walk"), (Platform.iOS18, "ShowSavedWalkIntent", "walk")])
    func aTapInTheListShowsTheFavoriteThenDonatesTheOpen(platform: Platform, intent: String, parameter: String) throws {
        var state = WalkMateState(launched: true)
        let effects = try reducer(platform: platform).reduce(into: &state, action: .favoriteRowTapped(id: berlin))
        #expect(state.screen == .map(favoriteID: berlin))
        #expect(effects == [.donateOpen(intentTypeName: intent, parameterName: parameter, favoriteID: berlin)])
    }

    @Test func systemOpensAndListRendersDonateNothing() throws {
        let reducer = reducer()
        var state = WalkMateState(launched: true)
        #expect(try reducer.reduce(into: &state, action: .favoritesListOpened).isEmpty)
        #expect(state.screen == .favorites)
        #expect(try reducer.reduce(into: &state, action: .systemRequested(.openFavorite(id: berlin))).isEmpty)
        #expect(state.screen == .map(favoriteID: berlin))
    }

    @Test func tappingARowWhoseFavoriteIsGoneDonatesNothing() throws {
        var state = WalkMateState(launched: true)
        let effects = try reducer().reduce(into: &state, action: .favoriteRowTapped(id: UUID()))
        #expect(effects.isEmpty)
        #expect(state.screen == .favorites)
    }

    @Test func tapsAreIgnoredWhileClosedOrOnTheSplash() throws {
        let reducer = reducer()
        var state = WalkMateState()
        #expect(try reducer.reduce(into: &state, action: .favoriteRowTapped(id: berlin)).isEmpty)
        try reducer.reduce(into: &state, action: .favoritesListOpened)
        #expect(state == WalkMateState())
        try reducer.reduce(into: &state, action: .launched)
        #expect(try reducer.reduce(into: &state, action: .favoriteRowTapped(id: berlin)).isEmpty)
        #expect(state.visibleScreenName == "splash")
    }

    @Test func theTargetDistanceIsClampedIntoTheRoutesRange() throws {
        let reducer = reducer()
        var state = WalkMateState()
        #expect(state.targetDistanceKm == 5)
        try reducer.reduce(into: &state, action: .targetDistanceChanged(km: 12.5))
        #expect(state.targetDistanceKm == 12.5)
        try reducer.reduce(into: &state, action: .targetDistanceChanged(km: 42))
        #expect(state.targetDistanceKm == 20)
        try reducer.reduce(into: &state, action: .targetDistanceChanged(km: .nan))
        #expect(state.targetDistanceKm == 3)
    }

    @Test func aFailingDependencyLeavesTheStateAsItWas() throws {
        struct Unreadable: Error {}
        let reducer = WalkMateReducer(dependencies: WalkMateDependencies(platform: .iOS27) { _ in throw Unreadable() })
        var state = WalkMateState()
        try reducer.reduce(into: &state, action: .systemRequested(.openFavorite(id: berlin)))
        let before = state
        #expect(throws: Unreadable.self) { try reducer.reduce(into: &state, action: .launchFinished) }
        #expect(state == before)
        #expect(state.router.pending == 1)
    }

    @Test func theStorePerformsEffectsAfterTheStateChanged() throws {
        var performed: [(WalkMateEffect, WalkMateScreen)] = []
        var store: WalkMateStore!
        store = WalkMateStore(state: WalkMateState(launched: true), reducer: reducer()) { effect in
            performed.append((effect, store.state.screen))
        }
        try store.send(.favoriteRowTapped(id: berlin))
        #expect(performed.count == 1)
        #expect(performed.first?.1 == .map(favoriteID: berlin))
        try store.dispatch(.openFavorite(id: riverside))
        #expect(performed.count == 1)
    }
}
