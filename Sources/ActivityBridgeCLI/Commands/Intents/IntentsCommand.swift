/// `activity-bridge intents <subcommand>`: the modern App Intents donations in a store
/// (`spec/cli.md`, "intents"). Every subcommand takes `--store PATH` (default
/// `./activity-bridge.sqlite`); the store may also hold legacy donations.
enum IntentsCommand: Command {
    static var subcommands: [String: any Command.Type] {
        [
            "list": IntentsListCommand.self,
            "stats": IntentsStatsCommand.self,
            "delete": IntentsDeleteCommand.self,
        ]
    }

    static var help: CommandHelp {
        CommandHelp(
            path: "intents",
            overview: "List, count and delete App Intents donations in a SQLite store.",
            usage: "intents <subcommand> [--store PATH] [options]",
            options: [IntentsStore.helpEntry],
            subcommands: subcommands.keys.sorted().compactMap { name in
                subcommands[name].map { CommandHelp.Entry(name, $0.help.overview) }
            }
        )
    }
}
