/// Parses the text of `<integer>` and `<real>` elements by hand on UTF-8 bytes, with Apple's rules.
///
/// Integers: optional leading whitespace, an optional sign (whitespace may follow it), then
/// decimal digits or `0x`/`0X` and hexadecimal digits; nothing may follow. A leading zero is
/// decimal, not octal. The value must lie in `Int64.min ... UInt64.max`.
///
/// Reals: optional leading whitespace, then a decimal number with optional fraction and exponent,
/// or `inf`, `infinity`, `nan` in any case with an optional sign. Hexadecimal floats are refused.
enum XMLNumberParser {
    static func integer(_ text: UnsafeBufferPointer<UInt8>) throws(XMLValueError) -> PropertyListInteger {
        var index = skipIntegerWhitespace(text, from: 0)
        guard index < text.count else { throw XMLValueError("empty <integer>: expected a number") }
        var negative = false
        if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            negative = text[index] == UInt8(ascii: "-")
            index = skipIntegerWhitespace(text, from: index + 1)
        }
        var hex = false
        if index + 1 < text.count, text[index] == UInt8(ascii: "0"),
           text[index + 1] == UInt8(ascii: "x") || text[index + 1] == UInt8(ascii: "X") {
            hex = true
            index += 2
        }
        let radix: UInt64 = hex ? 16 : 10
        var magnitude: UInt64 = 0
        var overflow = false
        let digitsStart = index
        while index < text.count {
            guard let digit = digitValue(text[index], hex: hex) else {
                throw XMLValueError(
                    "invalid <integer> '\(XMLTextSnippet.quote(text))': expected \(hex ? "hexadecimal" : "decimal") digits, found '\(XMLTextSnippet.character(in: text, at: index))'")
            }
            let (shifted, o1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, o2) = shifted.addingReportingOverflow(UInt64(digit))
            overflow = overflow || o1 || o2
            magnitude = sum
            index += 1
        }
        guard index > digitsStart else {
            throw XMLValueError("invalid <integer> '\(XMLTextSnippet.quote(text))': expected \(hex ? "hexadecimal " : "")digits")
        }
        guard !overflow, let value = PropertyListInteger(magnitude: magnitude, negative: negative) else {
            throw XMLValueError(
                "<integer> \(XMLTextSnippet.quote(text)) is out of range: property lists hold integers from -9223372036854775808 to 18446744073709551615")
        }
        return value
    }

    static func real(_ text: UnsafeBufferPointer<UInt8>) throws(XMLValueError) -> Double {
        var start = 0
        while start < text.count, isSpace(text[start]) { start += 1 }
        let body = UnsafeBufferPointer(rebasing: text[start...])
        guard !body.isEmpty else { throw XMLValueError("empty <real>: expected a number") }
        if let special = specialReal(body) { return special }
        guard isDecimalReal(body) else {
            throw XMLValueError(
                "invalid <real> '\(XMLTextSnippet.quote(text))': expected a decimal number such as 1.5 or -2e10, or inf, infinity, nan")
        }
        // The grammar is checked; the correctly rounded conversion is the standard library's.
        guard let value = Double(String(decoding: body, as: UTF8.self)) else {
            throw XMLValueError("invalid <real> '\(XMLTextSnippet.quote(text))'")
        }
        return value
    }

    // MARK: - Pieces

    /// Apple's integer scanner has always skipped a generous set of leading characters as space.
    private static func skipIntegerWhitespace(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < text.count, text[index] < 0x21 { index += 1 }
        return index
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `[+-]?(inf|infinity|nan)`, case-insensitively.
    private static func specialReal(_ body: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var sign = 1.0
        if body[0] == UInt8(ascii: "+") || body[0] == UInt8(ascii: "-") {
            sign = body[0] == UInt8(ascii: "-") ? -1 : 1
            index = 1
        }
        var word = ""
        while index < body.count, word.utf8.count < 9 {
            word.unicodeScalars.append(Unicode.Scalar(body[index] | 0x20))
            index += 1
        }
        guard index == body.count else { return nil }
        switch word {
        case "inf", "infinity": return sign * .infinity
        case "nan": return .nan
        default: return nil
        }
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
    private static func isDecimalReal(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < body.count, body[index] >= 0x30, body[index] <= 0x39 { index += 1 }
            return index - start
        }
        if body[index] == UInt8(ascii: "+") || body[index] == UInt8(ascii: "-") { index += 1 }
        var mantissaDigits = digits()
        if index < body.count, body[index] == UInt8(ascii: ".") {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if index < body.count, body[index] == UInt8(ascii: "e") || body[index] == UInt8(ascii: "E") {
            index += 1
            if index < body.count, body[index] == UInt8(ascii: "+") || body[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == body.count
    }
}
