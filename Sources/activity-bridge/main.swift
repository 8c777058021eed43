import ActivityBridgeCLI
import Foundation
import Hairdressers
import WalkMate

// The composition root: the one place that names the apps with Swift behaviour this binary carries.
// The CLI itself knows none; any other app is described by an app model (`--app-model`).
exit(ActivityBridgeCommand.main(Array(CommandLine.arguments.dropFirst()),
                                context: .live(apps: [HairdressersReplayApp.self, WalkMateReplayApp.self])))
