import Foundation

/// Runs the reducer: holds the state, sends actions, performs the effects they return.
///
/// ``dispatch(_:)`` is the seed's `QuickActionRouter.dispatch`: the entry point Siri, Shortcuts,
/// Spotlight taps and continued activities share. The launch router inside the state queues what
/// arrives while the app is closed or on its splash.
public final class WalkMateStore {
    public private(set) var state: WalkMateState
    public let reducer: WalkMateReducer
    private let performEffect: (WalkMateEffect) throws -> Void

    /// - Parameter performEffect: carries out an effect (live: donate the intent; tests: record).
    public init(state: WalkMateState, reducer: WalkMateReducer, performEffect: @escaping (WalkMateEffect) throws -> Void) {
        self.state = state
        self.reducer = reducer
        self.performEffect = performEffect
    }

    /// Sends `action` to the reducer, then performs its effects in order.
    /// - Throws: what a dependency or an effect threw; a throwing dependency leaves the state unchanged.
    public func send(_ action: WalkMateAction) throws {
        let effects = try reducer.reduce(into: &state, action: action)
        for effect in effects {
            try performEffect(effect)
        }
    }

    /// `QuickActionRouter.dispatch`: the system asks the app to show something.
    public func dispatch(_ request: WalkMateRequest) throws {
        try send(.systemRequested(request))
    }
}
