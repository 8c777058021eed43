import Foundation
public import PropertyList

/// The JSON form of donation parameters: how they are stored and printed.
///
/// Strings, integers, reals, booleans, arrays and dictionaries map directly (dictionary keys keep
/// their order); a real is always written with a fraction or exponent so it reads back as a real
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
        var output = ""
        try write(.dictionary(dictionary), path: "", into: &output)
        return output
    }

    /// Decodes what ``encode(_:)`` wrote; nil when `text` is not a JSON object.
    public static func decode(_ text: String) -> PropertyListDictionary? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]),
              case let .dictionary(dictionary)? = value(from: object)
        else { return nil }
        return dictionary
    }

    private static func write(_ value: PropertyListValue, path: String, into output: inout String) throws(EncodingError) {
        switch value {
        case let .string(text): writeString(text, into: &output)
        case let .integer(number): output += number.description
        case let .real(number):
            guard number.isFinite else { throw EncodingError(path: path) }
            let text = "\(number)"
            output += text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? text : text + ".0"
        case let .bool(flag): output += flag ? "true" : "false"
        case let .date(date): writeString(date.formatted(.iso8601), into: &output)
        case let .data(data): writeString(data.base64EncodedString(), into: &output)
        case let .uid(uid): output += String(uid)
        case let .array(elements):
            output += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += "," }
                try write(element, path: "\(path)[\(offset)]", into: &output)
            }
            output += "]"
        case let .dictionary(dictionary):
            output += "{"
            for (offset, entry) in dictionary.entries.enumerated() {
                if offset > 0 { output += "," }
                writeString(entry.key, into: &output)
                output += ":"
                try write(entry.value, path: path.isEmpty ? entry.key : "\(path).\(entry.key)", into: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ text: String, into output: inout String) {
        JSONStringLiteral.append(text, to: &output)
    }

    /// Foundation's parsed JSON to a property-list value. NSNumber's stored type tells integers
    /// (`q`), reals (`d`) and booleans apart.
    private static func value(from object: Any) -> PropertyListValue? {
        switch object {
        case let text as String:
            return .string(text)
        case let number as NSNumber:
            if type(of: number) == type(of: NSNumber(value: true)) { return .bool(number.boolValue) }
            let kind = String(cString: number.objCType)
            if kind == "d" || kind == "f" { return .real(number.doubleValue) }
            if kind == "Q", number.uint64Value > UInt64(Int64.max) { return .integer(PropertyListInteger(number.uint64Value)) }
            return .integer(PropertyListInteger(number.int64Value))
        case let array as [Any]:
            var elements: [PropertyListValue] = []
            for element in array {
                guard let converted = value(from: element) else { return nil }
                elements.append(converted)
            }
            return .array(elements)
        case let dictionary as [String: Any]:
            // JSONSerialization loses key order; sort for a stable result.
            var result = PropertyListDictionary()
            for key in dictionary.keys.sorted() {
                guard let element = dictionary[key], let converted = value(from: element) else { return nil }
                result[key] = converted
            }
            return .dictionary(result)
        default:
            return nil
        }
    }
}
