import Diagnostics
// Tokens as clang spells them, with the bracket structure of Objective-C expressions over them: message sends
// (`[receiver selector:argument …]`), postfix chains (`a.b->c`, `f(x)`, `a[i]`), casts. Enough grammar to find
// the facts' sites and values; clang's lexer and preprocessor decide what the tokens are.

/// A token: its spelling and, in a main file, its byte offset (-1 for the tokens of a macro or declaration
/// from a header, known by spelling only).
struct Tok: Sendable {
    var text: String
    var offset: Int
    var isIdentifier: Bool

    init(_ text: String, offset: Int = -1, isIdentifier: Bool? = nil) {
        self.text = text
        self.offset = offset
        self.isIdentifier = isIdentifier ?? Tok.looksLikeIdentifier(text)
    }

    static func looksLikeIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return first == 0x5F || first == 0x24 || (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A || first >= 0x80
    }

    var isStringLiteral: Bool { text.hasPrefix("\"") }
}

/// A message send: `[receiver piece:argument piece:argument, variadic, …]`.
struct Message {
    var open: Int
    var close: Int
    var receiver: Range<Int>
    /// Selector pieces with their argument ranges; a unary selector has one piece with an empty range.
    var pieces: [(name: String, argument: Range<Int>)]
    var variadic: [Range<Int>]
    var isUnary: Bool

    /// `initWithActivityType:` style, the pieces joined (`application:handlerForIntent:`).
    var selector: String { isUnary ? pieces[0].name : pieces.map { $0.name + ":" }.joined() }
}

/// Tokens with each bracket's partner (`(` `)`, `[` `]`, `{` `}`; -1 when unmatched).
struct TokenList {
    var toks: [Tok]
    var partner: [Int]

    init(_ toks: [Tok]) {
        self.toks = toks
        partner = Array(repeating: -1, count: toks.count)
        var stack: [Int] = []
        for (index, tok) in toks.enumerated() {
            switch tok.text {
            case "(", "[", "{", "@{", "@[", "@(":
                stack.append(index)
            case ")", "]", "}":
                let opener: String = tok.text == ")" ? "(" : tok.text == "]" ? "[" : "{"
                // Pop to the nearest matching opener; mismatched ones in between stay unmatched.
                if let match = stack.lastIndex(where: { toks[$0].text == opener }) {
                    partner[stack[match]] = index
                    partner[index] = stack[match]
                    stack.removeSubrange(match...)
                }
            default:
                break
            }
        }
    }

    var count: Int { toks.count }
    subscript(index: Int) -> String { index >= 0 && index < toks.count ? toks[index].text : "" }

    func text(_ range: Range<Int>) -> String { toks[range].map(\.text).joined(separator: " ") }

    /// Where the postfix expression starting at `start` ends (exclusive), not past `limit`; `start` when none.
    func postfixEnd(from start: Int, limit: Int) -> Int {
        var index = start
        guard index < limit else { return start }
        let first = self[index]
        if first == "[" || first == "{" {
            guard partner[index] > index, partner[index] < limit else { return start }
            index = partner[index] + 1
        } else if first == "(" {
            guard partner[index] > index, partner[index] < limit else { return start }
            let close = partner[index]
            // A cast `(Type *)expression`: the parenthesized words are a type, an operand follows.
            let inner = (index + 1)..<close
            let isType = !inner.isEmpty && inner.allSatisfy { toks[$0].isIdentifier || self[$0] == "*" || self[$0] == "<" || self[$0] == ">" }
                && toks[index + 1].isIdentifier
            if isType, close + 1 < limit {
                let operand = postfixEnd(from: close + 1, limit: limit)
                if operand > close + 1 { return operand }
            }
            index = close + 1
        } else if first == "@" {
            index += 1
            if index < limit, self[index] == "[" || self[index] == "{" || self[index] == "(" {
                guard partner[index] > index, partner[index] < limit else { return start }
                return partner[index] + 1
            }
            while index < limit, toks[index].isStringLiteral {
                index += 1
                if index + 1 < limit, self[index] == "@", toks[index + 1].isStringLiteral { index += 1 }
            }
            return index
        } else if toks[index].isStringLiteral {
            while index < limit, toks[index].isStringLiteral || (self[index] == "@" && index + 1 < limit && toks[index + 1].isStringLiteral) {
                index += 1
            }
            return index
        } else if toks[index].isIdentifier {
            index += 1
        } else {
            return start
        }
        // Postfix: `.name`, `->name`, a call `(…)`, a subscript `[…]` (in a message's receiver, `[a[0] b]`).
        while index < limit {
            let next = self[index]
            if next == "." || next == "->", index + 1 < limit, toks[index + 1].isIdentifier {
                index += 2
            } else if next == "(" || next == "[", partner[index] > index, partner[index] < limit, toks[index - 1].isIdentifier || self[index - 1] == ")" || self[index - 1] == "]" {
                // `[a b]` after an identifier inside a receiver is a subscript only when not followed by a selector.
                if next == "[", index + 1 < limit, partner[index] == index + 1 { return index }
                index = partner[index] + 1
            } else {
                break
            }
        }
        return index
    }

