import ValueFlow

// The kind of an Objective-C `userInfo` value from its tokens alone: literals (`@"…"`, `@42`, `@3.5`, `@YES`,
// boxed literals `@(42)`), and messages whose result type Foundation fixes whatever the arguments
// (`[NSNumber numberWithInt:…]`, `[NSDate date]`, `[NSURL URLWithString:…]`, `.UUIDString`). A boxed expression
// `@(count)` is an NSNumber of a C type the tokens do not tell (integer, floating or BOOL): unknown.

extension TokenList {
    func userInfoValueKind(_ range: Range<Int>) -> UserInfoValueKind? {
        guard let first = range.first else { return nil }
        let words = range.map { self[$0] }
        if range.allSatisfy({ toks[$0].isStringLiteral || self[$0] == "@" }), range.contains(where: { toks[$0].isStringLiteral }) {
            return .string
        }
        if words.first == "@" {
            var literal = Array(words.dropFirst())
            // `@(42)`, `@(YES)`: the boxed literal.
            if literal.first == "(", literal.last == ")" { literal = Array(literal.dropFirst().dropLast()) }
            if literal.first == "-" { literal.removeFirst() }
            guard literal.count == 1 else { return nil }
            if ["YES", "NO", "true", "false"].contains(literal[0]) { return .bool }
            return Self.numberKind(literal[0])
        }
        if words.count >= 3, words[words.count - 2] == ".", ["UUIDString", "absoluteString"].contains(words[words.count - 1]) { return .string }
        guard self[first] == "[", partner[first] == range.upperBound - 1, let message = message(at: first) else { return nil }
        if message.isUnary, ["UUIDString", "absoluteString"].contains(message.selector) { return .string }
        let selector = message.selector
        switch receiverClass(message.receiver) {
        case "NSNumber":
            if selector.hasSuffix("Bool:") { return .bool }
            if selector.hasSuffix("Double:") || selector.hasSuffix("Float:") { return .double }
            let integers = ["Int:", "Integer:", "Long:", "LongLong:", "Short:", "UnsignedInt:", "UnsignedInteger:", "UnsignedLong:",
                            "UnsignedLongLong:", "UnsignedShort:"]
            return integers.contains { selector.hasSuffix($0) } ? .integer : nil
        case "NSDate": return selector == "date" || selector.hasPrefix("dateWith") || selector.hasPrefix("initWith") || selector == "init" ? .date : nil
        case "NSURL": return selector.contains("URL") || selector.hasPrefix("initWith") ? .url : nil
        case "NSString", "NSMutableString":
            return selector.hasPrefix("stringWith") || selector.hasPrefix("initWith") ? .string : nil
        default: return nil
        }
    }

    /// `NSDate` for `NSDate` and for `[NSDate alloc]` / `[NSDate new]` (an initializer's receiver).
    private func receiverClass(_ receiver: Range<Int>) -> String? {
        if receiver.count == 1, toks[receiver.lowerBound].isIdentifier { return self[receiver.lowerBound] }
        guard let inner = message(at: receiver.lowerBound), inner.close == receiver.upperBound - 1, inner.isUnary,
              inner.selector == "alloc" || inner.selector == "new", inner.receiver.count == 1 else { return nil }
        return self[inner.receiver.lowerBound]
    }

    /// A C number literal: an integer (decimal, hex, octal, with `u`/`l` suffixes) or a floating one.
    static func numberKind(_ token: String) -> UserInfoValueKind? {
        guard let first = token.first, first.isNumber else { return nil }
        let lower = token.lowercased()
        if lower.hasPrefix("0x") { return lower.contains("p") ? .double : .integer }
        let digits = lower.drop { $0.isNumber }
        if digits.allSatisfy({ $0 == "u" || $0 == "l" }) { return .integer }
        return digits.allSatisfy({ $0.isNumber || $0 == "." || $0 == "e" || $0 == "f" || $0 == "+" || $0 == "-" }) ? .double : nil
    }
}
