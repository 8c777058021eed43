import IntentKit

/// JSON: `{"total":N,"byIntent":{NAME:N}}` (names sorted). Text: `total: N`, then one
/// `  NAME: N` line per intent type.
enum IntentsStatsCommand: Command {
    static let format = CommonOptions.format(
        TextOrJSON.self, "Output format (json: {\"total\":N,\"byIntent\":{NAME:N}})")

    static let configuration = CommandConfiguration(
        path: "intents stats",
        overview: "Count intent donations, in total and per intent type.",
        arguments: [CommonOptions.store.declaration, format.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.format(format)
        let store = try IntentsStore.open(parsed, context: context)
        defer { try? store.close() }
        let statistics: IntentDonationStatistics
        do {
            statistics = try store.donations.statistics()
        } catch {
            throw IntentsStore.commandError(error)
        }
        try store.close()
        switch format {
        case .json:
            context.standardOutput.write(statistics.json + "\n")
        case .text:
            var text = "total: \(statistics.total)\n"
            for name in statistics.byIntent.keys.sorted() {
                text += "  \(name): \(statistics.byIntent[name] ?? 0)\n"
            }
            context.standardOutput.write(text)
        }
        return .success
    }
}
