import ActivityBridge
@testable import ActivityBridgeCLI
import Hairdressers
import WalkMate

extension CommandContext {
    /// The apps the executable links in (`Sources/activity-bridge/main.swift`): in-process runs
    /// that name the samples pass them, as the binary does.
    static let sampleApps: [any ReplayApp.Type] = [HairdressersReplayApp.self, WalkMateReplayApp.self]
}
