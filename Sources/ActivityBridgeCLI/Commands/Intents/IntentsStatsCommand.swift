import IntentKit

/// `activity-bridge intents stats [--store PATH] [--format text|json]`
///
/// JSON: `{"total":N,"byIntent":{NAME:N}}` (names sorted). Text: `total: N`, then one
/// `  NAME: N` line per intent type.
enum IntentsStatsCommand: Command {
    static let configuration = CommandConfiguration(
        path: "intents stats",
        overview: "Count intent donations, in total and per intent type.",
        arguments: [CommonOptions.store.declaration,
                    IntentsStore.format("Output format (json: {\"total\":N,\"byIntent\":{NAME:N}})").declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let (store, format) = try IntentsStore.openForReport(parsed, context: context)
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
