import Diagnostics
import Foundation

/// Turns the bytes of an XML property list into UTF-8 before libxml2 sees them.
///
/// libxml2 could convert encodings itself, but then its byte positions would refer to its own
/// converted buffer; decoding first means every offset the reader computes is an offset into
/// one UTF-8 buffer, so line and column numbers are right for UTF-16 and UTF-32 input too.
/// The parser is then told to ignore the `encoding=` declaration.
///
/// Detection follows XML 1.0 appendix F: a byte-order mark, else the zero-byte pattern of the
/// first four bytes (`<?xm` in UTF-16/32 without BOM), else UTF-8 or the 8-bit charset named
/// in the XML declaration.
enum XMLInputDecoder {
    /// The UTF-8 text to parse.
    enum Decoded {
        /// The input is already UTF-8 (or ASCII): parse it in place, after `prefixLength` bytes of BOM.
        case inPlace(prefixLength: Int)
        /// The input was converted; parse these bytes.
        case converted([UInt8])
    }

    private enum UnicodeForm {
        case utf16(bigEndian: Bool), utf32(bigEndian: Bool)
    }

    /// Calls `parse` with `data` as UTF-8 text: in place when it already is (after any BOM), else
    /// converted. The one entry of the text readers (XML and OpenStep).
    static func withUTF8Text<T>(
        _ data: Data, file: String, _ parse: (UnsafeRawBufferPointer) throws(PropertyListReadError) -> T
    ) throws(PropertyListReadError) -> T {
        let result: Result<T, PropertyListReadError> = data.withUnsafeBytes { raw in
            do throws(PropertyListReadError) {
                switch try decode(raw, file: file) {
                case let .inPlace(prefixLength):
                    return .success(try parse(UnsafeRawBufferPointer(rebasing: raw[prefixLength...])))
                case let .converted(bytes):
                    return bytes.withUnsafeBytes { converted in
                        do throws(PropertyListReadError) { return .success(try parse(converted)) } catch { return .failure(error) }
                    }
                }
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, file: String) throws(PropertyListReadError) -> Decoded {
        let b = Array(bytes.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - bytes.count))
        switch (b[0], b[1], b[2], b[3]) {
        case (0xEF, 0xBB, 0xBF, _): return .inPlace(prefixLength: 3)
        case (0x00, 0x00, 0xFE, 0xFF): return .converted(try transcode(bytes, from: 4, .utf32(bigEndian: true), file: file))
        case (0xFF, 0xFE, 0x00, 0x00): return .converted(try transcode(bytes, from: 4, .utf32(bigEndian: false), file: file))
        case (0xFE, 0xFF, _, _): return .converted(try transcode(bytes, from: 2, .utf16(bigEndian: true), file: file))
        case (0xFF, 0xFE, _, _): return .converted(try transcode(bytes, from: 2, .utf16(bigEndian: false), file: file))
        case (0x00, 0x00, 0x00, let x) where x != 0: return .converted(try transcode(bytes, from: 0, .utf32(bigEndian: true), file: file))
        case (let x, 0x00, 0x00, 0x00) where x != 0: return .converted(try transcode(bytes, from: 0, .utf32(bigEndian: false), file: file))
        case (0x00, let x, 0x00, let y) where x != 0 && y != 0:
            return .converted(try transcode(bytes, from: 0, .utf16(bigEndian: true), file: file))
        case (let x, 0x00, let y, 0x00) where x != 0 && y != 0:
            return .converted(try transcode(bytes, from: 0, .utf16(bigEndian: false), file: file))
        default:
            return try decodeEightBit(bytes, file: file)
        }
    }

    // MARK: - UTF-16 and UTF-32

    private static func transcode(
        _ bytes: UnsafeRawBufferPointer, from start: Int, _ form: UnicodeForm, file: String
    ) throws(PropertyListReadError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = start
        let count = bytes.count

        func fail(_ message: String) -> PropertyListReadError {
            // Locate the bad unit by the text decoded so far: it starts right after it.
            let location = output.withUnsafeBytes { decoded in
                var table = LineTable(bytes: decoded)
                return table.location(ofByteOffset: decoded.count, file: file)
            }
            return .invalid(Diagnostic(.plistSyntax, message, at: location), warnings: [])
        }

        switch form {
        case let .utf16(bigEndian):
            func unit(at i: Int) -> UInt16 {
                bigEndian ? UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]) : UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i])
            }
            while index + 1 < count {
                let first = unit(at: index)
                index += 2
                var scalar = UInt32(first)
                if first >= 0xD800 && first < 0xDC00 {
                    guard index + 1 < count else { throw fail("truncated UTF-16 surrogate pair at the end of the input") }
                    let second = unit(at: index)
                    guard second >= 0xDC00 && second < 0xE000 else {
                        throw fail("invalid UTF-16: high surrogate 0x\(String(first, radix: 16, uppercase: true)) is not followed by a low surrogate")
                    }
                    index += 2
                    scalar = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
                } else if first >= 0xDC00 && first < 0xE000 {
                    throw fail("invalid UTF-16: unpaired low surrogate 0x\(String(first, radix: 16, uppercase: true))")
                }
                UTF8Bytes.append(scalar, to: &output)
            }
            if index < count { throw fail("invalid UTF-16: the input has an odd number of bytes") }
        case let .utf32(bigEndian):
            while index + 3 < count {
                let b0 = UInt32(bytes[index]), b1 = UInt32(bytes[index + 1])
                let b2 = UInt32(bytes[index + 2]), b3 = UInt32(bytes[index + 3])
                let scalar = bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
                guard scalar < 0x110000, !(scalar >= 0xD800 && scalar < 0xE000) else {
                    throw fail("invalid UTF-32: 0x\(String(scalar, radix: 16, uppercase: true)) is not a Unicode scalar")
                }
                index += 4
                UTF8Bytes.append(scalar, to: &output)
            }
            if index < count { throw fail("invalid UTF-32: the input length is not a multiple of 4 bytes") }
        }
        return output
    }

    // MARK: - ASCII-compatible encodings

    /// Charsets other than UTF-8 that an XML declaration may name, by lowercased IANA name.
    private static let eightBitEncodings: [String: String.Encoding] = [
        "iso-8859-1": .isoLatin1, "iso_8859-1": .isoLatin1, "latin1": .isoLatin1, "l1": .isoLatin1,
        "iso-8859-2": .isoLatin2, "latin2": .isoLatin2,
        "windows-1250": .windowsCP1250, "windows-1251": .windowsCP1251, "windows-1252": .windowsCP1252,
        "cp1252": .windowsCP1252, "windows-1253": .windowsCP1253, "windows-1254": .windowsCP1254,
        "macintosh": .macOSRoman, "macroman": .macOSRoman, "x-mac-roman": .macOSRoman,
        "shift_jis": .shiftJIS, "euc-jp": .japaneseEUC,
    ]

    /// Names that mean "parse as UTF-8": UTF-8 itself, ASCII, and the UTF-16/32 labels that a
    /// converted or mislabelled document carries (the bytes, not the label, decide).
    private static let utf8Compatible: Set<String> = [
        "utf-8", "utf8", "us-ascii", "ascii", "utf-16", "utf16", "utf-16le", "utf-16be",
        "utf-32", "utf32", "utf-32le", "utf-32be", "ucs-2", "ucs-4",
    ]

    private static func decodeEightBit(_ bytes: UnsafeRawBufferPointer, file: String) throws(PropertyListReadError) -> Decoded {
        guard let name = declaredEncoding(bytes)?.lowercased(), !utf8Compatible.contains(name) else {
            return .inPlace(prefixLength: 0)
        }
        guard let encoding = eightBitEncodings[name] else {
            throw .invalid(Diagnostic(
                .plistSyntax,
                "unsupported encoding '\(name)' in the XML declaration: expected UTF-8, UTF-16, UTF-32 or an ISO-8859/Windows/Mac Roman charset",
                at: SourceLocation(file: file, line: 1, column: 1)), warnings: [])
        }
        guard let text = String(bytes: bytes, encoding: encoding) else {
            throw .invalid(Diagnostic(
                .plistSyntax, "the input is not valid \(name) text, as its XML declaration says",
                at: SourceLocation(file: file, line: 1, column: 1)), warnings: [])
        }
        return .converted(Array(text.utf8))
    }

    /// The `encoding="…"` value of an XML declaration at the very start of the input.
    static func declaredEncoding(_ bytes: UnsafeRawBufferPointer) -> String? {
        let head = Array(bytes.prefix(256))
        guard head.starts(with: Array("<?xml".utf8)), let end = find(Array("?>".utf8), in: head) else { return nil }
        let declaration = Array(head[..<end])
        guard let keyword = find(Array("encoding".utf8), in: declaration) else { return nil }
        var index = keyword + 8
        func skipSpace() { while index < declaration.count, [0x20, 0x09, 0x0A, 0x0D].contains(declaration[index]) { index += 1 } }
        skipSpace()
        guard index < declaration.count, declaration[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpace()
        guard index < declaration.count, declaration[index] == 0x22 || declaration[index] == 0x27 else { return nil }
        let quote = declaration[index]
        index += 1
        guard let close = declaration[index...].firstIndex(of: quote) else { return nil }
        return String(decoding: declaration[index..<close], as: UTF8.self)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
