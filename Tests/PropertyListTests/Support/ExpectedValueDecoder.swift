import Foundation
import PropertyList

/// Decodes the tagged JSON that states an expected property-list value.
///
/// Conventions (from `conformance/README.md`): objects are dictionaries (keys in order),
/// `{"$date": "…Z"}`, `{"$data": "<base64>"}`, `{"$real": "inf"|"-inf"|"nan"}`, `{"$uid": n}`.
/// A number is an integer when its text has no `.`, `e` or `E`, and is then kept exact
/// (beyond 64 bits it cannot be a property-list value, which is reported as an error).
/// Text that is not JSON at all is a bare string with backslash escapes (`\t`, `\n`).
///
/// Dates are parsed with Foundation's ISO8601DateFormatter, independently of the reader.
struct ExpectedValueDecoder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func decode(_ text: String) throws -> PropertyListValue {
        var decoder = ExpectedValueDecoder(bytes: Array(text.utf8))
        do {
            return try decoder.parseDocument()
        } catch {
            // Only text that cannot be the start of JSON is a bare string; broken JSON is an error.
            if let first = text.unicodeScalars.first, "{[\"-0123456789".unicodeScalars.contains(first) { throw error }
            return .string(unescape(text))
        }
    }

    private var bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func parseDocument() throws -> PropertyListValue {
        let value = try parseValue()
        skipSpace()
        guard index == bytes.count else { throw Failure(description: "trailing text") }
        return value
    }

    private mutating func parseValue() throws -> PropertyListValue {
        skipSpace()
        guard index < bytes.count else { throw Failure(description: "unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["):
            index += 1
            var elements: [PropertyListValue] = []
            skipSpace()
            if consume(UInt8(ascii: "]")) { return .array(elements) }
            repeat {
                elements.append(try parseValue())
                skipSpace()
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "]")) else { throw Failure(description: "expected ]") }
            return .array(elements)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        default: return try parseNumber()
        }
    }

    private mutating func parseObject() throws -> PropertyListValue {
        index += 1
        var pairs: [(String, PropertyListValue)] = []
        skipSpace()
        if !peek(UInt8(ascii: "}")) {
            repeat {
                skipSpace()
                let key = try parseString()
                skipSpace()
                guard consume(UInt8(ascii: ":")) else { throw Failure(description: "expected :") }
                pairs.append((key, try parseValue()))
                skipSpace()
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")) else { throw Failure(description: "expected }") }
        } else {
            index += 1
        }
        if pairs.count == 1, let (tag, value) = pairs.first, tag.hasPrefix("$") {
            return try tagged(tag, value)
        }
        return .dictionary(PropertyListDictionary(pairs))
    }

    private func tagged(_ tag: String, _ value: PropertyListValue) throws -> PropertyListValue {
        switch (tag, value) {
        case let ("$date", .string(text)):
            guard let date = ISO8601DateFormatter().date(from: text) else { throw Failure(description: "bad $date \(text)") }
            return .date(date)
        case let ("$data", .string(text)):
            guard let data = Data(base64Encoded: text) else { throw Failure(description: "bad $data \(text)") }
            return .data(data)
        case let ("$real", .string(text)):
            switch text.lowercased() {
            case "inf", "+inf", "infinity": return .real(.infinity)
            case "-inf", "-infinity": return .real(-.infinity)
            case "nan": return .real(.nan)
            default:
                guard let real = Double(text) else { throw Failure(description: "bad $real \(text)") }
                return .real(real)
            }
        case let ("$uid", .integer(number)):
            guard let uid = number.uint64Value else { throw Failure(description: "bad $uid") }
            return .uid(uid)
        default:
            return .dictionary([tag: value])
        }
    }

    private mutating func parseString() throws -> String {
        guard consume(UInt8(ascii: "\"")) else { throw Failure(description: "expected string") }
        var scalars = String.UnicodeScalarView()
        var pendingHigh: UInt32?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return String(scalars) }
            guard byte == UInt8(ascii: "\\") else {
                // Copy the whole UTF-8 sequence.
                var end = index
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                scalars.append(contentsOf: String(decoding: bytes[(index - 1)..<end], as: UTF8.self).unicodeScalars)
                index = end
                continue
            }
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "u"):
                guard index + 4 <= bytes.count,
                      let unit = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                else { throw Failure(description: "bad \\u") }
                index += 4
                if (0xD800..<0xDC00).contains(unit) {
                    pendingHigh = unit
                } else if (0xDC00..<0xE000).contains(unit), let high = pendingHigh {
                    pendingHigh = nil
                    if let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)) { scalars.append(scalar) }
                } else if let scalar = Unicode.Scalar(unit) {
                    scalars.append(scalar)
                }
            default: scalars.append(Unicode.Scalar(escape))
            }
        }
        throw Failure(description: "unterminated string")
    }

    private mutating func parseNumber() throws -> PropertyListValue {
        let start = index
        while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !text.isEmpty else { throw Failure(description: "unexpected character") }
        if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            guard let real = Double(text) else { throw Failure(description: "bad number \(text)") }
            return .real(real)
        }
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : Substring(text)
        guard let integer = PropertyListInteger(decimal: digits, negative: negative) else {
            throw Failure(description: "integer \(text) is outside the property-list range")
        }
        return .integer(integer)
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard peek(byte) else { return false }
        index += 1
        return true
    }

    private mutating func literal(_ word: String) throws {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw Failure(description: "expected \(word)")
        }
        index += expected.count
    }

    /// A bare (non-JSON) expected string: `\t`, `\n`, `\r`, `\\`, `\'`, `\"` are escapes.
    static func unescape(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "t": result.append("\t")
                case "n": result.append("\n")
                case "r": result.append("\r")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
