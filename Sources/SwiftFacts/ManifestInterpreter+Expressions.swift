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

    func lookUp(_ name: String, offset: Int) -> ManifestValue {
        for scope in scopes.reversed() {
            if let value = scope[name] { return value }
        }
        if let value = globals[name] { return value }
        // Inside a member, a bare member name is `self.name` (`rawValue`, `bundleId` in an enum's property).
        if let receiver = scopes.reversed().lazy.compactMap({ $0["self"] }).first,
           name == "rawValue" || memberNames.contains(name) {
            return member(name, of: receiver, offset: offset)
        }
        return declared(name, offset: offset)
    }

    /// Whether a function's parameters take these arguments: each argument's label in order, every parameter
    /// skipped having a default value (how Swift picks among overloads by label, without types).
    static func fits(_ function: FunctionDeclSyntax, _ arguments: [ManifestCall.Argument]) -> Bool {
        let parameters = Array(function.signature.parameterClause.parameters)
        var index = 0
        for argument in arguments {
            while index < parameters.count, parameters[index].firstName.text != (argument.label ?? "_") {
                if parameters[index].defaultValue == nil { return false }
                index += 1
            }
            guard index < parameters.count else { return false }
            index += 1
        }
        return parameters[index...].allSatisfy { $0.defaultValue != nil }
    }

    /// The function the manifest declares under `name` that takes `arguments`, if any.
    /// Only the first ``maximumOverloads`` declarations of a name are tried (a hostile file may declare thousands).
    func declaredFunction(_ name: String, _ arguments: [ManifestCall.Argument]) -> FunctionDeclSyntax? {
        declarations[name]?.prefix(Self.maximumOverloads).lazy.compactMap { $0.as(FunctionDeclSyntax.self) }.first { Self.fits($0, arguments) }
    }

    /// The value of a declaration not evaluated yet: a computed variable's getter, a stored variable's
    /// initializer, a function (the one whose labels take `arguments`), a static member; with `receiver`, a
    /// member run with `self` bound to it.
    func declared(_ name: String, offset: Int, arguments: [ManifestCall.Argument]? = nil, receiver: ManifestValue? = nil) -> ManifestValue {
        guard let candidates = declarations[name], let first = candidates.first else {
            return .unknown("'\(name)' is not declared in the manifest", offset: offset)
        }
        let declaration = arguments.flatMap { declaredFunction(name, $0).map(Syntax.init) } ?? first
        guard inProgress[name, default: 0] < 4 else { return .unknown("'\(name)' refers to itself", offset: offset) }
        inProgress[name, default: 0] += 1
        defer { inProgress[name, default: 0] -= 1 }
        // A declaration's body runs in its own scope, seeing the globals (and its receiver) only.
        let outer = scopes
        scopes = receiver.map { [["self": $0]] } ?? []
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
            var scope: [String: ManifestValue] = receiver.map { ["self": $0] } ?? [:]
            var unlabeled = (arguments ?? []).filter { $0.label == nil }.makeIterator()
            for parameter in function.signature.parameterClause.parameters {
                let label = parameter.firstName.text
                let internalName = parameter.secondName?.text ?? label
                let value: ManifestValue? = label == "_" ? unlabeled.next()?.value : arguments?.first { $0.label == label }?.value
                if let value {
                    scope[internalName] = value
                } else if let defaultValue = parameter.defaultValue {
                    scopes = [scope]
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
            // `.foo`: a static property the manifest declares, else a ProjectDescription value (`.dynamic`); a
            // function of that name is no value (`.app` is Product.app, not a helper `static func app(…)`).
            return isDeclaredProperty(name) && !memberNames.contains(name) ? declared(name, offset: start) : .symbol(name)
        }
        if let path = Self.path(base), isTypeName(path) {
            // A case of the manifest's own enum, or all of them.
            if let type = path.last, let cases = enums[type] {
                if name == "allCases" { return .array(cases.map { .enumCase(type: type, name: $0.name, rawValue: $0.rawValue) }) }
                if let found = cases.first(where: { $0.name == name }) { return .enumCase(type: type, name: found.name, rawValue: found.rawValue) }
            }
            return isDeclaredProperty(name) ? declared(name, offset: start) : .symbol(name)
        }
        return self.member(name, of: evaluate(base), offset: start)
    }

    /// Whether the manifest declares a variable (stored or computed) of this name.
    func isDeclaredProperty(_ name: String) -> Bool {
        declarations[name]?.contains { $0.is(PatternBindingSyntax.self) } == true
    }

    /// `value.name`: an enum case's `rawValue`, a call's argument of that label, a member the manifest declares
    /// (run with `self` bound), an array's `count`, `first`, `last`.
    func member(_ name: String, of value: ManifestValue, offset start: Int) -> ManifestValue {
        if case let .enumCase(_, caseName, rawValue) = value, name == "rawValue" { return .string(rawValue ?? caseName) }
        if case let .string(text) = value {
            switch name {
            case "capitalized": return .string(text.capitalized)
            case "isEmpty": return .symbol("\(text.isEmpty)")
            default: break
            }
        }
        if case let .call(call) = value, let argument = call.argument(name) { return argument }
        if memberNames.contains(name), declarations[name]?.contains(where: { $0.is(PatternBindingSyntax.self) }) == true {
            return declared(name, offset: start, receiver: value)
        }
        if case let .array(elements) = value {
            switch name {
            case "count": return .symbol("\(elements.count)")
            case "first", "last": return (name == "first" ? elements.first : elements.last) ?? .unknown("an empty array's \(name)", offset: start)
            case "isEmpty": return .symbol("\(elements.isEmpty)")
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
        let arguments = call.arguments.map { ManifestCall.Argument(label: $0.label?.text, value: evaluate($0.expression), offset: offset($0.expression)) }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if declarations[name] != nil, globals[name] == nil, scopes.allSatisfy({ $0[name] == nil }) {
                // A method of the receiver called without `self.`.
                if memberNames.contains(name), let receiver = scopes.reversed().lazy.compactMap({ $0["self"] }).first {
                    return declared(name, offset: start, arguments: arguments, receiver: receiver)
                }
                return declared(name, offset: start, arguments: arguments)
            }
            // `Package(…)`, `Version(…)`: a type's initializer; a lowercase name is a function the manifest lacks.
            guard name.first?.isUppercase == true else { return .unknown("'\(name)' is not declared in the manifest", offset: start) }
            return .call(ManifestCall(name: name, arguments: arguments, offset: start))
        }
        // `[String]()`, `[String: SettingValue]()`: empty.
        if call.arguments.isEmpty, call.trailingClosure == nil {
            if call.calledExpression.is(ArrayExprSyntax.self) { return .array([]) }
            if call.calledExpression.is(DictionaryExprSyntax.self) { return .dictionary([]) }
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else {
            return .unknown("a call static reading does not follow", offset: start)
        }
        let name = member.declName.baseName.text
        guard let base = member.base else {
            if declaredFunction(name, arguments) != nil { return declared(name, offset: start, arguments: arguments) }
            return .call(ManifestCall(name: name, arguments: arguments, offset: start))
        }
        if let path = Self.path(base), isTypeName(path) {
            if declaredFunction(name, arguments) != nil { return declared(name, offset: start, arguments: arguments) }
            return .call(ManifestCall(name: name, arguments: arguments, offset: start))
        }
        let value = evaluate(base)
        // A method the manifest declares (in an extension of SettingsDictionary, of its own enum …).
        if memberNames.contains(name), declaredFunction(name, arguments) != nil {
            return declared(name, offset: start, arguments: arguments, receiver: value)
        }
        if case let .dictionary(entries) = value, name == "merging", let other = arguments.first?.value {
            if case let .dictionary(added) = other { return merged(entries, added, offset: start) }
            if case .unknown = other { return other }
        }
        if case let .string(text) = value, let result = Self.stringMethod(text, name, arguments) { return result }
        if let hook = methodHook, let result = hook(value, name, arguments, start) { return result }
        // A method of a value: `map`/`flatMap`/`compactMap` with a closure or a key path; `sorted()` keeps the elements.
        guard case let .array(elements) = value else {
            if case .unknown = value { return value }
            return .unknown("the method '\(name)'", offset: start)
        }
        switch name {
        case "map", "flatMap", "compactMap":
            let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self)
            let keyPath = call.arguments.first?.expression.as(KeyPathExprSyntax.self)
            guard closure != nil || keyPath != nil else { return .unknown("'\(name)' without a closure", offset: start) }
            var results: [ManifestValue] = []
            for element in elements.prefix(Self.maximumLoopIterations) {
                guard tick() else { return .unknown("the manifest takes more than \(Self.maximumSteps) steps to follow", offset: start) }
                let result = closure.map { apply($0, to: element) } ?? keyPath.map { apply($0, to: element, offset: start) } ?? element
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

    /// String's methods a manifest builds names with; nil for another method or arguments not known.
    static func stringMethod(_ text: String, _ name: String, _ arguments: [ManifestCall.Argument]) -> ManifestValue? {
        let strings = arguments.compactMap { $0.value.stringValue }
        guard strings.count == arguments.count else { return nil }
        switch (name, strings.count) {
        case ("lowercased", 0): return .string(text.lowercased())
        case ("uppercased", 0): return .string(text.uppercased())
        case ("hasPrefix", 1): return .symbol("\(text.hasPrefix(strings[0]))")
        case ("hasSuffix", 1): return .symbol("\(text.hasSuffix(strings[0]))")
        case ("contains", 1): return .symbol("\(text.contains(strings[0]))")
        case ("replacingOccurrences", 2) where !strings[0].isEmpty:
            let replaced = text.replacingOccurrences(of: strings[0], with: strings[1])
            return replaced.utf8.count <= maximumLength ? .string(replaced) : nil
        default: return nil
        }
    }

    /// `\.a.b` applied to a value: its members in turn.
    func apply(_ keyPath: KeyPathExprSyntax, to element: ManifestValue, offset start: Int) -> ManifestValue {
        var value = element
        for component in keyPath.components {
            guard case let .property(property) = component.component else {
                return .unknown("a key path static reading does not follow", offset: start)
            }
            value = member(property.declName.baseName.text, of: value, offset: start)
        }
        return value
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
