import Diagnostics
#if SWIFT_FACTS_PARSER
// @_implementationOnly: SwiftFacts' clients (the audit, the CLI, the tests) must not need the host modules on
// their search path. No SwiftSyntax type appears in a non-private declaration, which is what makes it safe.
@_implementationOnly import SwiftSyntax

/// Reduces string-valued expressions to ``ValueExpression``s.
enum ValueExpressionReader {
    static func read(_ expression: ExprSyntax) -> ValueExpression {
        if let literal = expression.as(StringLiteralExprSyntax.self) { return read(literal) }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return .reference(path: [reference.baseName.text], implicitMember: false)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) { return read(member) }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) { return read(unwrap.expression) }
        if let chain = expression.as(OptionalChainingExprSyntax.self) { return read(chain.expression) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
           let only = tuple.elements.first, only.label == nil {
            return read(only.expression)
        }
        if let key = infoPlistKey(expression) { return .infoPlistValue(key: key) }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) { return read(subscriptCall) }
        if let sequence = expression.as(SequenceExprSyntax.self) { return readSequence(Array(sequence.elements)) }
        if let call = expression.as(FunctionCallExprSyntax.self) { return read(call) }
        return .unknown
    }

    private static func read(_ member: MemberAccessExprSyntax) -> ValueExpression {
        if member.declName.baseName.text == "rawValue", let base = member.base { return .rawValue(read(base)) }
        if member.declName.baseName.text == "first", let base = member.base, isArrayBase(base) { return .element(read(base), index: 0) }
        // `Type.self` as a string (`String(describing:)`, `NSStringFromClass`) is the type's own name.
        if member.declName.baseName.text == "self", let base = member.base?.as(MemberAccessExprSyntax.self).flatMap(referencePath)
            ?? member.base?.as(DeclReferenceExprSyntax.self).map({ [$0.baseName.text] }), let type = base.last {
            return .literal(type)
        }
        guard let path = referencePath(member) else { return .unknown }
        if path == ["Bundle", "main", "bundleIdentifier"] { return .bundleIdentifier }
        return .reference(path: path, implicitMember: member.base == nil)
    }

    /// `X[n]` with an integer literal `n`: element `n` of `X`; any other subscript is unknown.
    private static func read(_ subscriptCall: SubscriptCallExprSyntax) -> ValueExpression {
        guard subscriptCall.arguments.count == 1, let argument = subscriptCall.arguments.first, argument.label == nil,
              let literal = argument.expression.as(IntegerLiteralExprSyntax.self),
              let index = Int(literal.literal.text.filter { $0 != "_" }) else { return .unknown }
        return .element(read(subscriptCall.calledExpression), index: index)
    }

    /// Whether `.first` on `base` reads an array's first element: not when `base` names a type or `self`
    /// (`Kind.first` is a member named `first`: a case, a constant).
    private static func isArrayBase(_ base: ExprSyntax) -> Bool {
        let base = unwrapped(base)
        let path: [String]?
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            path = [reference.baseName.text]
        } else if let member = base.as(MemberAccessExprSyntax.self) {
            path = referencePath(member)
        } else {
            return true
        }
        guard let last = path?.last else { return true }
        return last != "self" && last != "Self" && last.first?.isUppercase == false
    }

    /// `A.B.c` as `["A", "B", "c"]`; nil when the chain has anything but names (a call, a subscript).
    static func referencePath(_ member: MemberAccessExprSyntax) -> [String]? {
        var path = [member.declName.baseName.text]
        var base = member.base
        while let current = base {
            if let inner = current.as(MemberAccessExprSyntax.self) {
                path.insert(inner.declName.baseName.text, at: 0)
                base = inner.base
            } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                path.insert(reference.baseName.text, at: 0)
                base = nil
            } else if let unwrap = current.as(ForceUnwrapExprSyntax.self) {
                base = unwrap.expression
            } else if let chain = current.as(OptionalChainingExprSyntax.self) {
                base = chain.expression
            } else {
                return nil
            }
        }
        return path
    }

    /// The key of an Info.plist value read at run time: `….infoDictionary?["K"]` or `….object(forInfoDictionaryKey: "K")`,
    /// through `?`, `!`, parentheses and an `as?` cast.
    static func infoPlistKey(_ expression: ExprSyntax) -> String? {
        var current = unwrapped(expression)
        while let sequence = current.as(SequenceExprSyntax.self), sequence.elements.count == 3,
              sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true, let first = sequence.elements.first {
            current = unwrapped(first)
        }
        func literal(_ expression: ExprSyntax?) -> String? {
            guard let expression, case .literal(let text) = read(expression) else { return nil }
            return text
        }
        if let subscriptCall = current.as(SubscriptCallExprSyntax.self), subscriptCall.arguments.count == 1 {
            var base = subscriptCall.calledExpression
            while let inner = base.as(OptionalChainingExprSyntax.self)?.expression ?? base.as(ForceUnwrapExprSyntax.self)?.expression { base = inner }
            let name = base.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? base.as(DeclReferenceExprSyntax.self)?.baseName.text
            guard name == "infoDictionary" || name == "localizedInfoDictionary" else { return nil }
            return literal(subscriptCall.arguments.first?.expression)
        }
        if let call = current.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
           call.arguments.first?.label?.text == "forInfoDictionaryKey" {
            let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            guard name == "object" else { return nil }
            return literal(call.arguments.first?.expression)
        }
        return nil
    }

    /// The expression inside `!`, `?` and parentheses around one unlabeled element.
    static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        while true {
            if let unwrap = current.as(ForceUnwrapExprSyntax.self) { current = unwrap.expression; continue }
            if let chain = current.as(OptionalChainingExprSyntax.self) { current = chain.expression; continue }
            if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
                current = only.expression
                continue
            }
            return current
        }
    }

    private static let conversions: Set<String> = [
        "String", "LocalizedStringResource", "LocalizedStringKey", "NSLocalizedString", "NSString",
    ]

    private static func read(_ call: FunctionCallExprSyntax) -> ValueExpression {
        let callee = call.calledExpression
        if call.arguments.isEmpty, call.trailingClosure == nil {
            // `name()` / `Type.name()`: the function's returns.
            if let reference = callee.as(DeclReferenceExprSyntax.self) {
                return .reference(path: [reference.baseName.text], implicitMember: false)
            }
            if let member = callee.as(MemberAccessExprSyntax.self), let path = referencePath(member) {
                return .reference(path: path, implicitMember: member.base == nil)
            }
            return .unknown
        }
        // `s.appending(t)` (String, from Foundation's StringProtocol) is `s + t`.
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "appending", let base = member.base,
           call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil, call.trailingClosure == nil {
            return .concatenation([read(base), read(argument.expression)])
        }
        guard let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text, let first = call.arguments.first else { return .unknown }
        // The class name of an intent (SoupChef's `NSStringFromClass(OrderSoupIntent.self)`): the classes Xcode
        // generates from an .intentdefinition have Objective-C names without a module prefix.
        if name == "NSStringFromClass", call.arguments.count == 1 { return read(first.expression) }
        guard conversions.contains(name) else { return .unknown }
        switch first.label?.text {
        case nil, "localized", "stringLiteral": return read(first.expression)
        case "describing": return .interpolated(read(first.expression))
        default: return .unknown
        }
    }

    /// An operator sequence as the parser leaves it (unfolded): `+` concatenates, `??` falls back, casts
    /// (`as String`) are skipped; any other operator makes it unknown.
    static func readSequence(_ elements: [ExprSyntax]) -> ValueExpression {
        var operands: [[ExprSyntax]] = [[]]
        var operators: [String] = []
        var index = 0
        while index < elements.count {
            let element = elements[index]
            if element.is(UnresolvedAsExprSyntax.self) {
                index += 2  // `as` and its type
                continue
            }
            if let binary = element.as(BinaryOperatorExprSyntax.self) {
                operators.append(binary.operator.text)
                operands.append([])
            } else if element.is(AssignmentExprSyntax.self) || element.is(UnresolvedTernaryExprSyntax.self) {
                return .unknown
            } else {
                operands[operands.count - 1].append(element)
            }
            index += 1
        }
        guard operands.allSatisfy({ $0.count == 1 }) else { return .unknown }
        let values = operands.map { read($0[0]) }
        if operators.isEmpty { return values[0] }
        guard operators.allSatisfy({ $0 == "+" || $0 == "??" }) else { return .unknown }
        // `??` binds looser than `+` and to the right: split on it first.
        var groups: [[ValueExpression]] = [[values[0]]]
        for (position, op) in operators.enumerated() {
            if op == "??" { groups.append([]) }
            groups[groups.count - 1].append(values[position + 1])
        }
        let alternatives = groups.map { $0.count == 1 ? $0[0] : ValueExpression.concatenation($0) }
        return alternatives.dropLast().reversed().reduce(alternatives[alternatives.count - 1]) { .coalescing($1, $0) }
    }

    static func read(_ literal: StringLiteralExprSyntax) -> ValueExpression {
        // Multi-line literals strip indentation (not done here); an unterminated literal is a syntax error.
        if literal.openingQuote.tokenKind == .multilineStringQuote || literal.closingQuote.presence == .missing { return .unknown }
        let isRaw = literal.openingPounds != nil
        var parts: [ValueExpression] = []
        for segment in literal.segments {
            if let text = segment.as(StringSegmentSyntax.self) {
                let content = text.content.text
                guard let decoded = isRaw ? content : unescape(content) else { return .unknown }
                parts.append(.literal(decoded))
            } else if let interpolation = segment.as(ExpressionSegmentSyntax.self) {
                guard interpolation.expressions.count == 1, let only = interpolation.expressions.first,
                      only.label == nil else { return .unknown }
                parts.append(.interpolated(read(only.expression)))
            }
        }
        if parts.allSatisfy({ if case .literal = $0 { true } else { false } }) {
            return .literal(parts.map { if case .literal(let text) = $0 { text } else { "" } }.joined())
        }
        return .concatenation(parts)
    }

    /// The string a literal's escapes stand for; nil for an escape this reader does not know.
    static func unescape(_ text: String) -> String? {
        guard text.contains("\\") else { return text }
        var result = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch iterator.next() {
            case "\\": result += "\\"
            case "\"": result += "\""
            case "'": result += "'"
            case "n": result += "\n"
            case "r": result += "\r"
            case "t": result += "\t"
            case "0": result += "\0"
            case "u":
                guard iterator.next() == "{" else { return nil }
                var hex = ""
                while let digit = iterator.next(), digit != "}" { hex.unicodeScalars.append(digit) }
                guard let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) else { return nil }
                result.unicodeScalars.append(decoded)
            default: return nil
            }
        }
        return result
    }

    /// What a getter or function body returns: its single expression (each branch of a single `switch` or
    /// `if` expression), or the expressions of its `return`s outside nested closures and functions and outside
    /// the `#if` clauses in `inactive` (ConditionEvaluation.swift).
    static func returnedValues(of items: CodeBlockItemListSyntax, skipping inactive: Set<SyntaxIdentifier> = []) -> [ValueExpression] {
        if items.count == 1, let only = items.first, let expression = expression(of: only) {
            return branchValues(expression, skipping: inactive)
        }
        let collector = ReturnCollector(viewMode: .sourceAccurate)
        collector.inactive = inactive
        collector.walk(items)
        return collector.returned.flatMap { branchValues($0, skipping: inactive) }
    }

    /// For a body that is one `switch self` (or returns one): each branch's cases (`.name` or `Type.name`
    /// patterns; empty for `default:`) and returned values. Nil for any other body.
    static func caseReturns(of items: CodeBlockItemListSyntax, skipping inactive: Set<SyntaxIdentifier> = []) -> [CaseReturns]? {
        guard items.count == 1, let only = items.first else { return nil }
        var expression = expression(of: only) ?? only.item.as(ReturnStmtSyntax.self)?.expression
        if expression == nil, let statement = only.item.as(SwitchExprSyntax.self) { expression = ExprSyntax(statement) }
        guard let switchExpression = expression?.as(SwitchExprSyntax.self),
              switchExpression.subject.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" else { return nil }
        var branches: [CaseReturns] = []
        for element in switchExpression.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self) else { return nil }
            var cases: [String] = []
            if case .case(let label) = switchCase.label {
                for item in label.caseItems {
                    guard let member = item.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MemberAccessExprSyntax.self)
                    else { return nil }
                    cases.append(member.declName.baseName.text)
                }
            }
            branches.append(CaseReturns(cases: cases, values: returnedValues(of: switchCase.statements, skipping: inactive)))
        }
        return branches
    }

    private static func expression(of item: CodeBlockItemSyntax) -> ExprSyntax? {
        if let expression = item.item.as(ExprSyntax.self) { return expression }
        return item.item.as(ExpressionStmtSyntax.self)?.expression
    }

    private static func branchValues(_ expression: ExprSyntax, skipping inactive: Set<SyntaxIdentifier>) -> [ValueExpression] {
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            var values: [ValueExpression] = []
            for element in switchExpression.cases {
                guard let switchCase = element.as(SwitchCaseSyntax.self) else { return [.unknown] }
                values += returnedValues(of: switchCase.statements, skipping: inactive)
            }
            return values
        }
        if let ifExpression = expression.as(IfExprSyntax.self) {
            guard let elseBody = ifExpression.elseBody else { return [.unknown] }
            let thenValues = returnedValues(of: ifExpression.body.statements, skipping: inactive)
            switch elseBody {
            case .codeBlock(let block): return thenValues + returnedValues(of: block.statements, skipping: inactive)
            case .ifExpr(let next): return thenValues + branchValues(ExprSyntax(next), skipping: inactive)
            @unknown default: return [.unknown]
            }
        }
        return [read(expression)]
    }
}

/// The `return` expressions of a body, not those of closures or functions nested in it.
private final class ReturnCollector: SyntaxVisitor {
    var returned: [ExprSyntax] = []
    /// `#if` clauses no build of the target compiles.
    var inactive: Set<SyntaxIdentifier> = []

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let expression = node.expression { returned.append(expression) }
        return .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        inactive.contains(node.id) ? .skipChildren : .visitChildren
    }
}
#endif
