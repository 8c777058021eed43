import Diagnostics
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// A value of a manifest as far as static reading follows it.
indirect enum ManifestValue {
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

struct ManifestCall {
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

    let bytes: UnsafeRawBufferPointer
    let lines: SourceLineTable
    let file: String
    var globals: [String: ManifestValue] = [:]
    /// Top-level declarations not evaluated yet, by name: computed variables, functions, stored variables
    /// (for a use before the declaration), and static members of the manifest's own types and extensions.
    var declarations: [String: [Syntax]] = [:]
    var scopes: [[String: ManifestValue]] = []
    var inProgress: [String: Int] = [:]
    var steps = 0
    var depth = 0
    var returned: [[ManifestValue]] = []
    var gapsSeen: Set<PackageManifest.Gap> = []

    init(bytes: UnsafeRawBufferPointer, file: String) {
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
                                       position: Diagnostics.SourceLocation(file: file, line: 1, column: 1))
        }
        return interpreter.manifest(call)
    }

    func position(_ offset: Int) -> Diagnostics.SourceLocation {
        lines.position(of: min(max(offset, 0), bytes.count), in: bytes, file: file)
    }

    func offset(_ node: some SyntaxProtocol) -> Int { node.positionAfterSkippingLeadingTrivia.utf8Offset }

    // MARK: - Declarations

    func collectDeclarations(_ items: CodeBlockItemListSyntax) {
        for item in items {
            switch item.item {
            case let .decl(decl): collect(decl)
            default: break
            }
        }
    }

    func collect(_ decl: DeclSyntax) {
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

    static func memberBlock(of decl: DeclSyntax) -> MemberBlockSyntax? {
        if let node = decl.as(ExtensionDeclSyntax.self) { return node.memberBlock }
        if let node = decl.as(StructDeclSyntax.self) { return node.memberBlock }
        if let node = decl.as(EnumDeclSyntax.self) { return node.memberBlock }
        if let node = decl.as(ClassDeclSyntax.self) { return node.memberBlock }
        return nil
    }

    // MARK: - Statements

    func execute(_ items: CodeBlockItemListSyntax) {
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

    func execute(_ decl: DeclSyntax) {
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

    func execute(_ statement: StmtSyntax) {
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
    func executeExpression(_ expression: ExprSyntax) {
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

    func executeIf(_ node: IfExprSyntax) {
        inScope { execute(node.body.statements) }
        switch node.elseBody {
        case let .ifExpr(next)?: executeIf(next)
        case let .codeBlock(block)?: inScope { execute(block.statements) }
        case nil: break
        @unknown default: break
        }
    }

    func inScope(_ body: () -> Void) {
        scopes.append([:])
        body()
        scopes.removeLast()
    }

    func bind(_ name: String, _ value: ManifestValue) {
        if scopes.isEmpty { globals[name] = value } else { scopes[scopes.count - 1][name] = value }
    }

    /// `a`, `a.b.c` as names; nil for anything else.
    static func path(_ expression: ExprSyntax) -> [String]? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return [reference.baseName.text] }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, let prefix = path(base) {
            return prefix + [member.declName.baseName.text]
        }
        return nil
    }

    /// Replaces the value at `path` (a variable, or an argument of the call a variable holds) by `change(old)`.
    func update(_ path: [String], _ change: (ManifestValue) -> ManifestValue) {
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
}
#endif
