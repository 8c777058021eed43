/// Why a token of an OpenStep property list is malformed, and the byte offset it is about.
struct OpenStepScanError: Error {
    var message: String
    var offset: Int
}

/// The lexical layer of the OpenStep (ASCII) property-list format, over UTF-8 bytes.
///
/// Follows CoreFoundation's `CFOldStylePList.c` (which Python's `openstep_plist` copies):
/// whitespace is bytes 9–13, space, U+2028 and U+2029; comments are `//` to the end of the line
/// and `/* … */`; unquoted strings use the NeXTSTEP character set `[A-Za-z0-9_$/:.-]`; quoted
/// strings take `"` or `'` with C-like escapes; data is `<hex pairs>` with whitespace between pairs.
/// Every method works forward from ``position`` and touches each byte once.
struct OpenStepScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Where an unterminated `/*` comment started, when one ran to the end of the input.
    private(set) var unterminatedComment: Int?
    /// Reused for strings with escapes, so only the final `String` is allocated.
    private var scratch: [UInt8] = []

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes.assumingMemoryBound(to: UInt8.self)
        scratch.reserveCapacity(256)
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The byte at ``position``; only valid when not ``isAtEnd``.
    var current: UInt8 { bytes[position] }

    // MARK: - Whitespace and comments

    /// Skips whitespace and comments. - Returns: whether a token follows (false at the end).
    mutating func skipSpaceAndComments() -> Bool {
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                position += 1
            } else if byte == 0xE2, position + 2 < count, bytes[position + 1] == 0x80,
                      bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9 {
                position += 3  // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR
            } else if byte == UInt8(ascii: "/"), position + 1 < count, bytes[position + 1] == UInt8(ascii: "/") {
                position += 2
                while position < count {
                    let c = bytes[position]
                    if c == 0x0A || c == 0x0D || (c == 0xE2 && isLineOrParagraphSeparator(at: position)) { break }
                    position += 1
                }
            } else if byte == UInt8(ascii: "/"), position + 1 < count, bytes[position + 1] == UInt8(ascii: "*") {
                let start = position
                position += 2
                var closed = false
                while position + 1 < count {
                    if bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") {
                        position += 2
                        closed = true
                        break
                    }
                    position += 1
                }
                if !closed {
                    // Apple's reader treats it as the end of the input; say so if something was missing.
                    unterminatedComment = start
                    position = count
                }
            } else {
                return true
            }
        }
        return false
    }

    private func isLineOrParagraphSeparator(at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
    }

    // MARK: - Strings

    /// `[A-Za-z0-9_$/:.-]`, NeXTSTEP's unquoted-string characters.
    @inline(__always)
    static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
        // A 128-bit set as two literals: no table to initialise or load in the hot loop.
        let low: UInt64 = 0x07FF_E010_0000_0000   // $ (36), - . / (45–47), 0–9 (48–57), : (58)
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE  // A–Z (65–90), _ (95), a–z (97–122)
        return byte < 64 ? (low >> UInt64(byte)) & 1 != 0 : byte < 128 && (high >> UInt64(byte - 64)) & 1 != 0
    }

    /// The unquoted string at ``position`` (its first byte is an unquoted character).
    mutating func unquotedString() -> String {
        let start = position
        let count = bytes.count
        while position < count, Self.isUnquotedCharacter(bytes[position]) { position += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// The quoted string whose opening quote is at ``position``.
    mutating func quotedString() throws(OpenStepScanError) -> String {
        let opening = position
        let quote = bytes[position]
        position += 1
        let count = bytes.count
        var mark = position
        var escaped = false
        scratch.removeAll(keepingCapacity: true)
        while position < count {
            let byte = bytes[position]
            if byte == quote {
                let text: String
                if escaped {
                    scratch.append(contentsOf: bytes[mark..<position])
                    text = scratch.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
                } else {
                    text = String(decoding: UnsafeBufferPointer(rebasing: bytes[mark..<position]), as: UTF8.self)
                }
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                scratch.append(contentsOf: bytes[mark..<position])
                position += 1
                try appendEscape(startingAt: position - 1)
                mark = position
            } else {
                position += 1
            }
        }
        let quoteText = quote == UInt8(ascii: "\"") ? "\"" : "'"
        throw OpenStepScanError(
            message: "unterminated string: expected a closing \(quoteText) for the string that starts here, found the end of the input",
            offset: opening)
    }

    /// Decodes the escape after the backslash at `backslash`; ``position`` is just past the `\`.
    private mutating func appendEscape(startingAt backslash: Int) throws(OpenStepScanError) {
        guard position < bytes.count else { return }  // the caller reports the unterminated string
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            // Up to three octal digits in 8 bits (as CF: `\777` wraps to 0xFF), NeXTSTEP above 127.
            var number = byte &- UInt8(ascii: "0")
            for _ in 0..<2 {
                guard position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "7") else { break }
                number = (number &<< 3) &+ (bytes[position] &- UInt8(ascii: "0"))
                position += 1
            }
            let scalar = number < 128 ? UInt32(number) : UInt32(OpenStepNeXTSTEPEncoding.table[Int(number) - 128])
            guard scalar != 0xFFFD else {
                // CF fails the conversion of the two unassigned bytes rather than inventing a character.
                let escape = String(decoding: bytes[backslash..<position], as: UTF8.self)
                throw OpenStepScanError(
                    message: "invalid escape '\(escape)': byte 0x\(String(number, radix: 16, uppercase: true)) has no character in the NeXTSTEP encoding (expected \\000 to \\375)",
                    offset: backslash)
            }
            UTF8Bytes.append(scalar, to: &scratch)
        case UInt8(ascii: "U"):
            let unit = hexUnit()
            if unit >= 0xD800 && unit < 0xDC00 {
                // A high surrogate combines with a following `\U` low surrogate into one scalar.
                let save = position
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "U") {
                    position += 2
                    let low = hexUnit()
                    if low >= 0xDC00 && low < 0xE000 {
                        UTF8Bytes.append(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), to: &scratch)
                        return
                    }
                }
                position = save
                throw loneSurrogate(unit, at: backslash)
            }
            if unit >= 0xDC00 && unit < 0xE000 { throw loneSurrogate(unit, at: backslash) }
            UTF8Bytes.append(unit, to: &scratch)
        case UInt8(ascii: "a"): scratch.append(0x07)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "v"): scratch.append(0x0B)
        default:
            // Any other character stands for itself (`\\`, `\"`, `\'`, a backslash-newline …),
            // copied whole when it is a multi-byte character.
            var end = position
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            scratch.append(contentsOf: bytes[(position - 1)..<end])
            position = end
        }
    }

    /// Up to four hex digits after `\U` (fewer when a non-digit comes first, as in CF).
    private mutating func hexUnit() -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count, let digit = Self.hexValue(bytes[position]) else { break }
            unit = unit << 4 | UInt32(digit)
            position += 1
        }
        return unit
    }

    private func loneSurrogate(_ unit: UInt32, at offset: Int) -> OpenStepScanError {
        OpenStepScanError(
            message: "invalid escape '\\U\(String(unit, radix: 16, uppercase: true))': a lone UTF-16 surrogate is not a character (expected a high surrogate followed by a low one)",
            offset: offset)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: - Data

    /// The `<hex>` data whose `<` is at ``position``: pairs of hex digits, whitespace between pairs.
    mutating func data() throws(OpenStepScanError) -> [UInt8] {
        let opening = position
        position += 1
        var result: [UInt8] = []
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                return result
            }
            if let high = Self.hexValue(byte) {
                guard position + 1 < count else { break }
                guard let low = Self.hexValue(bytes[position + 1]) else {
                    throw OpenStepScanError(
                        message: "invalid data: expected a second hex digit to complete the byte, found '\(character(at: position + 1))'",
                        offset: position + 1)
                }
                result.append(high << 4 | low)
                position += 2
            } else if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                position += 1
            } else if byte == 0xE2, isLineOrParagraphSeparator(at: position) {
                position += 3
            } else {
                throw OpenStepScanError(
                    message: "invalid data: expected hex digits, whitespace or '>', found '\(character(at: position))'",
                    offset: position)
            }
        }
        throw OpenStepScanError(
            message: "unterminated data: expected '>' to close the data that starts here, found the end of the input",
            offset: opening)
    }

    // MARK: - Descriptions

    /// The character at `index`, printable, for "found 'x'" messages.
    func character(at index: Int) -> String {
        guard index < bytes.count else { return "" }
        return XMLTextSnippet.character(in: bytes, at: index)
    }
}
