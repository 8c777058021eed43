public import Diagnostics
import Foundation

/// Parses the text of a `<date>` element: `YYYY-MM-DDTHH:MM:SSZ`, in UTC, as Apple writes it.
///
/// Apple's reader accepts exactly this shape (the DTD's reduced forms never worked there). Like
/// Apple's, it rolls a two-digit field that is out of range over into the next one
/// (`2024-01-32` is 2024-02-01, `T24:00:00` the next midnight); unlike Apple's, it says so: the
/// caller turns ``Parsed/rolledOver`` into a `date-out-of-range` warning. The result must lie in
/// years 0–9999, the one date range every reader and writer here shares (four-digit years, so
/// what is read can be written as XML, binary or JSON and read back equal). Year 0 is read as
/// Apple's readers read it (CoreFoundation's `CFPropertyList` and swift-foundation both accept
/// `0000-01-01T00:00:00Z`; see "Dates" in ReadingPropertyLists.md). The conversion is done by hand
/// in the proleptic Gregorian calendar, as CoreFoundation's, without DateFormatter.
enum ISO8601DateParser {
    struct Parsed {
        var date: Date
        /// The first field outside its calendar range, e.g. `day 32 (1–31)`, when the date rolled over.
        var rolledOver: String?
    }

    /// Years 0–9999: what `YYYY` can write, and what the binary reader accepts.
    static let years = 0...9999

    static func date(_ text: UnsafeBufferPointer<UInt8>) throws(XMLValueError) -> Parsed {
        guard !text.isEmpty else { throw XMLValueError("empty <date>: expected YYYY-MM-DDTHH:MM:SSZ") }
        // Messages are built only on the error path: this runs for every <date>.
        var malformed: XMLValueError {
            XMLValueError("invalid <date> '\(XMLTextSnippet.quote(text))': expected YYYY-MM-DDTHH:MM:SSZ (UTC)")
        }
        var index = 0

        func number(digits count: Int) -> Int? {
            guard index + count <= text.count else { return nil }
            var value = 0
            for offset in 0..<count {
                let byte = text[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ character: Unicode.Scalar) -> Bool {
            guard index < text.count, text[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        let negativeYear = expect("-")
        var yearDigits = 0
        var year = 0
        while index < text.count, text[index] >= 0x30, text[index] <= 0x39 {
            guard yearDigits < 9 else { throw malformed }
            year = year * 10 + Int(text[index] - 0x30)
            yearDigits += 1
            index += 1
        }
        if negativeYear { year = -year }
        guard yearDigits > 0, expect("-"), let month = number(digits: 2), expect("-"),
              let day = number(digits: 2), expect("T"), let hour = number(digits: 2), expect(":"),
              let minute = number(digits: 2), expect(":"), let second = number(digits: 2), expect("Z"),
              index == text.count
        else { throw malformed }
        guard years.contains(year) else {
            throw XMLValueError(
                "invalid <date> '\(XMLTextSnippet.quote(text))': year \(year) is outside years 0–9999, the range property lists hold here")
        }

        var rolledOver: String?
        func check(_ field: String, _ value: Int, _ range: ClosedRange<Int>) {
            if rolledOver == nil, !range.contains(value) {
                rolledOver = "\(field) \(value) is outside \(range.lowerBound)–\(range.upperBound)"
            }
        }
        check("month", month, 1...12)
        if (1...12).contains(month) { check("day", day, 1...daysInMonth(month, year: year)) } else { check("day", day, 1...31) }
        check("hour", hour, 0...23)
        check("minute", minute, 0...59)
        check("second", second, 0...59)

        // Lenient arithmetic, as a lenient Gregorian calendar does: months carry into years,
        // days and times into the days after the month's first.
        let monthIndex = year * 12 + month - 1
        let normalizedYear = monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12
        let normalizedMonth = monthIndex - normalizedYear * 12 + 1
        let days = daysSince1970(year: normalizedYear, month: normalizedMonth, day: 1) + day - 1
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        if rolledOver != nil, PropertyListDateParts(date) == nil {
            throw XMLValueError(
                "invalid <date> '\(XMLTextSnippet.quote(text))': \(rolledOver!), and rolling it over leaves years 0–9999")
        }
        return Parsed(date: date, rolledOver: rolledOver)
    }

    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given civil date (Howard Hinnant's `days_from_civil`).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
