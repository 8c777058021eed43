import JSON
import Foundation

/// The byte buffer the XML and JSON writers fill: appends go straight into one growing array,
/// so a 100 MB document costs no per-node string allocation.
struct PropertyListWriterBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// Appends literal ASCII text such as a tag.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends a string's UTF-8 bytes unchanged.
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(utf8Bytes: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: utf8Bytes) }

    /// Appends `text` as a JSON string literal.
    mutating func appendJSONString(_ text: String) { JSONEscaping.appendQuoted(text, to: &bytes) }

    mutating func appendTabs(_ count: Int) {
        bytes.append(contentsOf: repeatElement(0x09, count: count))
    }

    /// Appends the decimal digits of `value` without going through `String`.
    mutating func appendDecimal(_ value: UInt64, negative: Bool = false) {
        if negative { bytes.append(0x2D) }
        var digitCount = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            digitCount += 1
        }
        appendDigits(of: value, count: digitCount)
    }

    /// Writes the last `count` decimal digits of `value`, most significant first.
    private mutating func appendDigits(of value: UInt64, count: Int) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0x30, count: count))
        var rest = value
        var index = start + count - 1
        while index >= start {
            bytes[index] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
            rest /= 10
            index -= 1
        }
    }

    mutating func appendInteger(_ value: PropertyListInteger) {
        if let unsigned = value.uint64Value {
            appendDecimal(unsigned)
        } else if let signed = value.int64Value {
            appendDecimal(signed.magnitude, negative: true)
        }
    }

    /// Appends a non-negative `value` padded with leading zeros to `width` digits.
    mutating func appendPadded(_ value: Int, width: Int) {
        appendDigits(of: UInt64(clamping: value), count: width)
    }

    static let base64Alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Appends `data` as base64 with `=` padding; with `lineLength`, the text is cut into lines of
    /// that many characters, each starting with `indent` tabs and ending with a newline (Apple's layout).
    mutating func appendBase64(_ data: Data, lineLength: Int? = nil, indent: Int = 0) {
        let encoded = Self.base64(data)
        guard let lineLength, lineLength > 0 else {
            bytes.append(contentsOf: encoded)
            return
        }
        var start = 0
        while start < encoded.count {
            let end = min(start + lineLength, encoded.count)
            appendTabs(indent)
            bytes.append(contentsOf: encoded[start..<end])
            bytes.append(0x0A)
            start = end
        }
    }

    /// The base64 characters of `data`, padded with `=`.
    static func base64(_ data: Data) -> [UInt8] {
        let alphabet = base64Alphabet
        var encoded = [UInt8]()
        encoded.reserveCapacity((data.count + 2) / 3 * 4)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let count = raw.count
            var index = 0
            while index + 3 <= count {
                let chunk = UInt32(raw[index]) << 16 | UInt32(raw[index + 1]) << 8 | UInt32(raw[index + 2])
                encoded.append(alphabet[Int(chunk >> 18 & 0x3F)])
                encoded.append(alphabet[Int(chunk >> 12 & 0x3F)])
                encoded.append(alphabet[Int(chunk >> 6 & 0x3F)])
                encoded.append(alphabet[Int(chunk & 0x3F)])
                index += 3
            }
            let remaining = count - index
            if remaining > 0 {
                let chunk = UInt32(raw[index]) << 16 | (remaining == 2 ? UInt32(raw[index + 1]) << 8 : 0)
                encoded.append(alphabet[Int(chunk >> 18 & 0x3F)])
                encoded.append(alphabet[Int(chunk >> 12 & 0x3F)])
                encoded.append(remaining == 2 ? alphabet[Int(chunk >> 6 & 0x3F)] : 0x3D)
                encoded.append(0x3D)
            }
        }
        return encoded
    }

    /// Appends a date as `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds rounded down).
    /// - Returns: false, appending nothing, when the date lies outside years 0–9999 or is not finite.
    mutating func appendISODate(_ date: Date) -> Bool {
        guard let parts = PropertyListDateParts(date) else { return false }
        appendPadded(parts.year, width: 4)
        append(0x2D)
        appendPadded(parts.month, width: 2)
        append(0x2D)
        appendPadded(parts.day, width: 2)
        append(0x54)
        appendPadded(parts.hour, width: 2)
        append(0x3A)
        appendPadded(parts.minute, width: 2)
        append(0x3A)
        appendPadded(parts.second, width: 2)
        append(0x5A)
        return true
    }
}

/// A date split into UTC calendar fields, for the writers and `plist print`.
struct PropertyListDateParts: Equatable {
    var year, month, day, hour, minute, second: Int

    /// Seconds from 2001-01-01 to 0000-01-01 (proleptic Gregorian, as CoreFoundation counts) and to
    /// 10000-01-01: the range the 4-digit formats hold.
    static let earliest: Double = -63_145_526_400
    static let latest: Double = 252_423_993_600

    /// Nil when `date` is not finite or lies outside years 0–9999.
    init?(_ date: Date) {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite, interval >= Self.earliest, interval < Self.latest else { return nil }
        // Whole seconds since 1970, rounded down, split into days and time of day.
        // Round down before moving the epoch: adding 978,307,200 first would round a date just
        // before 2001 (-1 ns) up to the next second in Double arithmetic.
        let seconds = Int64(interval.rounded(.down)) + 978_307_200
        var days = seconds / 86_400
        var timeOfDay = seconds % 86_400
        if timeOfDay < 0 {
            timeOfDay += 86_400
            days -= 1
        }
        // Howard Hinnant's civil_from_days: proleptic Gregorian, exact for every day.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        hour = Int(timeOfDay / 3600)
        minute = Int(timeOfDay % 3600 / 60)
        second = Int(timeOfDay % 60)
    }
}
