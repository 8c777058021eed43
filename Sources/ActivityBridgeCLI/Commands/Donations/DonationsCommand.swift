/// The legacy NSUserActivity donation store (ActivityBridgeCLI.docc, CommandLine, "donations").
enum DonationsCommand: Command {
    static let configuration = CommandConfiguration(
        path: "donations",
        overview: "Import, inspect, delete and rank legacy NSUserActivity donations in a SQLite store.",
        subcommands: [
            DonationsImportCommand.self, DonationsListCommand.self, DonationsStatsCommand.self,
            DonationsDeleteCommand.self, DonationsDeleteAllCommand.self, DonationsSuggestCommand.self,
        ])
}
