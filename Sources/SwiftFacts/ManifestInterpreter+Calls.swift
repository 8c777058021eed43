import Diagnostics
import Foundation
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// Calls, and the key paths and closures passed to them, evaluated within the step and depth budget.
extension ManifestInterpreter {
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
