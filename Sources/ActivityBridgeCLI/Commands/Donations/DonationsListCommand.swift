import ActivityKit
import Foundation

/// Every stored event, oldest donation first, streamed (flat memory for any store size).
/// Text: one tab-separated line per event: `ID DONATED_AT TYPE PERSISTENT_ID TITLE` (`-` when
/// absent). JSON: `{"donations":[{"id":N,…activity keys…,"donatedAt":"…"}]}`, each element in
/// the import format, so a listing can be imported again.
enum DonationsListCommand: Command {
    static let format = CommonOptions.format(
        TextOrJSON.self, "Output format (text: ID, time, type, persistent id, title; json: import-format objects)")

    static let configuration = CommandConfiguration(
        path: "donations list",
        overview: "List stored donation events, oldest first.",
        arguments: [CommonOptions.store.declaration, format.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.format(format)
        let store = try DonationsStoreOption.openForReading(parsed, context: context)
        defer { try? store.close() }

        var listing = StreamedListing(format, member: "donations", to: context.standardOutput)
        do {
            try store.forEachEvent { event in
                switch format {
                case .json: listing.append(jsonText: try DonationsJSON.event(event))
                case .text: listing.append(line: textLine(event))
                }
            }
        } catch let error as DonationStoreError {
            listing.flush()
            throw DonationsStoreOption.commandError(error)
        }
        listing.finish()
        try DonationsStoreOption.close(store)
        return .success
    }

    static func textLine(_ event: DonationEvent) -> String {
        let activity = event.activity
        let fields = [
            String(event.id), DonationsJSON.timestamp(event.donatedAt), activity.activityType,
            activity.persistentIdentifier ?? "-", activity.title ?? "-",
        ]
        return fields.map(singleLine).joined(separator: "\t") + "\n"
    }

    /// Tabs and line breaks inside a field would break the columns: they become spaces.
    /// (Checked byte-wise first: Foundation's replacing is slow enough to dominate a long list.)
    static func singleLine(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return field }
        return String(String.UnicodeScalarView(field.unicodeScalars.map { "\t\n\r".unicodeScalars.contains($0) ? " " : $0 }))
    }
}
