public import Foundation
public import PropertyList

/// The forms a `date`, `url` or `file` value may take in a property list — a replay script's
/// `parameters`, a legacy userInfo entry, a bridge manifest's constant — decided once, here, for
/// the coercion of intent parameters and the bridge manifest's userInfo types alike.
///
/// | kind | accepts |
/// | --- | --- |
/// | date | a `<date>`; ISO 8601 text with a time zone (`2024-05-01T09:30:00Z`, `…+02:00`, fractional seconds allowed) or a day (`2024-05-01`, midnight UTC); an integer or real: seconds since 1970-01-01 UTC (Unix time) |
/// | url | text that is an absolute URL: a scheme, and for `http`/`https` a host; no white space |
/// | file | a `file:` URL with a path, or an absolute path (`/…`) |
public enum IntentValueParsing {
    /// The moment `value` names, or nil.
    public static func date(_ value: PropertyListValue) -> Date? {
        switch value {
        case let .date(date): return date
        case .integer, .real: return seconds(value).map(Date.init(timeIntervalSince1970:))
        case let .string(text): return date(iso8601: text)
        default: return nil
        }
    }

    /// An integer or real number of seconds that a date can hold (finite, within about 3,000
    /// years of its epoch), or nil: the one range for every epoch a manifest reads.
    public static func seconds(_ value: PropertyListValue) -> Double? {
        switch value {
        case .integer, .real:
            guard let seconds = value.doubleValue, seconds.isFinite, abs(seconds) < 1e11 else { return nil }
            return seconds
        default: return nil
        }
    }

    /// ISO 8601 text with a time zone, with or without fractional seconds, or a plain day.
    public static func date(iso8601 text: String) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.count >= 10, text.first?.isNumber == true else { return nil }
        // A time needs its zone (Foundation would otherwise guess one); a day alone is UTC midnight.
        let isDay = text.count == 10
        guard isDay || text.hasSuffix("Z") || text.hasSuffix("z") || hasZoneOffset(text) else { return nil }
        // A formatter per call: they are not Sendable, and userInfo values are few.
        let formatter = ISO8601DateFormatter()
        let choices: [ISO8601DateFormatter.Options] = isDay ? [[.withFullDate]] : [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]]
        for options in choices {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// Ends in `+HH:MM` or `-HH:MM`.
    private static func hasZoneOffset(_ text: String) -> Bool {
        let tail = Array(text.suffix(6))
        guard tail.count == 6, tail[0] == "+" || tail[0] == "-", tail[3] == ":" else { return false }
        return [1, 2, 4, 5].allSatisfy { tail[$0].isASCII && tail[$0].isNumber }
    }

    /// The absolute URL `value` spells, or nil (relative references and bare words are not URLs).
    public static func url(_ value: PropertyListValue) -> URL? {
        guard let text = value.stringValue, !text.isEmpty, !text.contains(where: { $0.isWhitespace }),
              let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty
        else { return nil }
        if ["http", "https"].contains(scheme.lowercased()), url.host?.isEmpty ?? true { return nil }
        return url
    }

    /// The file URL `value` names — a `file:` URL with a path, or an absolute path — or nil.
    public static func fileURL(_ value: PropertyListValue) -> URL? {
        guard let text = value.stringValue, !text.isEmpty else { return nil }
        if text.hasPrefix("/") { return URL(fileURLWithPath: text).standardizedFileURL }
        guard text.lowercased().hasPrefix("file:"), let url = URL(string: text), url.isFileURL, !url.path.isEmpty else { return nil }
        return url.standardizedFileURL
    }
}
