import ActivityBridge
import Hairdressers
import WalkMate

/// The apps `activity-bridge replay` can drive, found by the scripts' `app` key, and the bridge
/// route used by scripts with `bridge` true. Add one line per app.
enum ReplayAppRegistry {
    static var apps: [any ReplayApp.Type] {
        [
            HairdressersReplayApp.self,
            WalkMateReplayApp.self,
        ]
    }

    /// The legacy-to-intents bridge for apps with a bridge manifest (`Plists/<App>-Bridge.plist`):
    /// scripts use it unless they say `bridge` false.
    static var bridgeRoute: ((ReplaySession) throws -> any ContinuationRoute)? { BridgeContinuationRoute.make(for:) }

    /// A runner over the registered apps and `models` (``ModelReplayApp``), resolving relative
    /// paths against `currentDirectory`.
    /// - Parameter manifests: a model's bridge manifest by model name.
    static func runner(
        currentDirectory: String, models: [AppModel] = [], manifests: [String: (path: String, displayPath: String)] = [:]
    ) -> ReplayRunner {
        let factories = models.map { ModelReplayApp.factory(for: $0, bridgeManifest: manifests[$0.name]) }
        return ReplayRunner(apps: apps, appFactories: factories, bridgeRoute: bridgeRoute, currentDirectory: currentDirectory)
    }
}
