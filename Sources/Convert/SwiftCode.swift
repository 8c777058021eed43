/// The small pieces of Swift syntax the generator writes: literals, identifiers and indented lines. The output is
/// formatted by construction (four spaces, one declaration per line, a blank line between members), so the same
/// input always gives the same bytes.
struct SwiftCode {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    /// `opening {`, the body indented, `}`.
    mutating func block(_ opening: String, _ body: (inout SwiftCode) -> Void) {
        line(opening + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// `body` one level deeper, for blocks that continue past their `}` (`} otherwise: {`).
    mutating func indented(_ body: (inout SwiftCode) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// A string literal holding `text` exactly (no interpolation, escapes for quotes, backslashes and controls).
    static func literal(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                escaped += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"" + escaped + "\""
    }

    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false",
        "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// `name` as an identifier: a keyword in backticks (`` `default` ``); nil when it cannot be one at all.
    static func identifier(_ name: String) -> String? {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isXIDStart,
              name.unicodeScalars.allSatisfy({ $0 == "_" || $0.properties.isXIDContinue }) else { return nil }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// A type name made of `name`'s letters and digits, its first letter uppercased (`order type` → `OrderType`).
    static func typeName(_ name: String) -> String {
        var result = ""
        var upper = true
        for scalar in name.unicodeScalars {
            guard scalar == "_" || scalar.properties.isXIDContinue else { upper = true; continue }
            let character = String(scalar)
            result += upper ? character.uppercased() : character
            upper = false
        }
        if let first = result.unicodeScalars.first, !first.properties.isXIDStart { result = "_" + result }
        return result.isEmpty ? "Unnamed" : result
    }
}
