import Diagnostics
import Foundation
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// Names: what a name, a declared function or property, or a member stands for, within the step and depth budget.
extension ManifestInterpreter {
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
}
#endif
