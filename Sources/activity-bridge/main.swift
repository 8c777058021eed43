import ActivityBridgeCLI
import Foundation

exit(ActivityBridgeCommand.main(Array(CommandLine.arguments.dropFirst())))
