#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// A value of a manifest as far as static reading follows it.
private indirect enum ManifestValue {
    case string(String)
    case array([ManifestValue])
    /// `Package(…)`, `.target(…)`, `.product(…)`: the callee's last name and the arguments.
    case call(ManifestCall)
    /// A value the audit never needs as text (`.dynamic`, `.v15`, a number, a Boolean).
    case symbol(String)
    /// What static reading does not follow, why, and the UTF-8 offset of the expression.
    case unknown(String, offset: Int)

    var arrayValue: [ManifestValue]? { if case let .array(values) = self { values } else { nil } }
    var stringValue: String? { if case let .string(text) = self { text } else { nil } }
}

private struct ManifestCall {
    struct Argument {
        var label: String?
        var value: ManifestValue
    }

    var name: String
    var arguments: [Argument]
    var offset: Int

    func argument(_ label: String) -> ManifestValue? { arguments.first { $0.label == label }?.value }
}

/// Interprets a manifest's top-level code over ``ManifestValue``s (PackageManifestReader.swift says what it
/// follows). Bounded: at most ``maximumSteps`` steps (an evaluation, a loop iteration, an element or 16 bytes
/// copied), ``maximumDepth`` nested evaluations, arrays of ``maximumElements`` and strings of
/// ``maximumLength``; past a bound a value is unknown.
final class ManifestInterpreter {
    static let maximumSteps = 50_000
    static let maximumDepth = 64
    static let maximumElements = 10_000
    static let maximumLength = 4_096
    static let maximumLoopIterations = 1_000
    static let maximumGaps = 100

    private let bytes: UnsafeRawBufferPointer
    private let lines: SourceLineTable
    private let file: String
    private var globals: [String: ManifestValue] = [:]
    /// Top-level declarations not evaluated yet, by name: computed variables, functions, stored variables
    /// (for a use before the declaration), and static members of the manifest's own types and extensions.
    private var declarations: [String: [Syntax]] = [:]
    private var scopes: [[String: ManifestValue]] = []
    private var inProgress: [String: Int] = [:]
    private var steps = 0
    private var depth = 0
    private var returned: [[ManifestValue]] = []
    private var gapsSeen: Set<PackageManifest.Gap> = []

    private init(bytes: UnsafeRawBufferPointer, file: String) {
        self.bytes = bytes
        self.lines = SourceLineTable(bytes)
        self.file = file
    }

    static func read(_ bytes: UnsafeRawBufferPointer, file: String) throws(PackageManifestError) -> PackageManifest {
        let tree = Parser.parse(source: bytes.bindMemory(to: UInt8.self))
        let interpreter = ManifestInterpreter(bytes: bytes, file: file)
        interpreter.collectDeclarations(tree.statements)
        interpreter.execute(tree.statements)
        let candidates = interpreter.globals.filter { if case let .call(call) = $0.value { call.name == "Package" } else { false } }
        guard let (_, value) = candidates.first(where: { $0.key == "package" }) ?? candidates.min(by: { $0.key < $1.key }),
              case let .call(call) = value else {
            throw PackageManifestError(reason: "no `let package = Package(…)` at the top level of the manifest",
                                       position: SwiftSourcePosition(file: file, line: 1, column: 1))
        }
        return interpreter.manifest(call)
    }

    private func position(_ offset: Int) -> SwiftSourcePosition {
        lines.position(of: min(max(offset, 0), bytes.count), in: bytes, file: file)
    }

    private func offset(_ node: some SyntaxProtocol) -> Int { node.positionAfterSkippingLeadingTrivia.utf8Offset }

    // MARK: - Declarations

    private func collectDeclarations(_ items: CodeBlockItemListSyntax) {
        for item in items {
            switch item.item {
            case let .decl(decl): collect(decl)
            default: break
            }
        }
    }

