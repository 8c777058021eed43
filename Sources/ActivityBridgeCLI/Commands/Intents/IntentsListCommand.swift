import Foundation
import IntentKit
import JSON

/// `activity-bridge intents list [--store PATH] [--format text|json]`
///
/// Every intent donation, oldest first, streamed. Text: one tab-separated line per donation:
/// `IDENTIFIER DONATED_AT INTENT PARAMETERS_JSON`. JSON: `{"donations":[{"identifier":…,
/// "intent":…,"parameters":{…},"donatedAt":"…","migratedFrom":…|null}]}`.
enum IntentsListCommand: Command {
    static let configuration = CommandConfiguration(
        path: "intents list",
        overview: "List stored intent donations, oldest first.",
        arguments: [CommonOptions.store.declaration,
                    IntentsStore.format("Output format (text: identifier, time, intent, parameters; json: one document)").declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let (store, format) = try IntentsStore.openForReport(parsed, context: context)
        defer { try? store.close() }

        // Buffered in chunks: one write per donation would dominate a large listing.
        var chunk = format == "json" ? "{\"donations\":[" : ""
        var first = true
        do {
            try store.donations.forEachDonation { donation in
                chunk += format == "json" ? (first ? "\n" : ",\n") + (try json(donation)) : try textLine(donation)
                first = false
                if chunk.utf8.count >= 1 << 16 {
                    context.standardOutput.write(chunk)
                    chunk = ""
                }
            }
        } catch {
            context.standardOutput.write(chunk)
            throw IntentsStore.commandError(error)
        }
        if format == "json" { chunk += first ? "]}\n" : "\n]}\n" }
        context.standardOutput.write(chunk)
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
