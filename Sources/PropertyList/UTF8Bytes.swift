/// UTF-8 encoding of a Unicode scalar value into a byte buffer, for the readers that decode text
/// themselves (UTF-16/32 input of the XML reader, `\U` escapes of the OpenStep scanner).
enum UTF8Bytes {
    /// Appends the one to four UTF-8 bytes of `scalar` (a valid scalar value: the callers have
    /// already refused surrogates and values above U+10FFFF).
    static func append(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            output.append(UInt8(scalar))
        case ..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
