import Foundation
import IntentKit
import JSON

/// Every intent donation, oldest first, streamed. Text: one tab-separated line per donation:
/// `IDENTIFIER DONATED_AT INTENT PARAMETERS_JSON`. JSON: `{"donations":[{"identifier":…,
/// "intent":…,"parameters":{…},"donatedAt":"…","migratedFrom":…|null}]}`.
enum IntentsListCommand: Command {
    static let format = CommonOptions.format(
        TextOrJSON.self, "Output format (text: identifier, time, intent, parameters; json: one document)")

    static let configuration = CommandConfiguration(
        path: "intents list",
        overview: "List stored intent donations, oldest first.",
        arguments: [CommonOptions.store.declaration, format.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.format(format)
        let store = try IntentsStore.open(parsed, context: context)
        defer { try? store.close() }

        var listing = StreamedListing(format, member: "donations", to: context.standardOutput)
        do {
            try store.donations.forEachDonation { donation in
                switch format {
                case .json: listing.append(jsonText: try json(donation))
                case .text: listing.append(line: try textLine(donation))
                }
            }
        } catch {
            listing.flush()
            throw IntentsStore.commandError(error)
        }
        listing.finish()
        try store.close()
        return .success
    }

    static func textLine(_ donation: IntentDonation) throws -> String {
        let fields = [
            donation.identifier.description, IntentsStore.timestamp(donation.donatedAt), donation.intentTypeName,
            try ParameterJSON.encode(donation.parameters),
        ]
        // JSON escapes tabs and newlines; the intent name is the only free text left.
        return fields.map { $0.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
            .joined(separator: "\t") + "\n"
    }

    static func json(_ donation: IntentDonation) throws -> String {
        // The parameters are already JSON text; splice them in rather than parse them again.
        let head = JSONValue.object([
            ("identifier", .string(donation.identifier.description)), ("intent", .string(donation.intentTypeName)),
        ]).text.dropLast()
        let tail = JSONValue.object([
            ("donatedAt", .string(IntentsStore.timestamp(donation.donatedAt))), ("migratedFrom", .string(donation.migratedFrom)),
        ]).text.dropFirst()
        return head + ",\"parameters\":" + (try ParameterJSON.encode(donation.parameters)) + "," + tail
    }
}