    private func collect(_ decl: DeclSyntax) {
        if let variable = decl.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                declarations[name, default: []].append(Syntax(binding))
            }
        } else if let function = decl.as(FunctionDeclSyntax.self) {
            declarations[function.name.text, default: []].append(Syntax(function))
        } else if let members = Self.memberBlock(of: decl) {
            for member in members.members { collect(member.decl) }
        } else if let config = decl.as(IfConfigDeclSyntax.self) {
            for clause in config.clauses {
                switch clause.elements {
                case let .statements(items)?: collectDeclarations(items)
                case let .decls(members)?: for member in members { collect(member.decl) }
                default: break
                }
            }
        }
    }

    private static func memberBlock(of decl: DeclSyntax) -> MemberBlockSyntax? {
        if let node = decl.as(ExtensionDeclSyntax.self) { return node.memberBlock }
        if let node = decl.as(StructDeclSyntax.self) { return node.memberBlock }
        if let node = decl.as(EnumDeclSyntax.self) { return node.memberBlock }
        if let node = decl.as(ClassDeclSyntax.self) { return node.memberBlock }
        return nil
    }

    // MARK: - Statements

    private func execute(_ items: CodeBlockItemListSyntax) {
        for item in items {
            guard tick() else { return }
            switch item.item {
            case let .decl(decl): execute(decl)
            case let .stmt(statement): execute(statement)
            case let .expr(expression): executeExpression(expression)
            @unknown default: continue
            }
        }
    }

    private func execute(_ decl: DeclSyntax) {
        if let variable = decl.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let initializer = binding.initializer else { continue }
                bind(name, evaluate(initializer.value))
            }
        } else if let config = decl.as(IfConfigDeclSyntax.self) {
            // Every clause: the manifest's conditions are not evaluated.
            for clause in config.clauses {
                if case let .statements(items)? = clause.elements { execute(items) }
            }
        }
    }

    private func execute(_ statement: StmtSyntax) {
        if let expression = statement.as(ExpressionStmtSyntax.self) {
            executeExpression(expression.expression)
        } else if let loop = statement.as(ForStmtSyntax.self) {
            guard let name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let elements = evaluate(loop.sequence).arrayValue else { return }
            for element in elements.prefix(Self.maximumLoopIterations) {
                guard tick() else { return }
                scopes.append([name: element])
                execute(loop.body.statements)
                scopes.removeLast()
            }
        } else if let returnStatement = statement.as(ReturnStmtSyntax.self), let expression = returnStatement.expression {
            if !returned.isEmpty { returned[returned.count - 1].append(evaluate(expression)) }
        } else if let guardStatement = statement.as(GuardStmtSyntax.self) {
            inScope { execute(guardStatement.body.statements) }
        } else if let doStatement = statement.as(DoStmtSyntax.self) {
            inScope { execute(doStatement.body.statements) }
        }
    }

    /// An expression used as a statement: an assignment, `+=`, `append`, or an `if` whose branches run.
    private func executeExpression(_ expression: ExprSyntax) {
        if let ifExpression = expression.as(IfExprSyntax.self) {
            executeIf(ifExpression)
        } else if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, let path = Self.path(elements[0]) else { return }
            if elements[1].is(AssignmentExprSyntax.self) {
                update(path) { _ in self.evaluate(elements[2]) }
            } else if let binary = elements[1].as(BinaryOperatorExprSyntax.self), binary.operator.text == "+=" {
                let added = evaluate(elements[2])
                update(path) { current in self.add(current, added, offset: self.offset(elements[2])) }
            }
        } else if let call = expression.as(FunctionCallExprSyntax.self),
                  let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                  let path = Self.path(base) {
            let method = member.declName.baseName.text
            guard method == "append" || method == "insert", let first = call.arguments.first else {
                _ = evaluate(expression)
                return
            }
            let value = evaluate(first.expression)
            let added: ManifestValue = first.label?.text == "contentsOf" ? value : .array([value])
            update(path) { current in self.add(current, added, offset: self.offset(first.expression)) }
        } else if expression.is(FunctionCallExprSyntax.self) {
            _ = evaluate(expression)
        }
    }

    private func executeIf(_ node: IfExprSyntax) {
        inScope { execute(node.body.statements) }
        switch node.elseBody {
        case let .ifExpr(next)?: executeIf(next)
        case let .codeBlock(block)?: inScope { execute(block.statements) }
        case nil: break
        @unknown default: break
        }
    }

    private func inScope(_ body: () -> Void) {
        scopes.append([:])
        body()
        scopes.removeLast()
    }

    private func bind(_ name: String, _ value: ManifestValue) {
        if scopes.isEmpty { globals[name] = value } else { scopes[scopes.count - 1][name] = value }
    }

    /// `a`, `a.b.c` as names; nil for anything else.
    private static func path(_ expression: ExprSyntax) -> [String]? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return [reference.baseName.text] }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, let prefix = path(base) {
            return prefix + [member.declName.baseName.text]
        }
        return nil
    }

    /// Replaces the value at `path` (a variable, or an argument of the call a variable holds) by `change(old)`.
    private func update(_ path: [String], _ change: (ManifestValue) -> ManifestValue) {
        guard let root = path.first else { return }
        func changed(_ value: ManifestValue, _ rest: ArraySlice<String>) -> ManifestValue {
            guard let label = rest.first else { return change(value) }
            guard case var .call(call) = value else { return value }
            if let index = call.arguments.firstIndex(where: { $0.label == label }) {
                call.arguments[index].value = changed(call.arguments[index].value, rest.dropFirst())
            } else {
                call.arguments.append(.init(label: label, value: changed(.array([]), rest.dropFirst())))
            }
            return .call(call)
        }
        for index in scopes.indices.reversed() {
            if let value = scopes[index][root] {
                scopes[index][root] = changed(value, path.dropFirst())
                return
            }
        }
        let current = globals[root] ?? declared(root, offset: 0)
        globals[root] = changed(current, path.dropFirst())
    }

    // MARK: - Expressions

    /// Counts `cost` steps (one per evaluation, one per element or byte copied); false once the budget is spent.
    private func tick(_ cost: Int = 1) -> Bool {
        steps += cost
        return steps <= Self.maximumSteps
    }

    private func evaluate(_ expression: ExprSyntax) -> ManifestValue {
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

    private static func kindName(_ expression: ExprSyntax) -> String {
        let name = "\(expression.syntaxNodeType)"
        return name.hasSuffix("ExprSyntax") ? String(name.dropLast("ExprSyntax".count)) : name
    }

    private func string(_ literal: StringLiteralExprSyntax) -> ManifestValue {
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

    private func evaluate(_ sequence: SequenceExprSyntax) -> ManifestValue {
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
    private func add(_ a: ManifestValue, _ b: ManifestValue, offset: Int) -> ManifestValue {
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
    private func either(_ a: ManifestValue, _ b: ManifestValue, offset: Int) -> ManifestValue {
        switch (a, b) {
        case (.array, .array): return add(a, b, offset: offset)
        case let (.string(x), .string(y)) where x == y: return a
        case (.unknown, _): return a
        case (_, .unknown): return b
        case (.symbol, .symbol): return a
        default: return .unknown("a value that depends on a condition", offset: offset)
        }
    }

    private func evaluateIf(_ node: IfExprSyntax) -> ManifestValue {
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

    private func lookUp(_ name: String, offset: Int) -> ManifestValue {
        for scope in scopes.reversed() {
            if let value = scope[name] { return value }
        }
        if let value = globals[name] { return value }
        return declared(name, offset: offset)
    }

    /// The value of a declaration not evaluated yet: a computed variable's getter, a stored variable's
    /// initializer, a function without parameters, a static member.
    private func declared(_ name: String, offset: Int, arguments: [ManifestCall.Argument]? = nil) -> ManifestValue {
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
    private func run(_ items: CodeBlockItemListSyntax) -> ManifestValue {
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

    private func evaluate(_ member: MemberAccessExprSyntax) -> ManifestValue {
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
    private func isTypeName(_ path: [String]) -> Bool {
        guard let first = path.first, path.allSatisfy({ $0.first?.isUppercase == true }) else { return false }
        return globals[first] == nil && scopes.allSatisfy { $0[first] == nil }
    }

    private func evaluate(_ call: FunctionCallExprSyntax) -> ManifestValue {
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

    private func apply(_ closure: ClosureExprSyntax, to element: ManifestValue) -> ManifestValue {
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

    // MARK: - The manifest

    private func manifest(_ package: ManifestCall) -> PackageManifest {
        var result = PackageManifest(name: package.argument("name")?.stringValue, position: position(package.offset))
        switch package.argument("products") {
        case let .array(products)?:
            for value in products {
                guard case let .call(call) = value, let name = call.argument("name")?.stringValue else {
                    result.productsAreComplete = false
                    gap(in: &result, "a product", value, fallback: package.offset)
                    continue
                }
                let kind = PackageManifest.ProductKind(rawValue: call.name) ?? .other
                var product = PackageManifest.Product(name: name, kind: kind, targets: [], position: position(call.offset))
                let (targets, complete) = strings(call.argument("targets"), in: &result, "the targets of product '\(name)'", fallback: call.offset)
                product.targets = targets
                product.targetsAreComplete = complete
                result.products.append(product)
            }
        case nil: break
        case let value?:
            result.productsAreComplete = false
            gap(in: &result, "the products", value, fallback: package.offset)
        }
        switch package.argument("targets") {
        case let .array(targets)?:
            for value in targets { self.target(value, in: &result, fallback: package.offset) }
        case nil: break
        case let value?:
            result.targetsAreComplete = false
            gap(in: &result, "the targets", value, fallback: package.offset)
        }
        switch package.argument("dependencies") {
        case let .array(dependencies)?:
            for value in dependencies {
                guard case let .call(call) = value else {
                    result.dependenciesAreComplete = false
                    gap(in: &result, "a package dependency", value, fallback: package.offset)
                    continue
                }
                let location: PackageManifest.DependencyLocation
                if let path = call.argument("path")?.stringValue {
                    location = .path(path)
                } else if let url = call.argument("url")?.stringValue {
                    location = .url(url)
                } else if let id = call.argument("id")?.stringValue {
                    location = .registry(id)
                } else {
                    result.dependenciesAreComplete = false
                    gap(in: &result, "a package dependency", call.argument("path") ?? call.argument("url") ?? value, fallback: call.offset)
                    continue
                }
                result.dependencies.append(.init(name: call.argument("name")?.stringValue, location: location, position: position(call.offset)))
            }
        case nil: break
        case let value?:
            result.dependenciesAreComplete = false
            gap(in: &result, "the package dependencies", value, fallback: package.offset)
        }
        return result
    }

    private static let targetKinds: [String: PackageManifest.TargetKind] = [
        "target": .regular, "executableTarget": .executable, "testTarget": .test, "macro": .macro, "plugin": .plugin,
        "systemLibrary": .system, "binaryTarget": .binary,
    ]

    private func target(_ value: ManifestValue, in result: inout PackageManifest, fallback: Int) {
        guard case let .call(call) = value, let kind = Self.targetKinds[call.name], let name = call.argument("name")?.stringValue else {
            result.targetsAreComplete = false
            gap(in: &result, "a target", value, fallback: fallback)
            return
        }
        var target = PackageManifest.Target(name: name, kind: kind, position: position(call.offset))
        switch call.argument("dependencies") {
        case let .array(dependencies)?:
            for dependency in dependencies {
                if let known = Self.dependency(dependency) {
                    target.dependencies.append(known)
                } else {
                    target.dependenciesAreComplete = false
                    gap(in: &result, "a dependency of target '\(name)'", dependency, fallback: call.offset)
                }
            }
        case nil: break
        case let value?:
            target.dependenciesAreComplete = false
            gap(in: &result, "the dependencies of target '\(name)'", value, fallback: call.offset)
        }
        if let path = call.argument("path") {
            if let text = path.stringValue { target.path = text } else if case .symbol("nil") = path {} else {
                target.sourcesAreKnown = false
                gap(in: &result, "the path of target '\(name)'", path, fallback: call.offset)
            }
        }
        if let sources = call.argument("sources"), !Self.isNil(sources) {
            let (list, complete) = strings(sources, in: &result, "the sources of target '\(name)'", fallback: call.offset)
            target.sources = list
            if !complete { target.sourcesAreKnown = false }
        }
        if let exclude = call.argument("exclude") {
            let (list, complete) = strings(exclude, in: &result, "the excluded paths of target '\(name)'", fallback: call.offset)
            target.exclude = list
            if !complete { target.sourcesAreKnown = false }
        }
        result.targets.append(target)
    }

    /// `"Name"`, `.target(name:)`, `.byName(name:)`, `.product(name:package:)`; nil for anything else.
    private static func dependency(_ value: ManifestValue) -> PackageManifest.TargetDependency? {
        switch value {
        case let .string(name): return .byName(name)
        case let .call(call):
            guard let name = call.argument("name")?.stringValue else { return nil }
            switch call.name {
            case "target": return .target(name)
            case "byName": return .byName(name)
            case "product": return .product(name: name, package: call.argument("package")?.stringValue)
            default: return nil
            }
        default: return nil
        }
    }

    private static func isNil(_ value: ManifestValue) -> Bool { if case .symbol("nil") = value { true } else { false } }

    /// An array of strings; false when it, or one of its elements, could not be followed.
    private func strings(_ value: ManifestValue?, in result: inout PackageManifest, _ what: String, fallback: Int) -> ([String], Bool) {
        guard let value else { return ([], true) }
        guard case let .array(elements) = value else {
            gap(in: &result, what, value, fallback: fallback)
            return ([], false)
        }
        var strings: [String] = []
        var complete = true
        for element in elements {
            if let text = element.stringValue { strings.append(text) } else {
                complete = false
                gap(in: &result, what, element, fallback: fallback)
            }
        }
        return (strings, complete)
    }

    private func gap(in result: inout PackageManifest, _ what: String, _ value: ManifestValue, fallback: Int) {
        let (reason, at): (String, Int) = switch value {
        case let .unknown(reason, offset): (reason, offset)
        case .string: ("a string where a call was expected", fallback)
        case .array: ("an array where a single value was expected", fallback)
        case let .call(call): ("a call of '\(call.name)' static reading does not map", call.offset)
        case let .symbol(name): ("'\(name)' where a value was expected", fallback)
        }
        // The first ``maximumGaps`` are kept (a note shows ten): a generated list of 10,000 unknowns is one problem.
        guard result.gaps.count < Self.maximumGaps else { return }
        let gap = PackageManifest.Gap(what: "\(what): \(reason)", position: position(at))
        if gapsSeen.insert(gap).inserted { result.gaps.append(gap) }
    }
}
#endif
