import ValueFlow
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftSyntax

/// The kind of a `userInfo` value that names a declaration in the same file: `name` or `self.name`, looked up as
/// Swift does, nearest scope first (locals before the use, the parameters of the closure or function it is in, the
/// enclosing type's properties, the file's globals). A declaration with a type annotation of a kind
/// (`let distanceKm: Double`) gives that kind, one initialized with a value of a kind (`let count = 3`) the kind of
/// that value. Anything that may bind the name in a way not modelled here (`if let`, `for`, `case let`, a tuple, an
/// untyped closure parameter) stops the lookup with nil: a name is never typed from a declaration it may not mean.
/// Bounded: the walk follows the parent chain once, and initializers are followed at most `maximumDepth` deep.
extension ScanningVisitor {
    static let maximumDepth = 3

    static func declaredKind(of expression: ExprSyntax, depth: Int) -> UserInfoValueKind? {
        guard depth < maximumDepth else { return nil }
        let name: String
        var memberOnly = false
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            name = reference.baseName.text
        } else if let member = expression.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            name = member.declName.baseName.text
            memberOnly = true
        } else {
            return nil
        }
        var node = Syntax(expression)
        while let parent = node.parent {
            defer { node = parent }
            if let list = parent.as(CodeBlockItemListSyntax.self), !memberOnly {
                // Top level: every global of the file; in a body: only what is declared before the use.
                let items = parent.parent?.is(SourceFileSyntax.self) == true
                    ? Array(list) : Array(list.prefix { $0.id != node.id })
                for item in items.reversed() {
                    if let found = binding(named: name, in: item) { return found.kind(depth) }
                }
            } else if let members = parent.as(MemberBlockSyntax.self) {
                for member in members.members {
                    guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                    if let found = binding(named: name, in: variable) { return found.kind(depth) }
                }
            } else if memberOnly {
                continue
            } else if let closure = parent.as(ClosureExprSyntax.self), let signature = closure.signature {
                switch signature.parameterClause {
                case .parameterClause(let clause)?:
                    if let parameter = clause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                        return parameter.type.map { kind(ofType: $0) } ?? nil
                    }
                case .simpleInput(let names)?:
                    if names.contains(where: { $0.name.text == name }) { return nil }
                default:
                    break
                }
                if signature.capture.map({ mentions(name, $0) }) == true { return nil }
            } else if let function = parent.as(FunctionDeclSyntax.self) {
                if let parameter = function.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                    return kind(ofType: parameter.type)
                }
            } else if let initializer = parent.as(InitializerDeclSyntax.self) {
                if let parameter = initializer.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                    return kind(ofType: parameter.type)
                }
            } else if parent.is(AccessorDeclSyntax.self), name == "newValue" || name == "oldValue" {
                return nil
            } else if let ifExpression = parent.as(IfExprSyntax.self), mentions(name, ifExpression.conditions) {
                return nil
            } else if let whileStatement = parent.as(WhileStmtSyntax.self), mentions(name, whileStatement.conditions) {
                return nil
            } else if let forStatement = parent.as(ForStmtSyntax.self), mentions(name, forStatement.pattern) {
                return nil
            } else if let switchCase = parent.as(SwitchCaseSyntax.self), mentions(name, switchCase.label) {
                return nil
            } else if let catchClause = parent.as(CatchClauseSyntax.self), name == "error" || mentions(name, catchClause.catchItems) {
                return nil
            }
        }
        return nil
    }

    /// A declaration of `name` found in a scope: its type annotation, else its initializer.
    private struct FoundBinding {
        var type: TypeSyntax?
        var initializer: ExprSyntax?
        /// Found, but binding the name in a way that gives no kind (a tuple pattern, `guard let`).
        var opaque = false

        func kind(_ depth: Int) -> UserInfoValueKind? {
            if opaque { return nil }
            if let type { return ScanningVisitor.kind(ofType: type) }
            guard let initializer else { return nil }
            return ScanningVisitor.userInfoValueKind(initializer) ?? ScanningVisitor.declaredKind(of: ValueExpressionReader.unwrapped(initializer), depth: depth + 1)
        }
    }

    private static func binding(named name: String, in item: CodeBlockItemSyntax) -> FoundBinding? {
        if let variable = item.item.as(VariableDeclSyntax.self) { return binding(named: name, in: variable) }
        if let guardStatement = item.item.as(GuardStmtSyntax.self), mentions(name, guardStatement.conditions) { return FoundBinding(opaque: true) }
        return nil
    }

    private static func binding(named name: String, in variable: VariableDeclSyntax) -> FoundBinding? {
        for binding in variable.bindings {
            if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
                if identifier.identifier.text == name { return FoundBinding(type: binding.typeAnnotation?.type, initializer: binding.initializer?.value) }
            } else if mentions(name, binding.pattern) {
                return FoundBinding(opaque: true)
            }
        }
        return nil
    }

    /// Whether an identifier `name` appears among the tokens of `node` (where it may be bound).
    private static func mentions(_ name: String, _ node: some SyntaxProtocol) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { token in
            if case .identifier(let text) = token.tokenKind { return text == name }
            return false
        }
    }

    /// `Double` → `.double`: exactly one of the kinds' Swift types (a module-qualified one too); an optional or any
    /// other type is nil.
    static func kind(ofType type: TypeSyntax) -> UserInfoValueKind? {
        var written = type.trimmedDescription
        for module in ["Swift.", "Foundation."] where written.hasPrefix(module) { written.removeFirst(module.count) }
        return UserInfoValueKind.allCases.first { $0.swiftType == written }
    }
}
#endif