    /// C keywords that look like identifiers but never start an operand's base.
    static let statementKeywords: Set<String> = [
        "return", "if", "while", "for", "case", "else", "do", "switch", "sizeof", "typeof", "in", "goto", "default",
    ]

    /// Where the postfix expression ending just before `end` starts (going back over `.name`, `->name`,
    /// `f(…)`, `a[…]`, `[message]`, string literals), not before `floor`.
    func postfixStart(endingBefore end: Int, floor: Int) -> Int {
        var index = end - 1
        var start = end
        func isName(_ position: Int) -> Bool {
            position >= floor && toks[position].isIdentifier && !Self.statementKeywords.contains(self[position])
        }
        while index >= floor {
            let tok = self[index]
            if tok == "]" || tok == ")" {
                let open = partner[index]
                guard open >= floor, open < index else { break }
                start = open
                index = open - 1
                if isName(index) { start = index; index -= 1 }
            } else if isName(index) {
                start = index
                index -= 1
            } else if toks[index].isStringLiteral {
                while index >= floor, toks[index].isStringLiteral || self[index] == "@" { start = index; index -= 1 }
                break
            } else {
                break
            }
            if index >= floor, self[index] == "." || self[index] == "->" {
                index -= 1
                continue
            }
            break
        }
        return start
    }

    /// The message send whose `[` is at `open`.
    func message(at open: Int) -> Message? {
        guard self[open] == "[", partner[open] > open else { return nil }
        let close = partner[open]
        let receiverEnd = postfixEnd(from: open + 1, limit: close)
        guard receiverEnd > open + 1, receiverEnd < close else { return nil }
        if receiverEnd + 1 == close, toks[receiverEnd].isIdentifier {
            return Message(open: open, close: close, receiver: (open + 1)..<receiverEnd, pieces: [(self[receiverEnd], receiverEnd..<receiverEnd)],
                           variadic: [], isUnary: true)
        }
        var pieces: [(name: String, argument: Range<Int>)] = []
        var variadic: [Range<Int>] = []
        var index = receiverEnd
        while index < close {
            guard toks[index].isIdentifier, self[index + 1] == ":" else { return pieces.isEmpty ? nil : nil }
            let name = self[index]
            let start = index + 2
            var end = start
            var questions = 0
            while end < close {
                let tok = self[end]
                if tok == "(" || tok == "[" || tok == "{" || tok == "@{" || tok == "@[" || tok == "@(" {
                    guard partner[end] > end, partner[end] <= close else { return nil }
                    end = partner[end] + 1
                    continue
                }
                if tok == "?" { questions += 1 }
                if tok == ":" && questions > 0 { questions -= 1; end += 1; continue }
                if tok == "," || (end > start && toks[end].isIdentifier && self[end + 1] == ":" && questions == 0) { break }
                end += 1
            }
            pieces.append((name, start..<end))
            index = end
            if index < close, self[index] == "," {
                // Variadic arguments to the end.
                var argumentStart = index + 1
                var cursor = argumentStart
                while cursor < close {
                    let tok = self[cursor]
                    if tok == "(" || tok == "[" || tok == "{" || tok == "@{" || tok == "@[" || tok == "@(" {
                        guard partner[cursor] > cursor, partner[cursor] <= close else { return nil }
                        cursor = partner[cursor] + 1
                        continue
                    }
                    if tok == "," { variadic.append(argumentStart..<cursor); argumentStart = cursor + 1 }
                    cursor += 1
                }
                variadic.append(argumentStart..<close)
                index = close
            }
        }
        guard !pieces.isEmpty else { return nil }
        return Message(open: open, close: close, receiver: (open + 1)..<receiverEnd, pieces: pieces, variadic: variadic, isUnary: false)
    }

    /// The elements of a comma-separated list between `range`'s bounds (brackets respected).
    func commaSeparated(_ range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound, index = range.lowerBound
        while index < range.upperBound {
            let tok = self[index]
            if tok == "(" || tok == "[" || tok == "{" || tok == "@{" || tok == "@[" || tok == "@(" , partner[index] > index, partner[index] < range.upperBound {
                index = partner[index] + 1
                continue
            }
            if tok == "," { if index > start { result.append(start..<index) }; start = index + 1 }
            index += 1
        }
        if range.upperBound > start { result.append(start..<range.upperBound) }
        return result
    }
}
