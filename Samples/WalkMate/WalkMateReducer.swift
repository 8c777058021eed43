import ActivityKit
import Foundation
public import IntentKit

/// What the reducer may ask of the world: live values read the store, tests pass closures.
public struct WalkMateDependencies {
    /// The simulated release (decides the donated intent type).
    public var platform: Platform
    /// Whether a favorite with this id exists now.
    public var favoriteExists: (UUID) throws -> Bool

    public init(platform: Platform, favoriteExists: @escaping (UUID) throws -> Bool) {
        self.platform = platform
        self.favoriteExists = favoriteExists
    }
}

/// The one reducer every entry point reaches: Spotlight taps, Siri, Shortcuts, continued
/// activities (through ``WalkMateAction/systemRequested(_:)`` and the launch router) and taps in
/// the app. Plain `reduce(into:action:)`; effects come back as data.
///
/// ```swift
/// let reducer = WalkMateReducer(dependencies: .init(platform: .iOS27) { favorites.contains($0) })
/// var state = WalkMateState()                                   // closed
/// try reducer.reduce(into: &state, action: .systemRequested(.openFavorite(id: berlin)))
/// state.visibleScreenName                                       // "splash", router.pending == 1
/// try reducer.reduce(into: &state, action: .launchFinished)     // map with Berlin
/// ```
public struct WalkMateReducer {
    public var dependencies: WalkMateDependencies

    public init(dependencies: WalkMateDependencies) {
        self.dependencies = dependencies
    }

    /// Applies `action`. The state changes only when the whole action succeeds: a dependency
    /// that throws leaves it as it was.
    /// - Returns: the effects to perform, in order.
    public func reduce(into state: inout WalkMateState, action: WalkMateAction) throws -> [WalkMateEffect] {
        var next = state
        let effects = try apply(action, to: &next)
        state = next
        return effects
    }

    private func apply(_ action: WalkMateAction, to state: inout WalkMateState) throws -> [WalkMateEffect] {
        switch action {
        case let .systemRequested(request):
            // Closed: launches and queues. Splash: queues. Running: delivers now.
            for delivered in state.router.open(request) {
                try deliver(delivered, to: &state)
            }
            return []
        case .launched:
            state.router.launch()
            return []
        case .launchFinished:
            let queued = state.router.finishLaunching()
            state.screen = .map(favoriteID: nil)
            for request in queued {
                try deliver(request, to: &state)
            }
            return []
        case .favoritesListOpened:
            // Rendering the list donates nothing (§9: no noise on every render).
            guard state.isInteractive else { return [] }
            state.screen = .favorites
            return []
        case let .favoriteRowTapped(id):
            guard state.isInteractive else { return [] }
            guard try dependencies.favoriteExists(id) else {
                state.screen = .favorites
                return []
            }
            state.screen = .map(favoriteID: id)
            // Donate after the open succeeded, and only for opens from the app's own UI (R8.1).
            return [donation(forOpening: id)]
        case let .targetDistanceChanged(km):
            state.targetDistanceKm = WalkMateDistance.clamped(km)
            return [.saveTargetDistance(km: state.targetDistanceKm)]
        }
    }

    private func deliver(_ request: WalkMateRequest, to state: inout WalkMateState) throws {
        switch request {
        case let .openFavorite(id):
            state.screen = try dependencies.favoriteExists(id) ? .map(favoriteID: id) : .favorites
        case .showFavoritesList:
            state.screen = .favorites
        case let .generateRoutes(distanceKm):
            state.screen = .generating(distanceKm: WalkMateDistance.clamped(distanceKm))
        }
    }

    /// iOS 27 donates the schema open; earlier releases the custom intent (§9).
    func donation(forOpening id: UUID) -> WalkMateEffect {
        if dependencies.platform.supports(WalkMateIntents.openPlaceAvailability) {
            return .donateOpen(intentTypeName: WalkMateIntents.openPlace, parameterName: "target", favoriteID: id)
        }
        return .donateOpen(intentTypeName: WalkMateIntents.showSavedWalk, parameterName: "walk", favoriteID: id)
    }
}
