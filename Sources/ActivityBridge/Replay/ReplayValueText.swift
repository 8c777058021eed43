import Foundation
public import PropertyList

/// Short, one-line text for property-list values in replay messages: `"Jane"`, `2`, `1.5`,
/// `[a, b]`, `{hairdresser: "Jane", day: "Monday"}`.
public enum ReplayValueText {
    public static func render(_ value: PropertyListValue) -> String {
        switch value {
        case let .string(string): quoted(string)
        case let .integer(integer): integer.description
        case let .real(real): real.description
        case let .bool(bool): bool ? "true" : "false"
        case let .date(date): UTCTimestamp.string(date)
        case let .data(data): "<\(data.count) bytes>"
        case let .array(elements): "[" + elements.map(render).joined(separator: ", ") + "]"
        case let .dictionary(dictionary):
            "{" + dictionary.entries.map { "\($0.key): \(render($0.value))" }.joined(separator: ", ") + "}"
        case let .uid(uid): "uid(\(uid))"
        }
    }

    private static func quoted(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
