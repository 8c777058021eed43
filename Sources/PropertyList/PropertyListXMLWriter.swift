import Foundation

/// Writes XML property lists in Apple's layout: the XML declaration, Apple's DOCTYPE,
/// `<plist version="1.0">`, one element per line indented with tabs, empty containers as
/// `<array/>` / `<dict/>`, and `<data>` as base64 lines wrapped the way CoreFoundation wraps them.
///
/// Dictionaries keep their document order (Apple sorts keys; order carries no meaning in a plist).
/// Reals use the shortest text that reads back to the same double (`1.0`, `0.1`, `1e+300`),
/// non-finite ones `inf`, `-inf` and `nan`. A UID becomes `<dict><key>CF$UID</key><integer>…`,
/// as Apple writes it, which the reader (like CoreFoundation's) turns back into a UID.
public struct PropertyListXMLWriter: Sendable {
    public init() {}

    /// The XML document for `value`.
    /// - Throws: ``PropertyListWriteError`` for a string XML 1.0 cannot hold (a control character
    ///   other than tab, newline and carriage return, or U+FFFE/U+FFFF), for a date outside years 0–9999,
    ///   and for containers nested deeper than ``PropertyListWriter/maximumDepth`` (a UID, written as
    ///   a `CF$UID` dictionary one level deeper, is read back at that depth too).
    public func data(for value: PropertyListValue) throws(PropertyListWriteError) -> Data {
        var buffer = PropertyListWriterBuffer(capacity: 1 << 16)
        buffer.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        buffer.append("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n")
        buffer.append("<plist version=\"1.0\">\n")
        var walker = PropertyListTreeWalker(value)
        while let step = walker.next() {
            switch step {
            case let .value(value, key):
                let indent = walker.depth
                if let key {
                    buffer.appendTabs(indent)
                    buffer.append("<key>")
                    try appendEscaped(key, to: &buffer, walker: walker, what: "key")
                    buffer.append("</key>\n")
                }
                buffer.appendTabs(indent)
                try appendElement(value, indent: indent, to: &buffer, walker: &walker)
                buffer.append(0x0A)
            case let .end(isDictionary):
                buffer.appendTabs(walker.depth)
                buffer.append(isDictionary ? "</dict>\n" : "</array>\n")
            }
        }
        buffer.append("</plist>\n")
        return Data(buffer.bytes)
    }

    private func appendElement(
        _ value: PropertyListValue, indent: Int, to buffer: inout PropertyListWriterBuffer,
        walker: inout PropertyListTreeWalker
    ) throws(PropertyListWriteError) {
        switch value {
        case let .string(string):
            buffer.append("<string>")
            try appendEscaped(string, to: &buffer, walker: walker, what: "string")
            buffer.append("</string>")
        case let .integer(integer):
            buffer.append("<integer>")
            buffer.appendInteger(integer)
            buffer.append("</integer>")
        case let .real(real):
            buffer.append("<real>")
            buffer.append(utf8: Self.text(for: real))
            buffer.append("</real>")
        case let .bool(bool):
            buffer.append(bool ? "<true/>" : "<false/>")
        case let .date(date):
            buffer.append("<date>")
            guard buffer.appendISODate(date) else {
                throw PropertyListWriteError(
                    format: .xml, path: walker.currentPath,
                    reason: "the date \(date.timeIntervalSinceReferenceDate) s after 2001-01-01 lies outside years 0-9999")
            }
            buffer.append("</date>")
        case let .data(data):
            // CoreFoundation caps the indent of data lines at 8 tabs and counts each tab as
            // 8 columns against a 76-column line.
            let lineIndent = min(indent, 8)
            buffer.append("<data>\n")
            buffer.appendBase64(data, lineLength: 76 - 8 * lineIndent, indent: lineIndent)
            buffer.appendTabs(indent)
            buffer.append("</data>")
        case let .array(elements):
            try PropertyListWriter.checkDepth(walker, format: .xml)
            if elements.isEmpty {
                buffer.append("<array/>")
            } else {
                buffer.append("<array>")
                walker.enter(value)
            }
        case let .dictionary(dictionary):
            try PropertyListWriter.checkDepth(walker, format: .xml)
            if dictionary.isEmpty {
                buffer.append("<dict/>")
            } else {
                buffer.append("<dict>")
                walker.enter(value)
            }
        case let .uid(uid):
            buffer.append("<dict>\n")
            buffer.appendTabs(indent + 1)
            buffer.append("<key>CF$UID</key>\n")
            buffer.appendTabs(indent + 1)
            buffer.append("<integer>")
            buffer.appendDecimal(uid)
            buffer.append("</integer>\n")
            buffer.appendTabs(indent)
            buffer.append("</dict>")
        }
    }

    /// The text of a `<real>`: shortest round-trip form, or `inf`, `-inf`, `nan`.
    static func text(for real: Double) -> String {
        if real.isNaN { return "nan" }
        if real.isInfinite { return real < 0 ? "-inf" : "inf" }
        return real.description
    }

    /// Appends `text` with `&`, `<` and `>` escaped and a carriage return as `&#13;` (a raw one
    /// would read back as a newline).
    private func appendEscaped(
        _ text: String, to buffer: inout PropertyListWriterBuffer, walker: PropertyListTreeWalker, what: String
    ) throws(PropertyListWriteError) {
        var text = text
        let offending: UInt32? = text.withUTF8 { bytes in
            if !bytes.contains(where: Self.needsAttention) {
                buffer.append(utf8Bytes: bytes)
                return nil
            }
            return Self.appendEscapedSlowly(bytes, to: &buffer)
        }
        if let offending {
            let hex = String(offending, radix: 16, uppercase: true)
            throw PropertyListWriteError(
                format: .xml, path: walker.currentPath,
                reason: "the \(what) contains U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex), which XML 1.0 cannot hold")
        }
    }

    private static func needsAttention(_ byte: UInt8) -> Bool {
        byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x0D || byte == 0xEF
            || (byte < 0x20 && byte != 0x09 && byte != 0x0A)
    }

    /// Escapes byte by byte. - Returns: the first scalar XML cannot hold, or nil.
    private static func appendEscapedSlowly(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout PropertyListWriterBuffer) -> UInt32? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x26: buffer.append("&amp;")
            case 0x3C: buffer.append("&lt;")
            case 0x3E: buffer.append("&gt;")
            case 0x0D: buffer.append("&#13;")
            case 0x09, 0x0A: buffer.append(byte)
            case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF):
                return bytes[index + 2] == 0xBE ? 0xFFFE : 0xFFFF
            case ..<0x20: return UInt32(byte)
            default: buffer.append(byte)
            }
            index += 1
        }
        return nil
    }
}
