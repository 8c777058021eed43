import Foundation
import JSON
public import PropertyList

/// The JSON form of donation parameters: how they are stored and printed.
///
/// Strings, integers, reals, booleans, arrays and dictionaries map directly (dictionary keys keep
/// their order, also when read back); a real is always written with a fraction or exponent so it reads back as a real
/// (`25.0`, not `25`); dates become `"YYYY-MM-DDTHH:MM:SSZ"` strings and data base64 strings
/// (they read back as strings). Non-finite reals have no JSON form.
public enum ParameterJSON {
    /// Why parameters cannot be stored.
    public struct EncodingError: Error, Hashable, Sendable, CustomStringConvertible {
        public var path: String
        public var description: String { "parameter '\(path)' is not a finite number and cannot be stored as JSON" }
    }

    /// Encodes a dictionary as one line of JSON.
    public static func encode(_ dictionary: PropertyListDictionary) throws(EncodingError) -> String {
        try jsonValue(.dictionary(dictionary), path: "").text
    }

    /// Decodes what ``encode(_:)`` wrote, keys in their stored order; nil when `text` is not a JSON object.
    public static func decode(_ text: String) -> PropertyListDictionary? {
        guard let json = try? JSONParser().parse(text), case let .dictionary(dictionary)? = PropertyListValue(json: json) else { return nil }
        return dictionary
    }

    private static func jsonValue(_ value: PropertyListValue, path: String) throws(EncodingError) -> JSONValue {
        switch value {
        case let .string(text): return .string(text)
        case let .integer(number): return number.int64Value.map { .integer($0) } ?? .unsignedInteger(number.uint64Value ?? 0)
        case let .real(number):
            guard number.isFinite else { throw EncodingError(path: path) }
            return .real(number)
        case let .bool(flag): return .bool(flag)
        case let .date(date): return .string(UTCTimestamp.string(date))
        case let .data(data): return .string(data.base64EncodedString())
        case let .uid(uid): return .unsignedInteger(UInt64(uid))
        case let .array(elements):
            var converted: [JSONValue] = []
            for (offset, element) in elements.enumerated() { converted.append(try jsonValue(element, path: "\(path)[\(offset)]")) }
            return .array(converted)
        case let .dictionary(dictionary):
            var members: [JSONValue.Member] = []
            for entry in dictionary.entries {
                members.append(.init(entry.key, try jsonValue(entry.value, path: path.isEmpty ? entry.key : "\(path).\(entry.key)")))
            }
            return .object(members)
        }
    }
}
