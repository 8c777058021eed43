import Diagnostics
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// A value of a manifest as far as static reading follows it.
indirect enum ManifestValue {
    case string(String)
    case array([ManifestValue])
    /// `["KEY": value]`, in the order written (a later equal key replaces the earlier one's value).
    case dictionary([ManifestDictionaryEntry])
    /// A case of an enum the manifest declares (`AzkarTarget.azkarApp`): its type, name and raw value.
    case enumCase(type: String, name: String, rawValue: String?)
    /// `Package(…)`, `.target(…)`, `.product(…)`: the callee's last name and the arguments.
    case call(ManifestCall)
    /// A value the audit never needs as text (`.dynamic`, `.v15`, a number, a Boolean).
    case symbol(String)
    /// What static reading does not follow, why, and the UTF-8 offset of the expression.
    case unknown(String, offset: Int)

    var arrayValue: [ManifestValue]? { if case let .array(values) = self { values } else { nil } }
    var stringValue: String? { if case let .string(text) = self { text } else { nil } }
    var dictionaryValue: [ManifestDictionaryEntry]? { if case let .dictionary(entries) = self { entries } else { nil } }
    /// `true` / `false` as written or decided; nil for anything else.
    var boolValue: Bool? {
        switch self {
        case .symbol("true"): true
        case .symbol("false"): false
        default: nil
        }
    }
}

/// One entry of a dictionary literal, with the UTF-8 offsets of its key and value (where a generated Info.plist
/// or a build setting is located).
struct ManifestDictionaryEntry {
    var key: String
    var keyOffset: Int
    var value: ManifestValue
    var valueOffset: Int
}

struct ManifestCall {
    struct Argument {
        var label: String?
        var value: ManifestValue
        /// Where the argument's value is written (0 when made by the reading, not written).
        var offset = 0
    }

    var name: String
    var arguments: [Argument]
    var offset: Int

    func argument(_ label: String) -> ManifestValue? { arguments.first { $0.label == label }?.value }

    /// Where the argument labelled `label` is written, else where the call is.
    func offset(of label: String) -> Int { arguments.first { $0.label == label && $0.offset > 0 }?.offset ?? offset }
}

/// Interprets a manifest's top-level code over ``ManifestValue``s (PackageManifestReader.swift says what it
/// follows). Bounded: at most ``maximumSteps`` steps (an evaluation, a loop iteration, an element or 16 bytes
/// copied), ``maximumDepth`` nested evaluations, arrays of ``maximumElements`` and strings of
/// ``maximumLength``; past a bound a value is unknown.
///
/// One manifest can be read with other files' declarations (Tuist's `ProjectDescriptionHelpers`): each file is a
/// ``Source`` whose offsets start at its ``Source/base``, so that an offset alone names a file and a place in it.
final class ManifestInterpreter {
    /// One parsed file: its bytes, its lines and where its offsets start among all the files read.
    struct Source {
        var file: String
        var bytes: [UInt8]
        var lines: SourceLineTable
        var base: Int
    }

    static let maximumSteps = 50_000
    static let maximumDepth = 64
    static let maximumElements = 10_000
    static let maximumLength = 4_096
    static let maximumLoopIterations = 1_000
    static let maximumGaps = 100
    static let maximumOverloads = 64

