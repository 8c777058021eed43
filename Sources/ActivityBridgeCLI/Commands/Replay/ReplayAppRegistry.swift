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

    /// The legacy-to-intents bridge for apps with a bridge manifest; nil until the bridge exists
    /// (scripts then run their legacy handlers, and `bridge` true is a script error).
    static var bridgeRoute: ((ReplaySession) throws -> any ContinuationRoute)? { nil }

    /// A runner over the registered apps, resolving relative paths against `currentDirectory`.
    static func runner(currentDirectory: String) -> ReplayRunner {
        ReplayRunner(apps: apps, bridgeRoute: bridgeRoute, currentDirectory: currentDirectory)
    }
}
