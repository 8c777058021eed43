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
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of the compact JSON text (bytes, not String appends: 1,000 files of
    /// activity types render in milliseconds).
    func write(to output: inout [UInt8]) {
        switch self {
        case let .object(members):
            output.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(member.0, to: &output)
                output.append(UInt8(ascii: ":"))
                member.1.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        case let .array(elements):
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case let .string(value):
            Self.writeString(value, to: &output)
        case let .integer(value):
            output.append(contentsOf: String(value).utf8)
        case let .bool(value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .null:
            output.append(contentsOf: "null".utf8)
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (RFC 8259 §7); other
    /// bytes, multi-byte UTF-8 included, are copied as they are.
    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let utf8 = value.utf8
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output.append(contentsOf: utf8)
        } else {
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                               hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                default: output.append(byte)
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension ValidateJSONValue {
    /// An integer, or null when absent (positions in binary property lists).
    static func integer(_ value: Int?) -> ValidateJSONValue { value.map { .integer($0) } ?? .null }
}
