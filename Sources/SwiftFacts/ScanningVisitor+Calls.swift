import Diagnostics
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftSyntax

/// Calls the scanner records: `NSUserActivity(…)` creations, continuation handlers and modifiers, and
/// `AppShortcut(…)` declarations.
extension ScanningVisitor {
    func visitCall(_ node: FunctionCallExprSyntax, name: String, base: ExprSyntax?) -> SyntaxVisitorContinueKind {
        let first = node.arguments.first
        switch name {
        case "NSUserActivity":
            guard let first, first.label?.text == "activityType" else { break }
            var site = FoundActivitySite(kind: .activityInitializer, value: written(first.expression), position: position(first.expression))
            if let (variable, following) = assignedVariable(of: node) {
                site.record(userInfoWrites(to: variable, in: following))
            }
            scan.activitySites.append(site)
        case "userActivity":
            // SwiftUI's modifier always takes its closure; a method of the app's own of that name does not count.
            guard let first, first.label == nil, hasClosure(node) else { break }
            var site = FoundActivitySite(kind: .userActivityModifier, value: written(first.expression), position: position(first.expression))
            if let closure = node.trailingClosure ?? node.arguments.last?.expression.as(ClosureExprSyntax.self) {
                let variable = closureParameter(closure, shorthand: node.arguments.contains { $0.label?.text == "element" } ? "$1" : "$0")
                site.record(userInfoWrites(to: variable, in: Array(closure.statements)))
            }
            scan.activitySites.append(site)
        case "onContinueUserActivity":
            guard let first, first.label == nil, hasClosure(node) else { break }
            scan.activitySites.append(FoundActivitySite(kind: .onContinueUserActivity, value: written(first.expression),
                                                        position: position(first.expression)))
        case "contains":
            guard let array = base?.as(ArrayExprSyntax.self), node.arguments.count == 1, let first,
                  first.label == nil, isActivityType(first.expression) else { break }
            for element in array.elements {
                scan.activitySites.append(FoundActivitySite(kind: .containsCheck, value: written(element.expression),
                                                            position: position(element.expression)))
            }
        case "AppShortcut":
            guard node.arguments.contains(where: { $0.label?.text == "intent" }) else { break }
            scan.shortcuts.append(shortcut(node))
        default:
            break
        }
        return .visitChildren
    }

    /// A trailing closure, or a last argument that is a closure or labeled `perform:`.
    func hasClosure(_ node: FunctionCallExprSyntax) -> Bool {
        guard node.trailingClosure == nil else { return true }
        guard node.arguments.count > 1, let last = node.arguments.last else { return false }
        return last.label?.text == "perform" || last.expression.is(ClosureExprSyntax.self)
    }

    func shortcut(_ node: FunctionCallExprSyntax) -> FoundShortcut {
        var found = FoundShortcut(intent: "", position: position(node.calledExpression), enclosingTypes: [], phrases: [])
        var qualified: [String] = []
        for scope in typeScopes {
            qualified.append(scope)
            found.enclosingTypes.append(qualified.joined(separator: "."))
        }
        for argument in node.arguments {
            switch argument.label?.text {
            case "intent":
                if let call = argument.expression.as(FunctionCallExprSyntax.self) {
                    found.intent = call.calledExpression.trimmedDescription
                } else {
                    found.intent = argument.expression.trimmedDescription
                }
                // `intent: Self()` in the intent's own AppShortcutsProvider extension names the enclosing type.
                if found.intent == "Self", let enclosing = typeScopes.last { found.intent = enclosing }
            case "phrases":
                guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                    found.phrases.append(ShortcutPhraseFact(text: argument.expression.trimmedDescription, isLiteral: false,
                                                            position: position(argument.expression)))
                    continue
                }
                for element in array.elements {
                    let expression = element.expression
                    if let literal = expression.as(StringLiteralExprSyntax.self) {
                        found.phrases.append(ShortcutPhraseFact(text: literal.segments.trimmedDescription, isLiteral: true,
                                                                position: position(literal)))
                    } else {
                        found.phrases.append(ShortcutPhraseFact(text: expression.trimmedDescription, isLiteral: false,
                                                                position: position(expression)))
                    }
                }
            case "shortTitle": found.shortTitle = written(argument.expression)
            case "systemImageName": found.systemImageName = written(argument.expression)
            default: break
            }
        }
        return found
    }
}
#endif
