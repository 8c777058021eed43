import ActivityKit
import Foundation

/// What a prediction engine would offer: prediction-eligible, unexpired donations grouped by
/// persistent identifier and ranked by frequency and recency (``SuggestionRanking``).
enum DonationsSuggestCommand: Command {
    static let limit = Option<Int>.positiveInteger("--limit", default: 10, help: "How many suggestions")
    static let now = Option<Date>(
        "--now", value: "TIME", help: "Rank as of TIME (YYYY-MM-DDTHH:MM:SSZ or Unix seconds); default now."
    ) { text throws(CommandError) in
        guard let moment = DonationsJSON.parseMoment(text) else {
            throw .usage("invalid value '\(text)' for '--now': expected YYYY-MM-DDTHH:MM:SSZ or Unix seconds")
        }
        return moment
    }
    static let format = CommonOptions.format(TextOrJSON.self)

    static let configuration = CommandConfiguration(
        path: "donations suggest",
        overview: "Rank prediction-eligible donations by frequency and recency, as Siri would suggest them.",
        arguments: [CommonOptions.store.declaration, limit.declaration, now.declaration, format.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let limit = try parsed.requiredValue(limit)
        let format = try parsed.format(format)
        let now = try parsed.value(now) ?? Date()
        let store = try DonationsStoreOption.openForReading(parsed, context: context)
        let suggestions: [DonationSuggestion]
        do {
            suggestions = try store.suggestions(limit: limit, now: now)
        } catch {
            try? store.close()
            throw DonationsStoreOption.commandError(error)
        }
        try DonationsStoreOption.close(store)
        let output = switch format {
        case .json: json(suggestions)
        case .text: text(suggestions)
        }
        context.standardOutput.write(output)
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
