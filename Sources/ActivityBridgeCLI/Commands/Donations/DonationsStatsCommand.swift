import ActivityKit
import JSON

/// JSON: `{"total":EVENTS,"distinct":PERSISTENT_IDS,"eligibleForPrediction":EVENTS,"byType":{TYPE:EVENTS}}`
/// (types sorted), as the command-line contract fixes it (ActivityBridgeCLI.docc, CommandLine).
enum DonationsStatsCommand: Command {
    static let format = CommonOptions.format(TextOrJSON.self)

    static let configuration = CommandConfiguration(
        path: "donations stats",
        overview: "Count stored donation events: total, distinct persistent identifiers, eligible, per type.",
        arguments: [CommonOptions.store.declaration, format.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.format(format)
        let store = try DonationsStoreOption.openForReading(parsed, context: context)
        let stats: DonationStats
        do {
            stats = try store.stats()
        } catch {
            try? store.close()
            throw DonationsStoreOption.commandError(error)
        }
        try DonationsStoreOption.close(store)
        let types = stats.byType.keys.sorted()
        switch format {
        case .json:
            let document = JSONValue.object([
                ("total", .integer(stats.total)), ("distinct", .integer(stats.distinct)),
                ("eligibleForPrediction", .integer(stats.eligibleForPrediction)),
                ("byType", .object(types.map { ($0, .integer(stats.byType[$0] ?? 0)) })),
            ])
            context.standardOutput.write(document.text + "\n")
        case .text:
            var text = """
                total: \(stats.total) event(s)
                distinct: \(stats.distinct) persistent identifier(s)
                eligibleForPrediction: \(stats.eligibleForPrediction) event(s)
                byType:\(types.isEmpty ? " none" : "")

                """
            for type in types { text += "  \(type): \(stats.byType[type] ?? 0)\n" }
            context.standardOutput.write(text)
        }
        return .success
    }
}
