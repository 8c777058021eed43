/// A JSON value with ordered object keys, written compactly as UTF-8: the `--format json` and `sarif`
/// documents of `validate` keep their keys in the order of `spec/cli.md`.
enum ValidateJSONValue {
    case object([(String, ValidateJSONValue)])
    case array([ValidateJSONValue])
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null

    /// The compact JSON text.
    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    func write(to output: inout String) {
        switch self {
        case let .object(members):
            output += "{"
            for (offset, member) in members.enumerated() {
                if offset > 0 { output += "," }
                Self.writeString(member.0, to: &output)
                output += ":"
                member.1.write(to: &output)
            }
            output += "}"
        case let .array(elements):
            output += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case let .string(value):
            Self.writeString(value, to: &output)
        case let .integer(value):
            output += String(value)
        case let .bool(value):
            output += value ? "true" : "false"
        case .null:
            output += "null"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (RFC 8259 §7).
    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension ValidateJSONValue {
    /// An integer, or null when absent (positions in binary property lists).
    static func integer(_ value: Int?) -> ValidateJSONValue { value.map { .integer($0) } ?? .null }
}
