import Diagnostics
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftSyntax

/// A parameter of an open function: what a value written as its name flows from.
struct FunctionParameter: Sendable {
    /// The argument label callers write (nil for `_`).
    var label: String?
    /// Its position among the function's parameters, from 0.
    var index: Int
    /// The type as written, without an optional marker (`ShortcutType`, `INIntent`).
    var type: String?
}

/// An open function or initializer: its parameters, and what its locals are known to hold.
struct OpenFunction: Sendable {
    var name: String
    /// The type it is a member of (nil for a free function), its name and its labels: what its calls are matched by.
    var key: FunctionKey
    var parameters: [String: FunctionParameter]
    /// `handler(for:)` (an Intents extension), `application(_:handlerFor:)`, or an Intents UI extension's
    /// `configureView(for:of:…)`: a cast of an intent there picks a handler or a view; no activity is continued.
    var dispatchesIntents: Bool
    /// Locals and parameters that hold an `INIntent` (`let intent = activity.interaction?.intent`).
    var intentNames: Set<String> = []
    /// The names of its locals declared so far.
    var locals: Set<String> = []
    /// Locals whose type, annotated, cast to or constructed, is another than `String` (`let activityType =
    /// Motion(…)`, `as? Motion`): a comparison of one compares no activity's type.
    var otherTypedLocals: Set<String> = []
    /// Locals that hold `Enum(rawValue: ….activityType)`, with the enum's name.
    var activityEnums: [String: String] = [:]
    /// Generic parameters constrained to a protocol (`<T: Restorable>`): `T.member` is a member of a conformer.
    var genericConstraints: [String: String] = [:]
}

/// Values that flow through parameters and locals: a site's value written as a parameter of its function,
/// intents reached through locals and casts, and activity types mapped to an enum by `init(rawValue:)`.
extension ScanningVisitor {
    func openFunction(_ name: String, _ parameters: FunctionParameterListSyntax, generics: GenericParameterClauseSyntax?) {
        var found: [String: FunctionParameter] = [:]
        var intentNames: Set<String> = []
        var labels: [String?] = []
        for (index, parameter) in parameters.enumerated() {
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            labels.append(label)
            let local = (parameter.secondName ?? parameter.firstName).text
            let type = Self.baseTypeName(parameter.type)
            found[local] = FunctionParameter(label: label, index: index, type: type)
            if type == "INIntent" { intentNames.insert(local) }
        }
        // Intents UI's `configureView(for:of:…)` / `configure(with:…)` draw the extension's own interaction.
        let drawsInteraction = name.hasPrefix("configure") && found.values.contains { $0.type == "INInteraction" }
        let dispatches = (name == "handler" && labels.first == "for") || labels.contains("handlerFor") || drawsInteraction
        var constraints: [String: String] = [:]
        for generic in generics?.parameters ?? [] {
            if let constraint = generic.inheritedType.flatMap(Self.baseTypeName) { constraints[generic.name.text] = constraint }
        }
        let key = FunctionKey(owner: typeScopes.last, name: name, labels: labels)
        functions.append(OpenFunction(name: name, key: key, parameters: found, dispatchesIntents: dispatches, intentNames: intentNames,
                                      genericConstraints: constraints))
    }

