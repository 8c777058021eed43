/// Bridge manifests for apps described by app models.
enum BridgeCommand: Command {
    static let configuration = CommandConfiguration(
        path: "bridge",
        overview: "Draft bridge manifests (legacy activity types → App Intents) from app models.",
        subcommands: [BridgeInitCommand.self],
        usage: "<subcommand> [options]")
}
