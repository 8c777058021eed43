/// `activity-bridge donations <subcommand>`: the legacy NSUserActivity donation store
/// (ActivityBridgeCLI.docc, CommandLine, "donations"). Every subcommand takes `--store PATH` (default
/// `./activity-bridge.sqlite`).
enum DonationsCommand: Command {
    static let configuration = CommandConfiguration(
        path: "donations",
        overview: "Import, inspect, delete and rank legacy NSUserActivity donations in a SQLite store.",
        subcommands: [
            DonationsImportCommand.self, DonationsListCommand.self, DonationsStatsCommand.self,
            DonationsDeleteCommand.self, DonationsDeleteAllCommand.self, DonationsSuggestCommand.self,
        ])
}
