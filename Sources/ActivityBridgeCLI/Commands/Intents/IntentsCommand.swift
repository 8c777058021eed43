/// The modern App Intents donations in a store (ActivityBridgeCLI.docc, "intents"); the store may also
/// hold legacy donations.
enum IntentsCommand: Command {
    static let configuration = CommandConfiguration(
        path: "intents",
        overview: "List, count and delete App Intents donations in a SQLite store.",
        subcommands: [IntentsListCommand.self, IntentsStatsCommand.self, IntentsDeleteCommand.self])
}
