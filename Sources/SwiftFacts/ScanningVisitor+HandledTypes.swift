import Diagnostics
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// Handled types: whether an expression is an activity type, and what it is compared with.
extension ScanningVisitor {
    /// `….activityType` or a variable named `activityType` / `userActivityType`.
    func isActivityType(_ expression: ExprSyntax) -> Bool {
        let current = ValueExpressionReader.unwrapped(expression)
        if let member = current.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text == "activityType" }
        if let reference = current.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            guard name == "activityType" || name == "userActivityType", !isOtherActivityTypeParameter(name) else { return false }
            // A bare name is a parameter or local of the function, or `self.activityType`: inside a type other than
            // NSUserActivity (an extension or a subclass of it) that is the type's own property, whatever it holds.
            if functions.last?.parameters[name] != nil || name == "userActivityType" { return true }
            return isInNSUserActivityOrNoType || functions.last?.locals.contains(name) == true
        }
        return false
    }

    /// Code outside any type, or in `NSUserActivity`'s extension or a subclass of it.
    var isInNSUserActivityOrNoType: Bool {
        guard let index = currentTypeIndex else { return typeScopes.isEmpty }
        let type = scan.types[index]
        return type.name.split(separator: ".").last == "NSUserActivity" || type.inherited.contains("NSUserActivity")
    }

    /// `x.activityType` / `x?.y.activityType` read from a value (its root a lowercase name or `$0`), not from a
    /// type (`Self.activityType`, `Bundle.main.activityType`).
    static func isActivityTypeOfAValue(_ expression: ExprSyntax) -> Bool {
        guard let member = ValueExpressionReader.unwrapped(expression).as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "activityType", var base = member.base else { return false }
        while true {
            base = ValueExpressionReader.unwrapped(base)
            if let inner = base.as(MemberAccessExprSyntax.self), let next = inner.base { base = next; continue }
            break
        }
        guard let root = base.as(DeclReferenceExprSyntax.self)?.baseName.text, let first = root.first else { return false }
        return first.isLowercase || first == "$"
    }

    /// What is compared with `activityType`, a `String`: an implicit member there (`== .open`, `case .open:`) is
    /// a static member of `String` (an `extension String`), never another type's enum case of that name.
    static func comparedWithAString(_ value: ValueExpression) -> ValueExpression {
        guard case .reference(let path, true) = value else { return value }
        return .reference(path: ["String"] + path, implicitMember: false)
    }

    /// The elements of one operand of the operator next to `start`, in source order.
    func operand(_ elements: [ExprSyntax], from start: Int, step: Int) -> [ExprSyntax] {
        var result: [ExprSyntax] = []
        var index = start
        while index >= 0, index < elements.count {
            let element = elements[index]
            if let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text, Self.looserOperators.contains(op) { break }
            if element.is(AssignmentExprSyntax.self) || element.is(UnresolvedTernaryExprSyntax.self) { break }
            result.append(element)
            index += step
        }
        return step < 0 ? result.reversed() : result
    }
}
#endif
