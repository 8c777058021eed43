import Diagnostics
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// Parses one file and collects its activity sites, constant declarations, types and App Shortcuts.
enum SwiftFileScanner {
    /// `recordingCallsTo`: base names of functions whose calls' arguments are kept (values that flow in through a
    /// parameter; `init` keeps the calls of any type's initializer, `Type(…)`). `conditions`: only the `#if`
    /// clauses some build of the target compiles are read (ConditionEvaluation.swift), the undecided ones are
    /// recorded; nil reads every clause.
    static func scan(_ bytes: UnsafeRawBufferPointer, file: String, recordingCallsTo functions: Set<String> = [],
                     conditions: TargetConditions? = nil) -> FileScan {
        let tree = Parser.parse(source: bytes.bindMemory(to: UInt8.self))
        let visitor = ScanningVisitor(bytes: bytes, file: file)
        visitor.recordedCalls = functions
        if let conditions {
            let clauses = InactiveClauses(tree, conditions: conditions) { visitor.position(at: $0) }
            visitor.inactiveClauses = clauses.clauses
            visitor.scan.undecidedConditions = clauses.undecided
        }
        visitor.walk(tree)
        return visitor.scan
    }

    /// Parses only (the benchmarks' baseline); returns how many tokens the tree has, so nothing is skipped.
    static func parseOnly(_ bytes: UnsafeRawBufferPointer) -> Int {
        Parser.parse(source: bytes.bindMemory(to: UInt8.self)).tokens(viewMode: .sourceAccurate).reduce(0) { count, _ in count + 1 }
    }
}

/// The visitor behind ``SwiftFileScanner``; its call and userInfo readers are in
/// ScanningVisitor+Calls.swift and ScanningVisitor+UserInfo.swift.
final class ScanningVisitor: SyntaxVisitor {
    let bytes: UnsafeRawBufferPointer
    let lines: SourceLineTable
    var scan: FileScan
    /// Enclosing scopes: type names, and `name()` for function and accessor bodies.
    var scopes: [String] = []
    /// How many scope entries each open declaration pushed, and the index of its FoundType (if any).
    var pushed: [(count: Int, type: Int?)] = []
    /// Whether each open enum has String raw values.
    var stringBackedEnums: [Bool] = []
    /// The open functions and initializers, innermost last: their parameters and what their locals hold
    /// (ScanningVisitor+Flow.swift).
    var functions: [OpenFunction] = []
    /// Functions whose calls are recorded with their arguments.
    var recordedCalls: Set<String> = []
    /// Closures over `T.allCases` being visited: their parameter, and `T`.
    var caseClosures: [(parameter: String, enumPath: [String])] = []
    /// Whether each open class (or extension) is `@objcMembers` (ObjCExposure.swift).
    var objcMembersScopes: [Bool] = []
    /// The `#if` clauses no build of the target compiles: not read (ConditionEvaluation.swift).
    var inactiveClauses: Set<SyntaxIdentifier> = []

    init(bytes: UnsafeRawBufferPointer, file: String) {
        self.bytes = bytes
        self.lines = SourceLineTable(bytes)
        self.scan = FileScan(file: file)
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Positions and values

    func position(_ node: some SyntaxProtocol) -> Diagnostics.SourceLocation {
        position(at: node.positionAfterSkippingLeadingTrivia)
    }

    func position(at offset: AbsolutePosition) -> Diagnostics.SourceLocation {
        lines.position(of: offset.utf8Offset, in: bytes, file: scan.file)
    }

    // MARK: Compile-time conditions

    /// A clause some build compiles: its code, not its condition (`os(iOS)` is no call); one none compiles: nothing.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        if !inactiveClauses.contains(node.id), let elements = node.elements { walk(elements) }
        return .skipChildren
    }