    /// `T`, `T?`, `T!`, `Module.T` as `T`'s written name; nil for other types (tuples, closures, generics).
    static func baseTypeName(_ type: TypeSyntax) -> String? {
        if let optional = type.as(OptionalTypeSyntax.self) { return baseTypeName(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return baseTypeName(unwrapped.wrappedType) }
        if let attributed = type.as(AttributedTypeSyntax.self) { return baseTypeName(attributed.baseType) }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil {
            return member.baseType.trimmedDescription + "." + member.name.text
        }
        return nil
    }

    // MARK: Parameters

    /// `value` with each reference to a parameter of the innermost function replaced: the parameter itself by
    /// what its callers pass, a member of it (`type.identifier`) by that member of the parameter's type.
    func bindingParameters(_ value: ValueExpression) -> ValueExpression {
        // `$0.member` in a closure over `T.allCases` (`T.allCases.contains { $0.id == activityType }`): each case's.
        if case .reference(let path, false) = value, path.count == 2, let each = caseClosures.last, path[0] == each.parameter {
            return .eachCase(enumPath: each.enumPath, member: path[1])
        }
        guard let function = functions.last else { return value }
        switch value {
        case .reference(let path, false):
            if path.count > 1, let constraint = function.genericConstraints[path[0]] {
                return .reference(path: constraint.split(separator: ".").map(String.init) + path.dropFirst(), implicitMember: false)
            }
            guard let parameter = function.parameters[path[0]] else { return value }
            if path.count == 1 { return .argument(function: function.key, label: parameter.label, index: parameter.index) }
            guard let type = parameter.type, type.first?.isUppercase == true else { return value }
            return .reference(path: type.split(separator: ".").map(String.init) + path.dropFirst(), implicitMember: false)
        case .rawValue(let inner): return .rawValue(bindingParameters(inner))
        case .interpolated(let inner): return .interpolated(bindingParameters(inner))
        case .element(let inner, let index): return .element(bindingParameters(inner), index: index)
        case .concatenation(let parts): return .concatenation(parts.map(bindingParameters))
        case .coalescing(let a, let b): return .coalescing(bindingParameters(a), bindingParameters(b))
        default: return value
        }
    }

    /// Whether the innermost function has a parameter of this name whose type says it is no
    /// `NSUserActivity` type (a share sheet's `UIActivity.ActivityType` named `activityType`).
    func isOtherActivityTypeParameter(_ name: String) -> Bool {
        if functions.last?.otherTypedLocals.contains(name) == true { return true }
        guard let type = functions.last?.parameters[name]?.type else { return false }
        return !Self.isStringType(type)
    }

    /// `String` as Swift or Foundation writes it (an `NSUserActivity`'s `activityType` is one).
    static func isStringType(_ type: String) -> Bool { ["String", "Swift.String", "NSString", "Substring"].contains(type) }

    /// The type a local's declaration gives it when that is not `String`: an annotation, a cast (`as? T`), or a
    /// construction (`T(…)`, an uppercase callee).
    static func otherType(annotation: TypeSyntax?, value: ExprSyntax?) -> String? {
        if let annotation, let name = baseTypeName(annotation) { return isStringType(name) ? nil : name }
        guard var value else { return nil }
        value = unwrapped(value)
        if let sequence = value.as(SequenceExprSyntax.self), let last = Array(sequence.elements).last,
           sequence.elements.contains(where: { $0.is(UnresolvedAsExprSyntax.self) }),
           let type = last.as(TypeExprSyntax.self)?.type, let name = baseTypeName(type) {
            return isStringType(name) ? nil : name
        }
        if let call = value.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           callee.first?.isUppercase == true {
            return isStringType(callee) ? nil : callee
        }
        return nil
    }

    // MARK: Locals

    /// Remembers what a local holds when it matters: an intent, or an activity type mapped to an enum.
    func noteLocalBinding(_ name: String, type: TypeSyntax?, value: ExprSyntax?) {
        guard !functions.isEmpty else { return }
        functions[functions.count - 1].locals.insert(name)
        if Self.otherType(annotation: type, value: value) != nil { functions[functions.count - 1].otherTypedLocals.insert(name) }
        if let type, Self.baseTypeName(type) == "INIntent" {
            functions[functions.count - 1].intentNames.insert(name)
        } else if let value, holdsIntent(value) {
            functions[functions.count - 1].intentNames.insert(name)
        } else if let value, let enumName = activityEnum(value) {
            functions[functions.count - 1].activityEnums[name] = enumName
        }
    }

    /// `….interaction?.intent` (through `?` / `!`), or a local known to hold an intent.
    func holdsIntent(_ expression: ExprSyntax) -> Bool {
        let expression = Self.unwrapped(expression)
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return functions.last?.intentNames.contains(reference.baseName.text) ?? false
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "intent",
              let base = member.base.map(Self.unwrapped) else { return false }
        if let inner = base.as(MemberAccessExprSyntax.self) { return inner.declName.baseName.text == "interaction" }
        return base.as(DeclReferenceExprSyntax.self)?.baseName.text == "interaction"
    }

    /// `Enum(rawValue: ….activityType)` (through `?`, `!`, `try?`), or a local holding one: the enum's name.
    func activityEnum(_ expression: ExprSyntax) -> String? {
        var expression = Self.unwrapped(expression)
        if let tryExpression = expression.as(TryExprSyntax.self) { expression = Self.unwrapped(tryExpression.expression) }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return functions.last?.activityEnums[reference.baseName.text]
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
              let argument = call.arguments.first, argument.label?.text == "rawValue", isActivityType(argument.expression)
        else { return nil }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let path = ValueExpressionReader.referencePath(member) {
            return path.joined(separator: ".")
        }
        return nil
    }

    static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax { ValueExpressionReader.unwrapped(expression) }

    // MARK: Intents continued in the app

    /// `x as? T`, `x as! T`, `x is T` in an operator sequence, where `x` holds an intent: a handled site of the
    /// intent class `T`.
    func recordIntentCasts(_ elements: [ExprSyntax]) {
        guard functions.last?.dispatchesIntents == false else { return }
        for index in elements.indices.dropFirst() where index + 1 < elements.count {
            let element = elements[index]
            guard element.is(UnresolvedAsExprSyntax.self) || element.is(UnresolvedIsExprSyntax.self),
                  let type = elements[index + 1].as(TypeExprSyntax.self)?.type, holdsIntent(elements[index - 1]) else { continue }
            recordIntentClass(type)
        }
    }

    /// `case let x as T`, `case is T` of a `switch` over an intent.
    func recordIntentCases(_ node: SwitchExprSyntax) {
        guard functions.last?.dispatchesIntents == false, holdsIntent(node.subject) else { return }
        for element in node.cases {
            guard case .case(let label) = element.as(SwitchCaseSyntax.self)?.label else { continue }
            for item in label.caseItems {
                if let isType = item.pattern.as(IsTypePatternSyntax.self) {
                    recordIntentClass(isType.type)
                    continue
                }
                var pattern = item.pattern
                if let binding = pattern.as(ValueBindingPatternSyntax.self) { pattern = binding.pattern }
                guard let sequence = pattern.as(ExpressionPatternSyntax.self)?.expression.as(SequenceExprSyntax.self) else { continue }
                let parts = Array(sequence.elements)
                for index in parts.indices.dropLast() where parts[index].is(UnresolvedAsExprSyntax.self) {
                    if let type = parts[index + 1].as(TypeExprSyntax.self)?.type { recordIntentClass(type) }
                }
            }
        }
    }

    /// A handled site whose type is the intent class named by `type` (its last component), when that names an
    /// intent class (`…Intent`, not `INIntent` itself).
    private func recordIntentClass(_ type: TypeSyntax) {
        guard let name = Self.baseTypeName(type)?.split(separator: ".").last.map(String.init),
              name.hasSuffix("Intent"), name != "INIntent", name.count > "Intent".count else { return }
        let value = WrittenValue(written: type.trimmedDescription, expression: .literal(name), context: scopes,
                                 offset: type.positionAfterSkippingLeadingTrivia.utf8Offset)
        scan.activitySites.append(FoundActivitySite(kind: .intentCast, value: value, position: position(type)))
    }

    // MARK: Activity types mapped to an enum

    /// `case .open:` of a `switch Enum(rawValue: activity.activityType)` (or a local holding it): a handled
    /// site of that case's raw value.
    /// Returns whether the subject is such an enum.
    @discardableResult
    func recordEnumCases(_ node: SwitchExprSyntax) -> Bool {
        guard let enumName = activityEnum(node.subject) else { return false }
        for element in node.cases {
            guard case .case(let label) = element.as(SwitchCaseSyntax.self)?.label else { continue }
            for item in label.caseItems {
                guard let member = item.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MemberAccessExprSyntax.self) else { continue }
                let path = enumName.split(separator: ".").map(String.init) + [member.declName.baseName.text]
                let value = WrittenValue(written: member.trimmedDescription, expression: .rawValue(.reference(path: path, implicitMember: false)),
                                         context: scopes, offset: member.positionAfterSkippingLeadingTrivia.utf8Offset)
                scan.activitySites.append(FoundActivitySite(kind: .switchCase, value: value, position: position(member)))
            }
        }
        return true
    }
}
#endif