    private(set) var sources: [Source] = []
    /// The base offset of each parsed tree, by its root.
    private var bases: [SyntaxIdentifier: Int] = [:]
    var file: String { sources.first?.file ?? "" }
    /// Whether `if`, `guard`, `switch` and `?:` take only their branch when the condition is decided (a literal,
    /// a bound parameter): a Tuist helper's `isDistribution ? … : …` has one value. A package manifest follows
    /// every branch instead, as it always has (its conditions are mostly the environment's).
    var decidesConditions = false
    /// Names declared inside a type or an extension (a computed property, a method, a static member): read with
    /// `self` bound when reached through a value, or through `self` implicitly.
    var memberNames: Set<String> = []
    /// The enums the manifest declares, by name: their cases in order, with raw values (`case app = "App"`).
    var enums: [String: [(name: String, rawValue: String?)]] = [:]
    var globals: [String: ManifestValue] = [:]
    /// Top-level declarations not evaluated yet, by name: computed variables, functions, stored variables
    /// (for a use before the declaration), and static members of the manifest's own types and extensions.
    var declarations: [String: [Syntax]] = [:]
    var scopes: [[String: ManifestValue]] = []
    var inProgress: [String: Int] = [:]
    var steps = 0
    var depth = 0
    var returned: [[ManifestValue]] = []
    /// Methods of the manifest language's own types (ProjectDescription's `SettingsDictionary` builders): the
    /// receiver, the method's name, its arguments and offset; nil for a method the hook does not know.
    var methodHook: ((ManifestValue, String, [ManifestCall.Argument], Int) -> ManifestValue?)?
    var gapsSeen: Set<PackageManifest.Gap> = []

    init() {}

    /// Parses `bytes` as one more file of the manifest: its tree, whose offsets this interpreter now places.
    func parse(_ bytes: UnsafeRawBufferPointer, file: String) -> SourceFileSyntax {
        let base = (sources.last.map { $0.base + $0.bytes.count } ?? 0) + (sources.isEmpty ? 0 : 1)
        let tree = Parser.parse(source: bytes.bindMemory(to: UInt8.self))
        sources.append(Source(file: file, bytes: Array(bytes), lines: SourceLineTable(bytes), base: base))
        bases[Syntax(tree).id] = base
        return tree
    }

    static func read(_ bytes: UnsafeRawBufferPointer, file: String) throws(PackageManifestError) -> PackageManifest {
        let interpreter = ManifestInterpreter()
        let tree = interpreter.parse(bytes, file: file)
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
        guard let source = sources.last(where: { $0.base <= offset }) ?? sources.first else {
            return Diagnostics.SourceLocation(file: "", line: 1, column: 1)
        }
        let local = min(max(offset - source.base, 0), source.bytes.count)
        return source.bytes.withUnsafeBytes { source.lines.position(of: local, in: $0, file: source.file) }
    }

    func offset(_ node: some SyntaxProtocol) -> Int {
        node.positionAfterSkippingLeadingTrivia.utf8Offset + (bases[node.root.id] ?? 0)
    }

    // MARK: - Declarations

    func collectDeclarations(_ items: CodeBlockItemListSyntax) {
        for item in items {
            switch item.item {
            case let .decl(decl): collect(decl)
            default: break
            }
        }
    }