    /// The source text from the start of `first` to the end of `last`, without surrounding trivia.
    func text(from first: some SyntaxProtocol, to last: some SyntaxProtocol) -> String {
        let start = min(first.positionAfterSkippingLeadingTrivia.utf8Offset, bytes.count)
        let end = min(max(start, last.endPositionBeforeTrailingTrivia.utf8Offset), bytes.count)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    func written(_ expression: ExprSyntax) -> WrittenValue {
        WrittenValue(written: text(from: expression, to: expression), expression: bindingParameters(ValueExpressionReader.read(expression)),
                     context: scopes, offset: expression.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    var typeScopes: [String] { scopes.filter { !$0.hasSuffix("()") } }
    var currentTypeIndex: Int? { pushed.last(where: { $0.type != nil })?.type ?? nil }
    var isDirectlyInType: Bool { scopes.last.map { !$0.hasSuffix("()") } ?? false }

    // MARK: Scopes and types

    func open(kind: FoundType.Kind, name: String, components: [String], node: some SyntaxProtocol,
              inheritance: InheritanceClauseSyntax?, isEnum: Bool = false) {
        let inherited = inheritance?.inheritedTypes.map { inheritedType -> String in
            var type = inheritedType.type
            if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }  // @unchecked Sendable
            let written = type.trimmedDescription
            return String(written.split(separator: ".").last ?? Substring(written))
        } ?? []
        let qualified = kind == .extension ? name : (typeScopes + [name]).joined(separator: ".")
        scan.types.append(FoundType(kind: kind, name: qualified, position: position(node), inherited: inherited, isEnum: isEnum))
        scopes += components
        pushed.append((components.count, scan.types.count - 1))
    }

    func openScope(_ name: String) {
        scopes.append(name + "()")
        pushed.append((1, nil))
    }

    func close() {
        let last = pushed.removeLast()
        scopes.removeLast(last.count)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        open(kind: .type, name: node.name.text, components: [node.name.text], node: node.name, inheritance: node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { close() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        open(kind: .type, name: node.name.text, components: [node.name.text], node: node.name, inheritance: node.inheritanceClause)
        openObjCClass(node.attributes, name: node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) {
        objcMembersScopes.removeLast()
        close()
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        open(kind: .type, name: node.name.text, components: [node.name.text], node: node.name, inheritance: node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { close() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        open(kind: .protocol, name: node.name.text, components: [node.name.text], node: node.name, inheritance: node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { close() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        open(kind: .type, name: node.name.text, components: [node.name.text], node: node.name,
             inheritance: node.inheritanceClause, isEnum: true)
        stringBackedEnums.append(scan.types[scan.types.count - 1].inherited.contains("String"))
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) {
        stringBackedEnums.removeLast()
        close()
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        open(kind: .extension, name: name, components: name.split(separator: ".").map(String.init),
             node: node.extendedType, inheritance: node.inheritanceClause)
        objcMembersScopes.append(Self.objectiveC(node.attributes).members)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) {
        objcMembersScopes.removeLast()
        close()
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body {
            let returns = ValueExpressionReader.returnedValues(of: body.statements, skipping: inactiveClauses)
            if !returns.isEmpty {
                scan.declarations.append(ConstantDeclaration(context: scopes, name: node.name.text, kind: .value(returns),
                                                             caseReturns: ValueExpressionReader.caseReturns(of: body.statements, skipping: inactiveClauses)))
                if node.signature.parameterClause.parameters.isEmpty {
                    let isStatic = node.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
                    noteObjCMember(node.name.text, attributes: node.attributes, isStatic: isStatic)
                }
            }
        }
        openScope(node.name.text)
        openFunction(node.name.text, node.signature.parameterClause.parameters, generics: node.genericParameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) {
        functions.removeLast()
        close()
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        openScope("init")
        openFunction("init", node.signature.parameterClause.parameters, generics: node.genericParameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) {
        functions.removeLast()
        close()
    }

    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        openScope("{}")
        return .visitChildren
    }
    override func visitPost(_ node: AccessorBlockSyntax) { close() }

    // MARK: Constants and members

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        let stringBacked = stringBackedEnums.last ?? false
        for element in node.elements {
            let name = element.name.text
            let raw: ValueExpression? = element.rawValue.map { ValueExpressionReader.read($0.value) }
                ?? (stringBacked ? .literal(name) : nil)
            scan.declarations.append(ConstantDeclaration(context: scopes, name: name, kind: .enumCase(rawValue: raw)))
            if let index = currentTypeIndex, scan.types[index].isEnum {
                scan.types[index].enumCases.append(AppEnumFact.Case(name: name, position: position(element.name)))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
        let isStatic = node.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
        let parameterAttribute = node.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }
            .first { $0.attributeName.trimmedDescription == "Parameter" }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var values: [ValueExpression] = []
            var bodyContext: [String]?
            var memberValue: ExprSyntax?
            if let initializer = binding.initializer {
                if isLet, let closure = Self.initializingClosure(initializer.value) {
                    // `let x = { … }` (called as `x()`) or `let x = { … }()`: what the closure returns, from its body.
                    values = ValueExpressionReader.returnedValues(of: closure.statements, skipping: inactiveClauses)
                    bodyContext = scopes + [name + "()"]
                } else if isLet {
                    values = [ValueExpressionReader.read(initializer.value)]
                }
                memberValue = initializer.value
            } else if let getter = getterBody(binding.accessorBlock) {
                values = ValueExpressionReader.returnedValues(of: getter, skipping: inactiveClauses)
                if getter.count == 1, let only = getter.first {
                    memberValue = only.item.as(ExprSyntax.self) ?? only.item.as(ReturnStmtSyntax.self)?.expression
                }
            }
            if !values.isEmpty {
                let caseReturns = binding.initializer == nil ? getterBody(binding.accessorBlock).flatMap { ValueExpressionReader.caseReturns(of: $0, skipping: inactiveClauses) } : nil
                scan.declarations.append(ConstantDeclaration(context: scopes, name: name, kind: .value(values), caseReturns: caseReturns,
                                                             bodyContext: bodyContext))
            }
            if !values.isEmpty { noteObjCMember(name, attributes: node.attributes, isStatic: isStatic) }
            noteLocalBinding(name, type: binding.typeAnnotation?.type, value: binding.initializer?.value)
            guard isDirectlyInType, let index = currentTypeIndex else { continue }
            if name == "id", !isStatic, let type = binding.typeAnnotation?.type { scan.types[index].idType = type.trimmedDescription }
            if let parameterAttribute {
                scan.types[index].parameters.append(parameter(name: name, binding: binding, attribute: parameterAttribute))
            } else if isStatic, let memberValue {
                switch name {
                case "intentClassName": scan.types[index].intentClassName = written(memberValue)
                case "title": scan.types[index].title = written(memberValue)
                case "isDiscoverable":
                    if let literal = memberValue.as(BooleanLiteralExprSyntax.self) {
                        scan.types[index].isDiscoverable = literal.literal.tokenKind == .keyword(.true)
                    }
                case "openAppWhenRun":
                    // Kept as written; `true` / `false` literals resolve (the app model's `opensApp`).
                    var value = written(memberValue)
                    if let literal = memberValue.as(BooleanLiteralExprSyntax.self) { value.expression = .literal(literal.literal.text) }
                    scan.types[index].openAppWhenRun = value
                case "supportedModes":
                    // iOS 26's `IntentModes`: `.foreground` / `.foreground(.immediate)` open the app, `.background`
                    // does not; `.deferred`, `.dynamic` and combinations depend on the run (left unresolved).
                    var value = written(memberValue)
                    let modes = value.written.filter { !$0.isWhitespace }
                    value.expression = [".foreground": "true", ".foreground(.immediate)": "true", ".background": "false"][modes]
                        .map(ValueExpression.literal) ?? .unknown
                    scan.types[index].supportedModes = value
                case "typeDisplayRepresentation":
                    // `"Outline"`, or `TypeDisplayRepresentation(name: "Outline")`: the name is the display name.
                    if let call = memberValue.as(FunctionCallExprSyntax.self),
                       call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "TypeDisplayRepresentation",
                       let name = call.arguments.first(where: { $0.label?.text == "name" }) {
                        scan.types[index].typeDisplayName = written(name.expression)
                    } else {
                        scan.types[index].typeDisplayName = written(memberValue)
                    }
                default: break
                }
            }
        }
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = Self.initializedVariable(by: node) { openScope(name) }
        if let each = Self.caseClosure(node) { caseClosures.append(each) }
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) {
        if Self.initializedVariable(by: node) != nil { close() }
        if Self.caseClosure(node) != nil { caseClosures.removeLast() }
    }

    /// `if let x = …` / `guard let x = …`: what the local holds (ScanningVisitor+Flow.swift).
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            // `guard let type = Bundle.main.activityType`: a constant of its scope, like `let`.
            if node.bindingSpecifier.tokenKind == .keyword(.let), let value = node.initializer?.value {
                scan.declarations.append(ConstantDeclaration(context: scopes, name: name, kind: .value([bindingParameters(ValueExpressionReader.read(value))])))
            }
            noteLocalBinding(name, type: node.typeAnnotation?.type, value: node.initializer?.value)
        }
        return .visitChildren
    }

    // MARK: Calls: creations, handlers, App Shortcuts

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = node.calledExpression
        let calleeName: String?
        var calleeBase: ExprSyntax?
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            calleeName = reference.baseName.text
        } else if let member = callee.as(MemberAccessExprSyntax.self) {
            calleeName = member.declName.baseName.text
            calleeBase = member.base
            if calleeName == "init", let base = member.base?.as(DeclReferenceExprSyntax.self) {
                // `self.init(activityType:)` in an initializer of an NSUserActivity extension creates one.
                let name = base.baseName.text == "self" && typeScopes.last == "NSUserActivity" ? "NSUserActivity" : base.baseName.text
                return visitCall(node, name: name, base: nil)
            }
            if calleeName == "init", member.base == nil, contextualType(of: node) == "AppShortcut" {
                // `.init(intent:phrases:…)` in an `[AppShortcut]` array: the implicit member is AppShortcut's.
                return visitCall(node, name: "AppShortcut", base: nil)
            }
        } else {
            calleeName = nil
        }
        guard let calleeName else { return .visitChildren }
        if let (function, owner) = recordedCall(calleeName, base: calleeBase) {
            scan.calls.append(FoundCall(function: function, owner: owner, arguments: node.arguments.map { ($0.label?.text, written($0.expression)) }))
        }
        return visitCall(node, name: calleeName, base: calleeBase)
    }

    /// A call of a function whose calls are recorded: its base name and the type it is called on where the
    /// call says so. `Type(…)` is `Type.init`; `self.f(…)` is the enclosing type's, `super.init(…)` its superclass's
    /// (the first type it inherits from), `Type.f(…)` `Type`'s; a call on an instance or unqualified says nothing.
    func recordedCall(_ name: String, base: ExprSyntax?) -> (function: String, owner: String?)? {
        if base == nil, name.first?.isUppercase == true, recordedCalls.contains("init") { return ("init", name) }
        guard recordedCalls.contains(name) else { return nil }
        guard let base else { return (name, nil) }
        if base.is(SuperExprSyntax.self) {
            return (name, currentTypeIndex.flatMap { scan.types[$0].inherited.first } ?? "super")
        }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            let text = reference.baseName.text
            if text == "self" || text == "Self" { return (name, typeScopes.last) }
            if text.first?.isUppercase == true { return (name, text) }
        }
        return (name, nil)
    }

    /// The type an implicit member expression (`.init(…)`) takes its meaning from, where the code states it: the
    /// element type of the array literal it stands in, from the annotation of the variable that array
    /// initializes or is returned as (`static var appShortcuts: [AppShortcut] = [.init(…)]`, or `{ [.init(…)] }`).
    /// Nil where only type inference could tell (nothing is guessed).
    func contextualType(of node: FunctionCallExprSyntax) -> String? {
        guard let array = node.parent?.as(ArrayElementSyntax.self)?.parent?.parent?.as(ArrayExprSyntax.self) else { return nil }
        var current: Syntax? = array.parent
        while let syntax = current {
            if let binding = syntax.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation?.type.as(ArrayTypeSyntax.self)?.element.trimmedDescription
            }
            if let function = syntax.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause?.type.as(ArrayTypeSyntax.self)?.element.trimmedDescription
            }
            // Only through what hands the array on unchanged: a return, a closure or accessor body, a code block.
            guard syntax.is(ReturnStmtSyntax.self) || syntax.is(CodeBlockItemSyntax.self) || syntax.is(CodeBlockItemListSyntax.self)
                || syntax.is(CodeBlockSyntax.self) || syntax.is(AccessorBlockSyntax.self) || syntax.is(InitializerClauseSyntax.self)
            else { return nil }
            current = syntax.parent
        }
        return nil
    }

    // MARK: Handled types: comparisons and switches

    /// Operators that bind looser than `==`: they end a comparison's operand.
    static let looserOperators: Set<String> = ["&&", "||", "==", "!=", "===", "!==", "~=", "<", ">", "<=", ">="]

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        recordIntentCasts(elements)
        for (index, element) in elements.enumerated() {
            guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "!=" else { continue }
            let left = operand(elements, from: index - 1, step: -1)
            let right = operand(elements, from: index + 1, step: 1)
            guard !left.isEmpty, !right.isEmpty else { continue }
            let other: [ExprSyntax]
            if left.count == 1, isActivityType(left[0]) {
                other = right
            } else if right.count == 1, isActivityType(right[0]) {
                other = left
            } else {
                continue
            }
            // Two activities' types compared with each other (`a.activityType == b.activityType`, both read from
            // values) name no type.
            if left.count == 1, right.count == 1, Self.isActivityTypeOfAValue(left[0]), Self.isActivityTypeOfAValue(right[0]) { continue }
            let value = Self.comparedWithAString(bindingParameters(other.count == 1 ? ValueExpressionReader.read(other[0]) : ValueExpressionReader.readSequence(other)))
            let written = WrittenValue(written: text(from: other[0], to: other[other.count - 1]), expression: value,
                                       context: scopes, offset: other[0].positionAfterSkippingLeadingTrivia.utf8Offset)
            scan.activitySites.append(FoundActivitySite(kind: .comparison, value: written, position: position(other[0])))
        }
        return .visitChildren
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        recordIntentCases(node)
        // A local named `activityType` that holds `Enum(rawValue: …)` is read as the enum's cases, once.
        if recordEnumCases(node) { return .visitChildren }
        guard isActivityType(node.subject) else { return .visitChildren }
        for element in node.cases {
            guard case .case(let label) = element.as(SwitchCaseSyntax.self)?.label else { continue }
            for item in label.caseItems {
                guard let expression = item.pattern.as(ExpressionPatternSyntax.self)?.expression else { continue }
                var value = written(expression)
                value.expression = Self.comparedWithAString(value.expression)
                scan.activitySites.append(FoundActivitySite(kind: .switchCase, value: value, position: position(expression)))
            }
        }
        return .visitChildren
    }
}
#endif
