import Foundation

/// Decodes the base64 text of a `<data>` element.
///
/// Whitespace anywhere is ignored (Apple writes data in indented, wrapped lines); anything else
/// that is not in the base64 alphabet is an error, as is `=` padding anywhere but at the end or
/// a length that does not make whole 4-character groups.
enum Base64Decoder {
    /// 0–63 for alphabet characters, `space` for whitespace, `pad` for `=`, `invalid` otherwise.
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, scalar) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".unicodeScalars.enumerated() {
            table[Int(scalar.value)] = UInt8(value)
        }
        for space in [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D] { table[space] = Self.space }
        table[Int(UInt8(ascii: "="))] = pad
        return table
    }()
    private static let invalid: UInt8 = 0xFF
    private static let space: UInt8 = 0xFE
    private static let pad: UInt8 = 0xFD

    static func decode(_ text: UnsafeBufferPointer<UInt8>) throws(XMLValueError) -> Data {
        var output = [UInt8]()
        output.reserveCapacity(text.count / 4 * 3)
        var group: UInt32 = 0
        var groupCount = 0
        var padding = 0
        var characters = 0

        for (index, byte) in text.enumerated() {
            let value = table[Int(byte)]
            switch value {
            case space:
                continue
            case pad:
                padding += 1
                guard padding <= 2 else { throw XMLValueError("invalid <data>: too much '=' padding in base64 text") }
            case invalid:
                throw XMLValueError(
                    "invalid <data>: '\(XMLTextSnippet.character(in: text, at: index))' is not a base64 character (expected A–Z, a–z, 0–9, +, / or = padding)")
            default:
                guard padding == 0 else { throw XMLValueError("invalid <data>: base64 text continues after '=' padding") }
                group = group << 6 | UInt32(value)
                groupCount += 1
                characters += 1
                if groupCount == 4 {
                    output.append(UInt8(truncatingIfNeeded: group >> 16))
                    output.append(UInt8(truncatingIfNeeded: group >> 8))
                    output.append(UInt8(truncatingIfNeeded: group))
                    group = 0
                    groupCount = 0
                }
            }
        }
        guard (characters + padding) % 4 == 0, groupCount == 0 || groupCount + padding == 4, groupCount != 1 else {
            throw XMLValueError(
                "invalid <data>: \(characters) base64 characters and \(padding) '=' do not make whole 4-character groups (missing or extra '=' padding?)")
        }
        switch groupCount {
        case 2:
            output.append(UInt8(truncatingIfNeeded: group >> 4))
        case 3:
            output.append(UInt8(truncatingIfNeeded: group >> 10))
            output.append(UInt8(truncatingIfNeeded: group >> 2))
        default:
            break
        }
        return Data(output)
    }
}
