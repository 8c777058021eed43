import Foundation

/// Parses the text of a `<date>` element: `YYYY-MM-DDTHH:MM:SSZ`, in UTC, as Apple writes it.
///
/// Apple's reader accepts exactly this shape (the DTD's reduced forms never worked there) and an
/// optional `-` before the year. Fields are range-checked, including the month's length in leap
/// years; the conversion is done by hand (proleptic Gregorian calendar), without DateFormatter.
enum ISO8601DateParser {
    static func date(_ text: UnsafeBufferPointer<UInt8>) throws(XMLValueError) -> Date {
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

        func outOfRange(_ field: String, _ value: Int, _ range: ClosedRange<Int>) -> XMLValueError {
            XMLValueError("invalid <date> '\(XMLTextSnippet.quote(text))': \(field) \(value) is out of range \(range.lowerBound)–\(range.upperBound)")
        }
        guard (1...12).contains(month) else { throw outOfRange("month", month, 1...12) }
        let monthLength = daysInMonth(month, year: year)
        guard (1...monthLength).contains(day) else { throw outOfRange("day", day, 1...monthLength) }
        guard (0...23).contains(hour) else { throw outOfRange("hour", hour, 0...23) }
        guard (0...59).contains(minute) else { throw outOfRange("minute", minute, 0...59) }
        guard (0...59).contains(second) else { throw outOfRange("second", second, 0...59) }

        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
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
