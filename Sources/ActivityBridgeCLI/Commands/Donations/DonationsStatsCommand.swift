import ActivityKit

/// `activity-bridge donations stats [--store PATH] [--format text|json]`
///
/// JSON: `{"total":EVENTS,"distinct":PERSISTENT_IDS,"eligibleForPrediction":EVENTS,"byType":{TYPE:EVENTS}}`
/// (types sorted), as the command-line contract fixes it (ActivityBridgeCLI.docc, CommandLine).
enum DonationsStatsCommand: Command {
    static let format = CommonOptions.format(["text", "json"])

    static let configuration = CommandConfiguration(
        path: "donations stats",
        overview: "Count stored donation events: total, distinct persistent identifiers, eligible, per type.",
        arguments: [CommonOptions.store.declaration, format.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.value(format, default: "text")
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
        case "json":
            let byType = types.map { "\(DonationsJSON.quoted($0)):\(stats.byType[$0] ?? 0)" }.joined(separator: ",")
            context.standardOutput.write("{\"total\":\(stats.total),\"distinct\":\(stats.distinct),"
                + "\"eligibleForPrediction\":\(stats.eligibleForPrediction),\"byType\":{\(byType)}}\n")
        default:
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
