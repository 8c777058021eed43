import ActivityKit
import Foundation

/// `activity-bridge donations suggest [--store PATH] [--limit N] [--now TIME] [--format text|json]`
///
/// What a prediction engine would offer: prediction-eligible, unexpired donations grouped by
/// persistent identifier and ranked by frequency and recency (``SuggestionRanking``).
enum DonationsSuggestCommand: Command {
    static let defaultLimit = 10

    static var help: CommandHelp {
        CommandHelp(
            path: "donations suggest",
            overview: "Rank prediction-eligible donations by frequency and recency, as Siri would suggest them.",
            usage: "donations suggest [--store PATH] [--limit N] [--now TIME] [--format text|json]",
            options: [
                DonationsStoreOption.helpEntry,
                CommandHelp.Entry("--limit N", "How many suggestions (default \(defaultLimit))."),
                CommandHelp.Entry("--now TIME", "Rank as of TIME (YYYY-MM-DDTHH:MM:SSZ or Unix seconds); default now."),
                CommandHelp.Entry("--format FORMAT", "text (default) or json."),
            ]
        )
    }

    static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        let parsed = try ParsedArguments(
            arguments, spec: ArgumentSpec(valueOptions: [DonationsStoreOption.name, "--limit", "--now", "--format"]))
        let limit = try parsed.integer("--limit", default: defaultLimit)
        let format = try parsed.choice("--format", in: ["text", "json"], default: "text")
        guard parsed.positionals.isEmpty else { throw CommandError.usage("unexpected argument '\(parsed.positionals[0])'") }
        var now = Date()
        if let text = parsed.value("--now") {
            guard let moment = DonationsJSON.parseMoment(text) else {
                throw CommandError.usage("invalid value '\(text)' for '--now': expected YYYY-MM-DDTHH:MM:SSZ or Unix seconds")
            }
            now = moment
        }
        let store = try DonationsStoreOption.openForReading(parsed, context: context)
        let suggestions: [DonationSuggestion]
        do {
            suggestions = try store.suggestions(limit: limit, now: now)
        } catch {
            try? store.close()
            throw DonationsStoreOption.commandError(error)
        }
        try DonationsStoreOption.close(store)
        context.standardOutput.write(format == "json" ? json(suggestions) : text(suggestions))
        return .success
    }

    static func text(_ suggestions: [DonationSuggestion]) -> String {
        guard !suggestions.isEmpty else { return "no suggestions: no prediction-eligible, unexpired donations\n" }
        return suggestions.enumerated().map { offset, suggestion in
            let activity = suggestion.activity
            return "\(offset + 1). \(activity.title ?? activity.activityType) [\(suggestion.persistentIdentifier ?? "no persistent identifier")] "
                + "\(suggestion.donationCount) donation(s), last \(DonationsJSON.timestamp(suggestion.lastDonatedAt)), "
                + "score \(String(format: "%.3f", suggestion.score))\n"
        }.joined()
    }

    static func json(_ suggestions: [DonationSuggestion]) -> String {
        let items = suggestions.map { suggestion in
            let activity = suggestion.activity
            var fields = [
                "\"persistentIdentifier\":" + (suggestion.persistentIdentifier.map(DonationsJSON.quoted) ?? "null"),
                "\"activityType\":" + DonationsJSON.quoted(activity.activityType),
                "\"title\":" + (activity.title.map(DonationsJSON.quoted) ?? "null"),
                "\"donations\":\(suggestion.donationCount)",
                "\"lastDonatedAt\":" + DonationsJSON.quoted(DonationsJSON.timestamp(suggestion.lastDonatedAt)),
                "\"score\":" + DonationsJSON.number(suggestion.score),
            ]
            if let phrase = activity.suggestedInvocationPhrase {
                fields.append("\"suggestedInvocationPhrase\":" + DonationsJSON.quoted(phrase))
            }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "{\"suggestions\":[" + items.joined(separator: ",") + "]}\n"
    }
}
