import Diagnostics
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// Members: closures that initialize a variable or switch over an enum, getters, and App Intent parameters.
extension ScanningVisitor {
    /// The closure a variable is initialized by: `{ … }` itself or `{ … }()` called at once without arguments.
    static func initializingClosure(_ value: ExprSyntax) -> ClosureExprSyntax? {
        if let closure = value.as(ClosureExprSyntax.self) { return closure }
        guard let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
              call.additionalTrailingClosures.isEmpty else { return nil }
        return call.calledExpression.as(ClosureExprSyntax.self)
    }

    /// The variable a closure initializes (``initializingClosure(_:)``): its body is a scope named `name()`, so
    /// its locals are found from its returns and are no members of the enclosing type.
    static func initializedVariable(by closure: ClosureExprSyntax) -> String? {
        var value = ExprSyntax(closure)
        if let call = closure.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == closure.id { value = ExprSyntax(call) }
        guard initializingClosure(value)?.id == closure.id,
              let binding = value.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) else { return nil }
        return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// A closure passed to a method of `T.allCases` (`contains(where:)`, `first(where:)`, `filter`): its first
    /// parameter (`$0` or named) is each case of `T`.
    static func caseClosure(_ node: ClosureExprSyntax) -> (parameter: String, enumPath: [String])? {
        var parent = node.parent
        if parent?.is(LabeledExprSyntax.self) == true { parent = parent?.parent?.parent }  // past the argument list, to the call
        guard let call = parent?.as(FunctionCallExprSyntax.self),
              let method = call.calledExpression.as(MemberAccessExprSyntax.self),
              let allCases = method.base.map(ValueExpressionReader.unwrapped)?.as(MemberAccessExprSyntax.self),
              allCases.declName.baseName.text == "allCases", let type = allCases.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
              type.first?.isUppercase == true else { return nil }
        var parameter = "$0"
        if let clause = node.signature?.parameterClause {
            switch clause {
            case .simpleInput(let names): if let first = names.first { parameter = first.name.text }
            case .parameterClause(let list): if let first = list.parameters.first { parameter = (first.secondName ?? first.firstName).text }
            @unknown default: break
            }
        }
        return (parameter, [type])
    }

    func getterBody(_ block: AccessorBlockSyntax?) -> CodeBlockItemListSyntax? {
        guard let block else { return nil }
        switch block.accessors {
        case .getter(let items): return items
        case .accessors(let accessors):
            return accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        @unknown default: return nil
        }
    }

    func parameter(name: String, binding: PatternBindingSyntax, attribute: AttributeSyntax) -> IntentParameterFact {
        let type = binding.typeAnnotation?.type
        var baseType = type?.trimmedDescription ?? ""
        var optional = false
        if let wrapped = type?.as(OptionalTypeSyntax.self) {
            baseType = wrapped.wrappedType.trimmedDescription
            optional = true
        } else if let wrapped = type?.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            baseType = wrapped.wrappedType.trimmedDescription
            optional = true
        } else if let generic = type?.as(IdentifierTypeSyntax.self), generic.name.text == "Optional",
                  let argument = generic.genericArgumentClause?.arguments.first {
            baseType = argument.argument.trimmedDescription
            optional = true
        }
        var title: SwiftValue?
        if case .argumentList(let arguments) = attribute.arguments,
           let argument = arguments.first(where: { $0.label?.text == "title" }) {
            let value = ValueExpressionReader.read(argument.expression)
            var resolved: String?
            if case .literal(let text) = value { resolved = text }
            title = SwiftValue(written: argument.expression.trimmedDescription, resolved: resolved)
        }
        return IntentParameterFact(name: name, type: type?.trimmedDescription ?? "", baseType: baseType,
                                   optional: optional, title: title, position: position(binding.pattern))
    }
}
#endif
