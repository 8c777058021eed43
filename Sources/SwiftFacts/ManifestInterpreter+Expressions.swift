import Diagnostics
import Foundation
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// Expressions evaluated to ``ManifestValue``s, within the step and depth budget.
extension ManifestInterpreter {
    /// Counts `cost` steps (one per evaluation, one per element or byte copied); false once the budget is spent.
    func tick(_ cost: Int = 1) -> Bool {
        steps += cost
        return steps <= Self.maximumSteps
    }

    func evaluate(_ expression: ExprSyntax) -> ManifestValue {
        let start = offset(expression)
        guard tick() else { return .unknown("the manifest takes more than \(Self.maximumSteps) steps to follow", offset: start) }
        guard depth < Self.maximumDepth else { return .unknown("expressions nested more than \(Self.maximumDepth) deep", offset: start) }
        depth += 1
        defer { depth -= 1 }
        if let literal = expression.as(StringLiteralExprSyntax.self) { return string(literal) }
        if let array = expression.as(ArrayExprSyntax.self) {
            var values: [ManifestValue] = []
            for element in array.elements {
                values.append(evaluate(element.expression))
                if values.count > Self.maximumElements { return .unknown("an array of more than \(Self.maximumElements) elements", offset: start) }
            }
            return .array(values)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) { return evaluate(call) }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return lookUp(reference.baseName.text, offset: start) }
        if let member = expression.as(MemberAccessExprSyntax.self) { return evaluate(member) }
        if let sequence = expression.as(SequenceExprSyntax.self) { return evaluate(sequence) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return evaluate(only.expression)
        }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) { return evaluate(unwrap.expression) }
        if let chain = expression.as(OptionalChainingExprSyntax.self) { return evaluate(chain.expression) }
        if let tryExpression = expression.as(TryExprSyntax.self) { return evaluate(tryExpression.expression) }
        if let ifExpression = expression.as(IfExprSyntax.self) { return evaluateIf(ifExpression) }
        if let switchExpression = expression.as(SwitchExprSyntax.self) { return evaluateSwitch(switchExpression) }
        if let dictionary = expression.as(DictionaryExprSyntax.self) { return evaluate(dictionary) }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
            let operand = evaluate(prefix.expression)
            switch prefix.operator.text {
            case "!": if let value = operand.boolValue { return .symbol(value ? "false" : "true") }
            case "-": if case let .symbol(number) = operand { return .symbol("-" + number) }
            default: break
            }
            if case .unknown = operand { return operand }
            return .unknown("the operator \(prefix.operator.text)", offset: start)
        }
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self) || expression.is(NilLiteralExprSyntax.self) {
            return .symbol(expression.trimmedDescription)
        }
        if let closure = expression.as(ClosureExprSyntax.self) {
            // An immediately used closure's body: `{ … return x }()` is a call with this as its callee.
            return .unknown("a closure", offset: offset(closure))
        }
        return .unknown("an expression static reading does not follow (\(Self.kindName(expression)))", offset: start)
    }

    static func kindName(_ expression: ExprSyntax) -> String {
        let name = "\(expression.syntaxNodeType)"
        return name.hasSuffix("ExprSyntax") ? String(name.dropLast("ExprSyntax".count)) : name
    }

    func string(_ literal: StringLiteralExprSyntax) -> ManifestValue {
        if let value = literal.representedLiteralValue { return .string(value) }
        var text = ""
        for segment in literal.segments {
            switch segment {
            case let .stringSegment(part):
                // Only interpolated literals get here; their plain parts hold no escapes worth undoing.
                text += part.content.text
            case let .expressionSegment(part):
                guard part.expressions.count == 1, let inner = part.expressions.first,
                      case let .string(value) = evaluate(inner.expression) else {
                    return .unknown("an interpolation static reading does not follow", offset: offset(part))
                }
                text += value
            @unknown default:
                return .unknown("a string literal static reading does not follow", offset: offset(literal))
            }
            if text.utf8.count > Self.maximumLength { return .unknown("a string of more than \(Self.maximumLength) bytes", offset: offset(literal)) }
        }
        return .string(text)
    }

    /// `["KEY": value, …]`; `[:]` is empty. A key that is not a string makes the dictionary unknown.
    func evaluate(_ dictionary: DictionaryExprSyntax) -> ManifestValue {
        guard case let .elements(elements) = dictionary.content else { return .dictionary([]) }
        var entries: [ManifestDictionaryEntry] = []
        var index: [String: Int] = [:]
        for element in elements {
            let key = evaluate(element.key)
            let name: String
            switch key {
            case let .string(text): name = text
            case let .enumCase(_, caseName, rawValue): name = rawValue ?? caseName
            case .unknown: return key
            default: return .unknown("a dictionary key that is not a string", offset: offset(element.key))
            }
            let entry = ManifestDictionaryEntry(key: name, keyOffset: offset(element.key), value: evaluate(element.value),
                                                valueOffset: offset(element.value))
            Self.set(entry, in: &entries, index: &index)
            if entries.count > Self.maximumElements {
                return .unknown("a dictionary of more than \(Self.maximumElements) entries", offset: offset(dictionary))
            }
        }
        return .dictionary(entries)
    }

    /// A key written again replaces the value where the key first stood (as Swift's dictionary literal of
    /// `ExpressibleByDictionaryLiteral` types and `merging` keep one value per key).
    /// `index`: each key's place in `entries` (a dictionary of thousands of entries is no quadratic walk).
    static func set(_ entry: ManifestDictionaryEntry, in entries: inout [ManifestDictionaryEntry], index: inout [String: Int]) {
        if let place = index[entry.key] { entries[place] = entry } else {
            index[entry.key] = entries.count
            entries.append(entry)
        }
    }

    static func set(_ entry: ManifestDictionaryEntry, in entries: inout [ManifestDictionaryEntry]) {
        var index: [String: Int] = [:]
        for (place, existing) in entries.enumerated() { index[existing.key] = place }
        set(entry, in: &entries, index: &index)
    }

    /// `a.merging(b)`: b's entries over a's.
    func merged(_ a: [ManifestDictionaryEntry], _ b: [ManifestDictionaryEntry], offset: Int) -> ManifestValue {
        guard tick(a.count + b.count) else { return .unknown("the manifest takes more than \(Self.maximumSteps) steps to follow", offset: offset) }
        guard a.count + b.count <= Self.maximumElements else { return .unknown("a dictionary of more than \(Self.maximumElements) entries", offset: offset) }
        var entries = a
        var index: [String: Int] = [:]
        for (place, entry) in a.enumerated() { index[entry.key] = place }
        for entry in b { Self.set(entry, in: &entries, index: &index) }
        return .dictionary(entries)
    }

    func evaluate(_ sequence: SequenceExprSyntax) -> ManifestValue {
        evaluate(ArraySlice(sequence.elements), start: offset(sequence))
    }

    /// An operator sequence as SwiftParser leaves it (not folded): `?:` lowest, then `||`, `&&`, comparisons,
    /// then `+` and `??` from the left. A comparison of two known values is decided (`"a" == "a"` is `true`);
    /// else it is a Bool of unknown value.
    func evaluate(_ elements: ArraySlice<ExprSyntax>, start: Int) -> ManifestValue {
        guard tick() else { return .unknown("the manifest takes more than \(Self.maximumSteps) steps to follow", offset: start) }
        guard depth < Self.maximumDepth else { return .unknown("expressions nested more than \(Self.maximumDepth) deep", offset: start) }
        depth += 1
        defer { depth -= 1 }
        if elements.count == 1, let only = elements.first { return evaluate(only) }
        if let ternary = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
           let middle = elements[ternary].as(UnresolvedTernaryExprSyntax.self), ternary + 1 < elements.endIndex {
            let rest = elements[(ternary + 1)...]
            if decidesConditions, let condition = evaluate(elements[..<ternary], start: start).boolValue {
                return condition ? evaluate(middle.thenExpression) : evaluate(rest, start: offset(rest[rest.startIndex]))
            }
            // The condition is not decided: both values.
            return either(evaluate(middle.thenExpression), evaluate(rest, start: offset(rest[rest.startIndex])), offset: start)
        }
        func split(at operators: Set<String>) -> Int? {
            elements.indices.first { index in
                (index - elements.startIndex) % 2 == 1 && elements[index].as(BinaryOperatorExprSyntax.self).map { operators.contains($0.operator.text) } == true
            }
        }
        if let index = split(at: ["||", "&&"]) ?? split(at: ["==", "!=", "<", ">", "<=", ">="]) {
            let name = elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text ?? ""
            let left = evaluate(elements[..<index], start: start)
            let right = evaluate(elements[(index + 1)...], start: start)
            return Self.compare(name, left, right)
        }
        guard elements.count % 2 == 1, let first = elements.first else {
            return .unknown("an operator expression", offset: start)
        }
        var result = evaluate(first)
        var index = elements.index(after: elements.startIndex)
        while index + 1 < elements.endIndex {
            guard let binary = elements[index].as(BinaryOperatorExprSyntax.self) else {
                return .unknown("an operator expression", offset: offset(elements[index]))
            }
            switch binary.operator.text {
            case "+":
                result = add(result, evaluate(elements[index + 1]), offset: offset(elements[index]))
            case "??":
                if case .unknown = result { result = evaluate(elements[index + 1]) }
            default:
                return .unknown("the operator \(binary.operator.text)", offset: offset(binary))
            }
            index += 2
        }
        return result
    }

    /// `||`, `&&`, `==`, `!=` of decided values; any other comparison, or an unknown side, is a Bool not decided.
    static func compare(_ name: String, _ left: ManifestValue, _ right: ManifestValue) -> ManifestValue {
        func text(_ value: ManifestValue) -> String? {
            switch value {
            case let .string(text): "s" + text
            case let .symbol(name) where name != "Bool": "y" + name
            case let .enumCase(type, name, _): "e\(type).\(name)"
            default: nil
            }
        }
        switch name {
        case "||", "&&":
            let (a, b) = (left.boolValue, right.boolValue)
            if name == "||", a == true || b == true { return .symbol("true") }
            if name == "&&", a == false || b == false { return .symbol("false") }
            if let a, let b { return .symbol(name == "||" ? "\(a || b)" : "\(a && b)") }
        case "==", "!=":
            if let a = text(left), let b = text(right) { return .symbol("\((a == b) == (name == "=="))") }
        default: break
        }
        return .symbol("Bool")
    }

    /// `a + b` of two arrays or two strings.
    func add(_ a: ManifestValue, _ b: ManifestValue, offset: Int) -> ManifestValue {
        switch (a, b) {
        case let (.array(x), .array(y)):
            guard tick(x.count + y.count) else { return .unknown("the manifest takes more than \(Self.maximumSteps) steps to follow", offset: offset) }
            guard x.count + y.count <= Self.maximumElements else { return .unknown("an array of more than \(Self.maximumElements) elements", offset: offset) }
            return .array(x + y)
        case let (.string(x), .string(y)):
            guard tick((x.utf8.count + y.utf8.count) / 16) else { return .unknown("the manifest takes more than \(Self.maximumSteps) steps to follow", offset: offset) }
            guard x.utf8.count + y.utf8.count <= Self.maximumLength else { return .unknown("a string of more than \(Self.maximumLength) bytes", offset: offset) }
            return .string(x + y)
        case (.unknown, _): return a
        case (_, .unknown): return b
        default: return .unknown("'+' of values that are not both arrays or both strings", offset: offset)
        }
    }

    /// One of two values, the condition unknown: arrays give both arrays' elements (every branch counts),
    /// equal values give the value; anything else is unknown.
    func either(_ a: ManifestValue, _ b: ManifestValue, offset: Int) -> ManifestValue {
        switch (a, b) {
        case (.array, .array): return add(a, b, offset: offset)
        case let (.string(x), .string(y)) where x == y: return a
        case let (.dictionary(x), .dictionary(y)): return merged(x, y, offset: offset)
        case let (.enumCase(_, x, _), .enumCase(_, y, _)) where x == y: return a
        case (.unknown, _): return a
        case (_, .unknown): return b
        case (.symbol, .symbol): return a
        default: return .unknown("a value that depends on a condition", offset: offset)
        }
    }

    func evaluateIf(_ node: IfExprSyntax) -> ManifestValue {
        func value(_ block: CodeBlockSyntax) -> ManifestValue {
            if block.statements.count == 1, case let .expr(expression)? = block.statements.first?.item { return evaluate(expression) }
            return .unknown("an if expression", offset: offset(block))
        }
        if decidesConditions, let taken = decide(node.conditions) {
            if taken { return value(node.body) }
            switch node.elseBody {
            case let .ifExpr(next)?: return evaluateIf(next)
            case let .codeBlock(block)?: return value(block)
            default: return .unknown("an if expression without else", offset: offset(node))
            }
        }
        let first = value(node.body)
        let second: ManifestValue = switch node.elseBody {
        case let .ifExpr(next)?: evaluateIf(next)
        case let .codeBlock(block)?: value(block)
        case nil: .unknown("an if expression without else", offset: offset(node))
        @unknown default: .unknown("an if expression", offset: offset(node))
        }
        return either(first, second, offset: offset(node))
    }

    /// A `switch` used for its value: the chosen case's, or every case's when the subject is not decided.
    func evaluateSwitch(_ node: SwitchExprSyntax) -> ManifestValue {
        let bodies = chosenCases(node)
        guard let first = bodies.first else { return .unknown("a switch none of whose cases matches", offset: offset(node)) }
        var result = run(first)
        for body in bodies.dropFirst() { result = either(result, run(body), offset: offset(node)) }
        return result
    }
}
#endif
