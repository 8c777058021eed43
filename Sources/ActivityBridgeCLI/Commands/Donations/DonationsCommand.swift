/// `activity-bridge donations <subcommand>`: the legacy NSUserActivity donation store
/// (`spec/cli.md`, "donations"). Every subcommand takes `--store PATH` (default
/// `./activity-bridge.sqlite`).
enum DonationsCommand: Command {
    static var subcommands: [String: any Command.Type] {
        [
            "import": DonationsImportCommand.self,
            "list": DonationsListCommand.self,
            "stats": DonationsStatsCommand.self,
            "delete": DonationsDeleteCommand.self,
            "delete-all": DonationsDeleteAllCommand.self,
            "suggest": DonationsSuggestCommand.self,
        ]
    }

    static var help: CommandHelp {
        CommandHelp(
            path: "donations",
            overview: "Import, inspect, delete and rank legacy NSUserActivity donations in a SQLite store.",
            usage: "donations <subcommand> [--store PATH] [options]",
            options: [DonationsStoreOption.helpEntry],
            subcommands: subcommands.keys.sorted().compactMap { name in
                subcommands[name].map { CommandHelp.Entry(name, $0.help.overview) }
            }
        )
    }
}