    /// `owner`: the type or extension the declaration is a member of (nil at the top level).
    func collect(_ decl: DeclSyntax, owner: String? = nil) {
        if let variable = decl.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                declarations[name, default: []].append(Syntax(binding))
                if owner != nil, !Self.isStatic(variable.modifiers) { memberNames.insert(name) }
            }
        } else if let function = decl.as(FunctionDeclSyntax.self) {
            declarations[function.name.text, default: []].append(Syntax(function))
            if owner != nil, !Self.isStatic(function.modifiers) { memberNames.insert(function.name.text) }
        } else if let cases = decl.as(EnumCaseDeclSyntax.self), let owner {
            for element in cases.elements where element.parameterClause == nil {
                let raw = element.rawValue.flatMap { $0.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue }
                enums[owner, default: []].append((element.name.text, raw))
            }
        } else if let members = Self.memberBlock(of: decl) {
            let name = Self.typeName(of: decl)
            if decl.is(EnumDeclSyntax.self), let name, enums[name] == nil { enums[name] = [] }
            for member in members.members { collect(member.decl, owner: name ?? owner ?? "") }
        } else if let config = decl.as(IfConfigDeclSyntax.self) {
            for clause in config.clauses {
                switch clause.elements {
                case let .statements(items)?: collectDeclarations(items)
                case let .decls(members)?: for member in members { collect(member.decl, owner: owner) }
                default: break
                }
            }
        }
    }

    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
    }

    /// `Project` of `extension Project`, `AzkarTarget` of `enum AzkarTarget`: the last name of the type.
    static func typeName(of decl: DeclSyntax) -> String? {
        if let node = decl.as(ExtensionDeclSyntax.self) { return node.extendedType.trimmedDescription.split(separator: ".").last.map(String.init) }
        if let node = decl.as(StructDeclSyntax.self) { return node.name.text }
        if let node = decl.as(EnumDeclSyntax.self) { return node.name.text }
        if let node = decl.as(ClassDeclSyntax.self) { return node.name.text }
        return nil
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
        // Statements nest as expressions do (an `if` in an `if` …): the same bound.
        guard depth < Self.maximumDepth else { return }
        depth += 1
        defer { depth -= 1 }
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
            // `guard` decided true runs on; else (or undecided) its `else` body runs too.
            if decidesConditions, decide(guardStatement.conditions) == true { return }
            inScope { execute(guardStatement.body.statements) }
        } else if let doStatement = statement.as(DoStmtSyntax.self) {
            inScope { execute(doStatement.body.statements) }
        }
    }

    /// An expression used as a statement: an assignment, `+=`, `append`, or an `if` whose branches run.
    func executeExpression(_ expression: ExprSyntax) {
        if let ifExpression = expression.as(IfExprSyntax.self) {
            executeIf(ifExpression)
        } else if let switchExpression = expression.as(SwitchExprSyntax.self) {
            let cases = chosenCases(switchExpression)
            for body in cases { inScope { execute(body) } }
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
        if decidesConditions, let taken = decide(node.conditions) {
            if taken {
                inScope { execute(node.body.statements) }
                return
            }
            switch node.elseBody {
            case let .ifExpr(next)?: executeIf(next)
            case let .codeBlock(block)?: inScope { execute(block.statements) }
            default: break
            }
            return
        }
        inScope { execute(node.body.statements) }
        switch node.elseBody {
        case let .ifExpr(next)?: executeIf(next)
        case let .codeBlock(block)?: inScope { execute(block.statements) }
        case nil: break
        @unknown default: break
        }
    }

    /// An `if` / `guard` condition list: true or false when every condition is a decided Bool; nil else
    /// (an `if let`, a condition on the environment).
    func decide(_ conditions: ConditionElementListSyntax) -> Bool? {
        var result = true
        for element in conditions {
            guard case let .expression(expression) = element.condition, let value = evaluate(expression).boolValue else { return nil }
            result = result && value
        }
        return result
    }

    /// The bodies of a `switch` that run: the first case whose pattern matches a decided subject (`.app`
    /// against an enum case, `"a"` against a string), else `default`; every case when it cannot be decided.
    func chosenCases(_ node: SwitchExprSyntax) -> [CodeBlockItemListSyntax] {
        let cases = node.cases.compactMap { $0.as(SwitchCaseSyntax.self) }
        let all = cases.map(\.statements)
        let subject = evaluate(node.subject)
        func matches(_ pattern: PatternSyntax) -> Bool? {
            guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
            if let member = expression.as(MemberAccessExprSyntax.self) {
                let name = member.declName.baseName.text
                switch subject {
                case let .enumCase(_, caseName, _): return caseName == name
                case let .symbol(symbol): return symbol == name
                default: return nil
                }
            }
            if let literal = expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue, case let .string(text) = subject {
                return literal == text
            }
            return nil
        }
        var fallback: CodeBlockItemListSyntax?
        for switchCase in cases {
            switch switchCase.label {
            case let .case(label):
                for item in label.caseItems {
                    guard item.whereClause == nil, let matched = matches(item.pattern) else { return all }
                    if matched { return [switchCase.statements] }
                }
            case .default:
                fallback = switchCase.statements
            @unknown default:
                return all
            }
        }
        return fallback.map { [$0] } ?? []
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
