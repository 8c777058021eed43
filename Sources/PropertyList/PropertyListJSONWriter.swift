import Foundation
import JSON

/// Writes a property list as one compact JSON document (the `plist convert --to json` mapping of
/// <doc:JSONMapping>), followed by a newline.
///
/// | plist | JSON |
/// | --- | --- |
/// | dictionary | object, keys in document order |
/// | array | array |
/// | string | string |
/// | integer | number, exact (up to `UInt64.max`) |
/// | real | number with a fraction or exponent: `1.0`, `0.5`, `1e+300` |
/// | true / false | `true` / `false` |
/// | date | `"YYYY-MM-DDTHH:MM:SSZ"` (UTC, whole seconds) |
/// | data | base64 string |
/// | UID | `{"CF$UID": n}`, the dictionary Apple's XML writer uses for a UID |
///
/// JSON has no infinities or NaN, so a non-finite real is a ``PropertyListWriteError``.
public struct PropertyListJSONWriter: Sendable {
    public init() {}

    public func data(for value: PropertyListValue) throws(PropertyListWriteError) -> Data {
        var buffer = PropertyListWriterBuffer(capacity: 1 << 16)
        var walker = PropertyListTreeWalker(value)
        while let step = walker.next() {
            switch step {
            case let .value(value, key):
                if !walker.isFirstChild { buffer.append(0x2C) }
                if let key {
                    Self.appendQuoted(key, to: &buffer)
                    buffer.append(0x3A)
                }
                try appendValue(value, to: &buffer, walker: &walker)
            case let .end(isDictionary):
                buffer.append(isDictionary ? 0x7D : 0x5D)
            }
        }
        buffer.append(0x0A)
        return Data(buffer.bytes)
    }

    private func appendValue(
        _ value: PropertyListValue, to buffer: inout PropertyListWriterBuffer, walker: inout PropertyListTreeWalker
    ) throws(PropertyListWriteError) {
        switch value {
        case let .string(string):
            Self.appendQuoted(string, to: &buffer)
        case let .integer(integer):
            buffer.appendInteger(integer)
        case let .real(real):
            guard real.isFinite else {
                throw PropertyListWriteError(
                    format: .json, path: walker.currentPath,
                    reason: "the real \(PropertyListXMLWriter.text(for: real)) has no JSON form (JSON numbers are finite)")
            }
            // Swift's description always has a fraction or an exponent: 1.0, 1e+300, 5e-324.
            buffer.append(utf8: real.description)
        case let .bool(bool):
            buffer.append(bool ? "true" : "false")
        case let .date(date):
            buffer.append(0x22)
            guard buffer.appendISODate(date) else {
                throw PropertyListWriteError(
                    format: .json, path: walker.currentPath,
                    reason: "the date \(date.timeIntervalSinceReferenceDate) s after 2001-01-01 lies outside years 0-9999")
            }
            buffer.append(0x22)
        case let .data(data):
            buffer.append(0x22)
            buffer.appendBase64(data)
            buffer.append(0x22)
        case let .array(elements):
            if elements.isEmpty {
                buffer.append("[]")
            } else {
                buffer.append(0x5B)
                walker.enter(value)
            }
        case let .dictionary(dictionary):
            if dictionary.isEmpty {
                buffer.append("{}")
            } else {
                buffer.append(0x7B)
                walker.enter(value)
            }
        case let .uid(uid):
            buffer.append("{\"CF$UID\":")
            buffer.appendDecimal(uid)
            buffer.append(0x7D)
        }
    }

    /// Appends `text` as a JSON string, escaped as every JSON text of the package is (``JSONEscaping``).
    static func appendQuoted(_ text: String, to buffer: inout PropertyListWriterBuffer) {
        buffer.appendJSONString(text)
    }
}
