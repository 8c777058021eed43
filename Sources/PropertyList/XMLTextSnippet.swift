/// Why the text of a scalar element (`<integer>`, `<real>`, `<date>`, `<data>`) is not a value.
struct XMLValueError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Short, printable renderings of element text for diagnostics.
enum XMLTextSnippet {
    /// The text, trimmed of surrounding whitespace, with controls escaped and long text cut.
    static func quote(_ text: UnsafeBufferPointer<UInt8>, limit: Int = 40) -> String {
        quote(String(decoding: text, as: UTF8.self), limit: limit)
    }

    static func quote(_ text: String, limit: Int = 40, trimming: Bool = true) -> String {
        let trimmed = trimming ? text.trimmingXMLSpace() : text
        var result = ""
        var count = 0
        for scalar in trimmed.unicodeScalars {
            if count == limit {
                result += "…"
                break
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }

    /// The character starting at byte `index`, for "found 'x'" messages.
    static func character(in text: UnsafeBufferPointer<UInt8>, at index: Int) -> String {
        var end = index + 1
        while end < text.count, text[end] & 0xC0 == 0x80 { end += 1 }
        return quote(String(decoding: UnsafeBufferPointer(rebasing: text[index..<end]), as: UTF8.self), trimming: false)
    }
}

extension String {
    /// The string without leading and trailing XML whitespace (space, tab, CR, LF).
    func trimmingXMLSpace() -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
