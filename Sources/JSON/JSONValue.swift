/// A JSON document with ordered object members: the one JSON writer of the package.
///
/// Every command's `--format json` output, the SARIF log, reports and stored JSON columns are built
/// as a `JSONValue` and written with ``text`` or ``write(to:)``. Object members keep the order they
/// were given in (JSON output is a contract: keys appear in the documented order), and ``JSONParser``
/// keeps the order it read, so a round trip changes nothing.
///
/// ```swift
/// let summary = JSONValue.object([("files", 1), ("errors", 0)])
/// summary.text   // {"files":1,"errors":0}
/// ```
public enum JSONValue: Hashable, Sendable {
    case object([Member])
    case array([JSONValue])
    case string(String)
    case integer(Int64)
    /// An integer above `Int64.max` (property-list integers reach `UInt64.max`).
    case unsignedInteger(UInt64)
    /// A finite real; written with a fraction or an exponent (`1.0`, `1e+300`) so it reads back as a real.
    case real(Double)
    case bool(Bool)
    case null

    /// One object member: a key and its value.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONValue
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// An object from `(key, value)` pairs, in that order.
    public static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.map { Member($0.0, $0.1) })
    }

    /// An integer, or `null` when absent (e.g. the line of a value in a binary property list).
    public static func integer(_ value: Int?) -> JSONValue {
        value.map { .integer(Int64($0)) } ?? .null
    }

    /// A string, or `null` when absent.
    public static func string(_ value: String?) -> JSONValue {
        value.map { .string($0) } ?? .null
    }

    /// The member named `key` of an object; nil for other values or a missing key.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The compact JSON text, no trailing newline.
    public var text: String {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the compact UTF-8 text. Iterative, so documents of any depth write without recursion.
    public func write(to output: inout [UInt8]) {
        // A stack of containers still being written and how far into each we are.
        enum Frame { case object([Member], Int), array([JSONValue], Int) }
        var stack: [Frame] = []
        var pending: JSONValue? = self
        while true {
            if let value = pending {
                pending = nil
                switch value {
                case let .object(members):
                    output.append(UInt8(ascii: "{"))
                    stack.append(.object(members, 0))
                case let .array(elements):
                    output.append(UInt8(ascii: "["))
                    stack.append(.array(elements, 0))
                case let .string(text): JSONEscaping.appendQuoted(text, to: &output)
                case let .integer(number): output.append(contentsOf: String(number).utf8)
                case let .unsignedInteger(number): output.append(contentsOf: String(number).utf8)
                case let .real(number): output.append(contentsOf: JSONEscaping.realText(number).utf8)
                case let .bool(flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .null: output.append(contentsOf: "null".utf8)
                }
            }
            guard let top = stack.popLast() else { return }
            switch top {
            case let .object(members, index):
                if index == members.count {
                    output.append(UInt8(ascii: "}"))
                    continue
                }
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONEscaping.appendQuoted(members[index].key, to: &output)
                output.append(UInt8(ascii: ":"))
                stack.append(.object(members, index + 1))
                pending = members[index].value
            case let .array(elements, index):
                if index == elements.count {
                    output.append(UInt8(ascii: "]"))
                    continue
                }
                if index > 0 { output.append(UInt8(ascii: ",")) }
                stack.append(.array(elements, index + 1))
                pending = elements[index]
            }
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(floatLiteral value: Double) { self = .real(value) }
}

/// JSON string escaping and number text, shared by ``JSONValue`` and the property-list JSON writer
/// so that every JSON byte the package writes is escaped the same way.
public enum JSONEscaping {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `text` in double quotes: `"` and `\` escaped, control characters as `\n`-style or
    /// `\u00XX` escapes (RFC 8259 §7), everything else as raw UTF-8.
    public static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        var text = text
        output.append(0x22)
        text.withUTF8 { bytes in
            // Most strings need no escape: copy them whole.
            if !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
                output.append(contentsOf: bytes)
                return
            }
            for byte in bytes {
                switch byte {
                case 0x22: output.append(contentsOf: [0x5C, 0x22])
                case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case 0x08: output.append(contentsOf: [0x5C, UInt8(ascii: "b")])
                case 0x0C: output.append(contentsOf: [0x5C, UInt8(ascii: "f")])
                case ..<0x20:
                    output.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                               hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]])
                default: output.append(byte)
                }
            }
        }
        output.append(0x22)
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A finite real with a fraction or an exponent, so that it reads back as a real: Swift's
    /// shortest round-trip text (`1.0`, `0.1`, `1e+300`, `5e-324`). Non-finite values have no JSON
    /// form; callers check first (they write `null`, or refuse).
    public static func realText(_ value: Double) -> String {
        precondition(value.isFinite, "JSON has no form for \(value)")
        return value.description
    }
}
