public import ActivityKit

/// How the session hands a legacy activity to the app: straight to its `continue` handlers
/// (``LegacyContinuationRoute``), or through the bridge manifest into intents (the bridge's route).
/// Both must reach the same final state.
public protocol ContinuationRoute {
    /// Delivers `activity`; `stored` is true for a stored donation (only its required keys reach
    /// the app). The system's rules (declared type, required keys) apply on both routes.
    func deliver(_ activity: UserActivity, stored: Bool, in session: ReplaySession) throws(ReplayStepError) -> ContinuationResult
}

/// The app's own `application(_:continue:restorationHandler:)` handlers.
public struct LegacyContinuationRoute: ContinuationRoute {
    public init() {}

    public func deliver(_ activity: UserActivity, stored: Bool, in session: ReplaySession) throws(ReplayStepError) -> ContinuationResult {
        let engine = session.app.continuations
        // The system launches the app for anything it will deliver, before the handler runs.
        if engine.admission(of: activity) == nil, session.app.launchPhase == .closed {
            try session.app.launch()
        }
        return stored ? engine.continueStored(activity) : engine.continue(activity)
    }
}
