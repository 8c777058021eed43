import Diagnostics
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

    func evaluate(_ sequence: SequenceExprSyntax) -> ManifestValue {
        let elements = Array(sequence.elements)
        let start = offset(sequence)
        // `condition ? a : b`: both (the condition is not evaluated).
        if let ternary = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
           let middle = elements[ternary].as(UnresolvedTernaryExprSyntax.self), ternary + 1 < elements.count {
            let first = evaluate(middle.thenExpression)
            let rest = elements[(ternary + 1)...]
            let second = rest.count == 1 ? evaluate(rest[rest.startIndex]) : .unknown("a conditional expression", offset: start)
            return either(first, second, offset: start)
        }
        guard elements.count % 2 == 1, var result = elements.first.map(evaluate) else {
            return .unknown("an operator expression", offset: start)
        }
        var index = 1
        while index + 1 < elements.count {
            guard let binary = elements[index].as(BinaryOperatorExprSyntax.self) else {
                return .unknown("an operator expression", offset: offset(elements[index]))
            }
            switch binary.operator.text {
            case "+":
                result = add(result, evaluate(elements[index + 1]), offset: offset(elements[index]))
            case "??":
                if case .unknown = result { result = evaluate(elements[index + 1]) }
            case "==", "!=", "&&", "||", "<", ">", "<=", ">=":
                return .symbol("Bool")
            default:
                return .unknown("the operator \(binary.operator.text)", offset: offset(binary))
            }
            index += 2
        }
        return result
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
        let first = value(node.body)
        let second: ManifestValue = switch node.elseBody {
        case let .ifExpr(next)?: evaluateIf(next)
        case let .codeBlock(block)?: value(block)
        case nil: .unknown("an if expression without else", offset: offset(node))
        @unknown default: .unknown("an if expression", offset: offset(node))
        }
        return either(first, second, offset: offset(node))
    }

    func lookUp(_ name: String, offset: Int) -> ManifestValue {
        for scope in scopes.reversed() {
            if let value = scope[name] { return value }
        }
        if let value = globals[name] { return value }
        return declared(name, offset: offset)
    }

    /// The value of a declaration not evaluated yet: a computed variable's getter, a stored variable's
    /// initializer, a function without parameters, a static member.
    func declared(_ name: String, offset: Int, arguments: [ManifestCall.Argument]? = nil) -> ManifestValue {
        guard let candidates = declarations[name], let declaration = candidates.first else {
            return .unknown("'\(name)' is not declared in the manifest", offset: offset)
        }
        guard inProgress[name, default: 0] < 4 else { return .unknown("'\(name)' refers to itself", offset: offset) }
        inProgress[name, default: 0] += 1
        defer { inProgress[name, default: 0] -= 1 }
        // A declaration's body runs in its own scope, seeing the globals only.
        let outer = scopes
        scopes = []
        defer { scopes = outer }
        if let binding = declaration.as(PatternBindingSyntax.self) {
            if let initializer = binding.initializer { return evaluate(initializer.value) }
            switch binding.accessorBlock?.accessors {
            case let .getter(items)?: return run(items)
            case let .accessors(accessors)?:
                if let getter = accessors.first(where: { $0.accessorSpecifier.text == "get" }), let body = getter.body { return run(body.statements) }
            case nil: break
            @unknown default: break
            }
            return .unknown("'\(name)' has no value static reading follows", offset: offset)
        }
        if let function = declaration.as(FunctionDeclSyntax.self), let body = function.body {
            var scope: [String: ManifestValue] = [:]
            var unlabeled = (arguments ?? []).filter { $0.label == nil }.makeIterator()
            for parameter in function.signature.parameterClause.parameters {
                let label = parameter.firstName.text
                let internalName = parameter.secondName?.text ?? label
                let value: ManifestValue? = label == "_" ? unlabeled.next()?.value : arguments?.first { $0.label == label }?.value
                if let value {
                    scope[internalName] = value
                } else if let defaultValue = parameter.defaultValue {
                    scope[internalName] = evaluate(defaultValue.value)
                } else {
                    scope[internalName] = .unknown("the parameter '\(internalName)' of '\(name)'", offset: offset)
                }
            }
            scopes = [scope]
            return run(body.statements)
        }
        return .unknown("'\(name)' has no value static reading follows", offset: offset)
    }

    /// Runs a body and gives what it returns: a single expression's value, else the `return`s' values
    /// (several `return`s of arrays give all their elements: every branch counts).
    func run(_ items: CodeBlockItemListSyntax) -> ManifestValue {
        if items.count == 1, case let .expr(expression)? = items.first?.item { return evaluate(expression) }
        returned.append([])
        scopes.append([:])
        execute(items)
        scopes.removeLast()
        let values = returned.removeLast()
        guard var result = values.first else { return .unknown("a body static reading does not follow", offset: offset(items)) }
        for value in values.dropFirst() { result = either(result, value, offset: offset(items)) }
        return result
    }

    func evaluate(_ member: MemberAccessExprSyntax) -> ManifestValue {
        let name = member.declName.baseName.text
        let start = offset(member)
        guard let base = member.base else {
            // `.foo`: a static member the manifest declares, else a PackageDescription value (`.dynamic`).
            return declarations[name] != nil ? declared(name, offset: start) : .symbol(name)
        }
        if let path = Self.path(base), isTypeName(path) {
            return declarations[name] != nil ? declared(name, offset: start) : .symbol(name)
        }
        let value = evaluate(base)
        if case let .call(call) = value, let argument = call.argument(name) { return argument }
        if case let .array(elements) = value {
            switch name {
            case "count": return .symbol("\(elements.count)")
            case "first", "last": return (name == "first" ? elements.first : elements.last) ?? .unknown("an empty array's \(name)", offset: start)
            default: break
            }
        }
        if case .unknown = value { return value }
        return .unknown("the member '\(name)'", offset: start)
    }

    /// `Target`, `Package.Dependency`: a path of capitalized names that are no variables.
    func isTypeName(_ path: [String]) -> Bool {
        guard let first = path.first, path.allSatisfy({ $0.first?.isUppercase == true }) else { return false }
        return globals[first] == nil && scopes.allSatisfy { $0[first] == nil }
    }

    func evaluate(_ call: FunctionCallExprSyntax) -> ManifestValue {
        let start = offset(call)
        let arguments = call.arguments.map { ManifestCall.Argument(label: $0.label?.text, value: evaluate($0.expression)) }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if declarations[name] != nil, globals[name] == nil { return declared(name, offset: start, arguments: arguments) }
            // `Package(…)`, `Version(…)`: a type's initializer; a lowercase name is a function the manifest lacks.
            guard name.first?.isUppercase == true else { return .unknown("'\(name)' is not declared in the manifest", offset: start) }
            return .call(ManifestCall(name: name, arguments: arguments, offset: start))
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else {
            return .unknown("a call static reading does not follow", offset: start)
        }
        let name = member.declName.baseName.text
        guard let base = member.base else {
            if let candidates = declarations[name], candidates.contains(where: { $0.is(FunctionDeclSyntax.self) }) {
                return declared(name, offset: start, arguments: arguments)
            }
            return .call(ManifestCall(name: name, arguments: arguments, offset: start))
        }
        if let path = Self.path(base), isTypeName(path) {
            if let candidates = declarations[name], candidates.contains(where: { $0.is(FunctionDeclSyntax.self) }) {
                return declared(name, offset: start, arguments: arguments)
            }
            return .call(ManifestCall(name: name, arguments: arguments, offset: start))
        }
        // A method of a value: `map`/`flatMap`/`compactMap` with a closure; `sorted()` keeps the elements.
        let value = evaluate(base)
        guard case let .array(elements) = value else {
            if case .unknown = value { return value }
            return .unknown("the method '\(name)'", offset: start)
        }
        switch name {
        case "map", "flatMap", "compactMap":
            guard let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self) else {
                return .unknown("'\(name)' without a closure", offset: start)
            }
            var results: [ManifestValue] = []
            for element in elements.prefix(Self.maximumLoopIterations) {
                guard tick() else { return .unknown("the manifest takes more than \(Self.maximumSteps) steps to follow", offset: start) }
                let result = apply(closure, to: element)
                if name == "flatMap", case let .array(inner) = result { results += inner } else { results.append(result) }
                if results.count > Self.maximumElements { return .unknown("an array of more than \(Self.maximumElements) elements", offset: start) }
            }
            return .array(results)
        case "sorted", "reversed":
            return call.arguments.isEmpty && call.trailingClosure == nil ? .array(name == "reversed" ? elements.reversed() : elements) : value
        default:
            return .unknown("the method '\(name)'", offset: start)
        }
    }

    func apply(_ closure: ClosureExprSyntax, to element: ManifestValue) -> ManifestValue {
        var name = "$0"
        switch closure.signature?.parameterClause {
        case let .simpleInput(parameters)?: name = parameters.first?.name.text ?? name
        case let .parameterClause(clause)?: name = clause.parameters.first?.firstName.text ?? name
        case nil: break
        @unknown default: break
        }
        scopes.append([name: element])
        defer { scopes.removeLast() }
        return run(closure.statements)
    }
}
#endif
