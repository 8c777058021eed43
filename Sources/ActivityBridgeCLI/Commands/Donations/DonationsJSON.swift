import ActivityKit
import Foundation
import JSON
import PropertyList

/// Small JSON and time helpers for the donations subcommands' output.
enum DonationsJSON {
    /// A JSON string literal.
    static func quoted(_ text: String) -> String { JSONEscaping.quoted(text) }

    /// A JSON number for a double (always finite here: scores and counts).
    static func number(_ value: Double) -> String {
        value.isFinite ? String(format: "%.6g", value) : "0"
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds).
    static func timestamp(_ date: Date) -> String { UTCTimestamp.string(date) }

    /// Parses `--now`: `YYYY-MM-DDTHH:MM:SSZ` (fractions and offsets allowed) or seconds since 1970.
    static func parseMoment(_ text: String) -> Date? {
        if let seconds = Double(text), seconds.isFinite { return Date(timeIntervalSince1970: seconds) }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// The import form of an event (its activity dictionary plus `donatedAt`) with its `id` first,
    /// as one JSON object without a trailing newline.
    static func event(_ event: DonationEvent) throws(CommandError) -> String {
        var dictionary: PropertyListDictionary = ["id": .integer(PropertyListInteger(event.id))]
        for entry in event.activity.activityDictionary { dictionary[entry.key] = entry.value }
        dictionary[ActivityDictionaryKey.donatedAt] = .date(event.donatedAt)
        do {
            let data = try PropertyListJSONWriter().data(for: .dictionary(dictionary))
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
        } catch {
            throw .failure("donation event \(event.id) cannot be written as JSON: \(error.description); use --format text")
        }
    }
}
