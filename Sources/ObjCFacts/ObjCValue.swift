import Diagnostics
// A value expression as written, before it is resolved: what a string-typed Objective-C expression can be
// followed through.

indirect enum ObjCValue: Sendable, Hashable {
    case literal(String)
    /// A name: a macro, a file-scope constant, a system constant. `offset` is the token's place in its main
    /// file (-1 in a header's macro or declaration), where clang's macro expansion record says which `#define` it is.
    case reference(String, file: String, offset: Int)
    case bundleIdentifier
    case concatenation([ObjCValue])
    /// `[NSString stringWithFormat:format, arguments…]`: each `%@` takes the next argument.
    case format(ObjCValue, [ObjCValue])
    /// `Class.member` / `[Class member]`: a class property or class method, which a Swift `@objc` member
    /// declares in a mixed target (resolved through ``ObjCResolver/bridged``, by `Class.member`).
    case classMember(String, String)
    /// Any of these: a local assigned in several places before the site.
    case oneOf([ObjCValue])
    case unknown

    /// The names it refers to (what the rounds look for the declarations of).
    var references: [String] {
        switch self {
        case .reference(let name, _, _): [name]
        case .concatenation(let parts): parts.flatMap(\.references)
        case .format(let format, let arguments): format.references + arguments.flatMap(\.references)
        case .oneOf(let values): values.flatMap(\.references)
        default: []
        }
    }
}

extension TokenList {
    /// The value of the expression in `range` (`file` names the main file its offsets are in).
    func value(_ range: Range<Int>, file: String, depth: Int = 0) -> ObjCValue {
        var range = range
        guard depth < 32, !range.isEmpty else { return .unknown }
        // Parentheses around it and casts before it: `(NSString *)X`, `(__bridge NSString *)X`.
        while !range.isEmpty, self[range.lowerBound] == "(", partner[range.lowerBound] > range.lowerBound,
              partner[range.lowerBound] < range.upperBound {
            let close = partner[range.lowerBound]
            if close == range.upperBound - 1 {
                range = (range.lowerBound + 1)..<close
            } else if ((range.lowerBound + 1)..<close).allSatisfy({ toks[$0].isIdentifier || self[$0] == "*" }) {
                range = (close + 1)..<range.upperBound
            } else {
                break
            }
        }
        guard !range.isEmpty else { return .unknown }
        // Adjacent string literals, with or without `@`: one string.
        if range.allSatisfy({ toks[$0].isStringLiteral || self[$0] == "@" }), range.contains(where: { toks[$0].isStringLiteral }) {
            var text = ""
            for index in range where toks[index].isStringLiteral {
                guard let literal = Self.unescaped(self[index]) else { return .unknown }
                text += literal
            }
            return .literal(text)
        }
        // Adjacent literals and string macros: `PREFIX @"suffix"`, `@"a" SUFFIX` (only strings can stand side by side).
        let pieces = range.filter { self[$0] != "@" }
        if pieces.count > 1, pieces.allSatisfy({ toks[$0].isStringLiteral || toks[$0].isIdentifier }),
           range.allSatisfy({ self[$0] == "@" || toks[$0].isStringLiteral || toks[$0].isIdentifier }) {
            return .concatenation(pieces.map { value($0..<($0 + 1), file: file, depth: depth + 1) })
        }
        if range.count == 1, toks[range.lowerBound].isIdentifier {
            let name = self[range.lowerBound]
            if name == "nil" || name == "NULL" { return .unknown }
            return .reference(name, file: file, offset: toks[range.lowerBound].offset)
        }
        let words = range.map { self[$0] }
        // `ActivityTypes.openNote`: a class property (the class named with a capital, as classes are).
        if words.count == 3, words[1] == ".", toks[range.lowerBound].isIdentifier, toks[range.lowerBound + 2].isIdentifier,
           words[0].first?.isUppercase == true {
            return .classMember(words[0], words[2])
        }
        if words == ["NSBundle", ".", "mainBundle", ".", "bundleIdentifier"] { return .bundleIdentifier }
        // `NSStringFromClass(X.class)` / `NSStringFromClass([X class])`: the class's name (an intent class
        // continued in the app, compared with an activity's type).
        if words.first == "NSStringFromClass", words.count >= 5, words[1] == "(", words.last == ")" {
            let inner = Array(words[2..<(words.count - 1)])
            if inner.count == 3, inner[1] == ".", inner[2] == "class", inner[0].first?.isUppercase == true { return .literal(inner[0]) }
            if inner.count == 4, inner[0] == "[", inner[2] == "class", inner[3] == "]", inner[1].first?.isUppercase == true { return .literal(inner[1]) }
        }
        // `[NSBundle mainBundle].bundleIdentifier`
        if words.count > 2, words.suffix(2) == [".", "bundleIdentifier"], isMainBundle(range.lowerBound..<(range.upperBound - 2)) {
            return .bundleIdentifier
        }
        if self[range.lowerBound] == "[", partner[range.lowerBound] == range.upperBound - 1, let message = message(at: range.lowerBound) {
            let receiver = message.receiver
            switch message.selector {
            case "bundleIdentifier" where isMainBundle(receiver):
                return .bundleIdentifier
            case "stringByAppendingString:":
                return .concatenation([value(receiver, file: file, depth: depth + 1), value(message.pieces[0].argument, file: file, depth: depth + 1)])
            case "stringByAppendingPathExtension:":
                return .concatenation([value(receiver, file: file, depth: depth + 1), .literal("."),
                                       value(message.pieces[0].argument, file: file, depth: depth + 1)])
            case "stringWithFormat:", "initWithFormat:", "localizedStringWithFormat:":
                return .format(value(message.pieces[0].argument, file: file, depth: depth + 1),
                               message.variadic.map { value($0, file: file, depth: depth + 1) })
            case "stringByAppendingFormat:":
                return .concatenation([value(receiver, file: file, depth: depth + 1),
                                       .format(value(message.pieces[0].argument, file: file, depth: depth + 1),
                                               message.variadic.map { value($0, file: file, depth: depth + 1) })])
            case "stringWithString:", "initWithString:":
                return value(message.pieces[0].argument, file: file, depth: depth + 1)
            case "copy", "description":
                return value(receiver, file: file, depth: depth + 1)
            case let selector where message.isUnary && receiver.count == 1 && toks[receiver.lowerBound].isIdentifier
                && self[receiver.lowerBound].first?.isUppercase == true:
                // `[ActivityTypes openNote]`: a class method (or class property) of a class.
                return .classMember(self[receiver.lowerBound], selector)
            default:
                return .unknown
            }
        }
        return .unknown
    }

    /// `[NSBundle mainBundle]` or `NSBundle.mainBundle`.
    private func isMainBundle(_ range: Range<Int>) -> Bool {
        let words = range.map { self[$0] }
        return words == ["[", "NSBundle", "mainBundle", "]"] || words == ["NSBundle", ".", "mainBundle"]
    }

    /// A C string literal's text (`"a\"b"` → `a"b`); nil for a prefixed or malformed one.
    static func unescaped(_ literal: String) -> String? {
        guard literal.count >= 2, literal.hasPrefix("\""), literal.hasSuffix("\"") else { return nil }
        var result = ""
        var escaping = false
        for scalar in literal.unicodeScalars.dropFirst().dropLast() {
            if escaping {
                switch scalar {
                case "n": result += "\n"
                case "t": result += "\t"
                case "r": result += "\r"
                case "0": result += "\0"
                default: result.unicodeScalars.append(scalar)
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
