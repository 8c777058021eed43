import Foundation

extension PropertyListValue {
    /// A human-readable tree in the layout of `plutil -p`, as `activity-bridge plist print` shows it.
    ///
    /// ```
    /// {
    ///   "title" => "Book an appointment"
    ///   "keywords" => [
    ///     0 => "haircut"
    ///   ]
    ///   "when" => 2025-01-01 09:30:00 +0000
    ///   "blob" => {length = 3, bytes = 0x010203}
    /// }
    /// ```
    ///
    /// Dictionaries keep their document order (`plutil -p` sorts keys), strings are quoted but
    /// not escaped, reals use their shortest round-trip form (`3.0`, `1e+16`, `inf`), data longer
    /// than 24 bytes shows its first and last 8 bytes, and a UID reads `<UID: n>`. Ends with a newline.
    public var treeDescription: String {
        var buffer = PropertyListWriterBuffer()
        var walker = PropertyListTreeWalker(self)
        while let step = walker.next() {
            switch step {
            case let .value(value, key):
                let depth = walker.depth
                if depth > 0 {
                    for _ in 0..<depth { buffer.append("  ") }
                    if let key {
                        buffer.append(0x22)
                        buffer.append(utf8: key)
                        buffer.append("\" => ")
                    } else {
                        buffer.appendDecimal(UInt64(walker.currentIndex))
                        buffer.append(" => ")
                    }
                }
                Self.appendTreeScalar(value, to: &buffer)
                switch value {
                case .array:
                    buffer.append("[\n")
                    walker.enter(value)
                case .dictionary:
                    buffer.append("{\n")
                    walker.enter(value)
                default:
                    buffer.append(0x0A)
                }
            case let .end(isDictionary):
                for _ in 0..<walker.depth { buffer.append("  ") }
                buffer.append(isDictionary ? "}\n" : "]\n")
            }
        }
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends a scalar's text (containers are opened by the caller).
    private static func appendTreeScalar(_ value: PropertyListValue, to buffer: inout PropertyListWriterBuffer) {
        switch value {
        case let .string(string):
            buffer.append(0x22)
            buffer.append(utf8: string)
            buffer.append(0x22)
        case let .integer(integer):
            buffer.appendInteger(integer)
        case let .real(real):
            buffer.append(utf8: real.description)
        case let .bool(bool):
            buffer.append(bool ? "true" : "false")
        case let .date(date):
            if let parts = PropertyListDateParts(date) {
                buffer.appendPadded(parts.year, width: 4)
                buffer.append(0x2D)
                buffer.appendPadded(parts.month, width: 2)
                buffer.append(0x2D)
                buffer.appendPadded(parts.day, width: 2)
                buffer.append(0x20)
                buffer.appendPadded(parts.hour, width: 2)
                buffer.append(0x3A)
                buffer.appendPadded(parts.minute, width: 2)
                buffer.append(0x3A)
                buffer.appendPadded(parts.second, width: 2)
                buffer.append(" +0000")
            } else {
                buffer.append(utf8: "<date \(date.timeIntervalSinceReferenceDate) s after 2001-01-01>")
            }
        case let .data(data):
            buffer.append("{length = ")
            buffer.appendDecimal(UInt64(data.count))
            buffer.append(", bytes = 0x")
            // Like CFData's description: all bytes up to 24, else the first and last 8.
            let shown: [Data] = data.count > 24 ? [data.prefix(8), data.suffix(8)] : [data]
            for (index, part) in shown.enumerated() {
                if index > 0 { buffer.append("... ") }
                for byte in part {
                    buffer.append(hexDigits[Int(byte >> 4)])
                    buffer.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            buffer.append(0x7D)
        case let .uid(uid):
            buffer.append("<UID: ")
            buffer.appendDecimal(uid)
            buffer.append(0x3E)
        case .array, .dictionary:
            break
        }
    }
}
