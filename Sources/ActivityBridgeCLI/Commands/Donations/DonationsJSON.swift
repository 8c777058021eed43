import ActivityKit
import Foundation
import PropertyList

/// Small JSON and time helpers for the donations subcommands' output.
enum DonationsJSON {
    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A JSON number for a double (always finite here: scores and counts).
    static func number(_ value: Double) -> String {
        value.isFinite ? String(format: "%.6g", value) : "0"
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds), as `spec/cli.md` writes dates.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

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
