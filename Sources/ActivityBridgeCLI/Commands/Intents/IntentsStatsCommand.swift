import IntentKit

/// `activity-bridge intents stats [--store PATH] [--format text|json]`
///
/// JSON: `{"total":N,"byIntent":{NAME:N}}` (names sorted). Text: `total: N`, then one
/// `  NAME: N` line per intent type.
enum IntentsStatsCommand: Command {
    static var help: CommandHelp {
        CommandHelp(
            path: "intents stats",
            overview: "Count intent donations, in total and per intent type.",
            usage: "intents stats [--store PATH] [--format text|json]",
            options: [
                IntentsStore.helpEntry,
                CommandHelp.Entry("--format FORMAT", "text (default) or json: {\"total\":N,\"byIntent\":{NAME:N}}."),
            ]
        )
    }

    static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        let (store, format) = try IntentsStore.openForReport(arguments, context: context)
        defer { try? store.close() }
        let statistics: IntentDonationStatistics
        do {
            statistics = try store.donations.statistics()
        } catch {
            throw IntentsStore.commandError(error)
        }
        try store.close()
        if format == "json" {
            context.standardOutput.write(statistics.json + "\n")
        } else {
            var text = "total: \(statistics.total)\n"
            for name in statistics.byIntent.keys.sorted() {
                text += "  \(name): \(statistics.byIntent[name] ?? 0)\n"
            }
            context.standardOutput.write(text)
        }
        return .success
    }
}
