import Diagnostics
import ValueFlow
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftSyntax

/// The userInfo keys written at an activity's creation site: the variable the activity is bound to,
/// and the `userInfo` / `requiredUserInfoKeys` writes to it in the statements after.
extension ScanningVisitor {
    /// The variable an `NSUserActivity(…)` is bound or assigned to, and the statements after it in its block.
    func assignedVariable(of call: FunctionCallExprSyntax) -> (String, [CodeBlockItemSyntax])? {
        var variable: String?
        var node = Syntax(call)
        while let parent = node.parent {
            if variable == nil {
                if let binding = parent.as(PatternBindingSyntax.self) {
                    variable = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                    if variable == nil { return nil }
                } else if let sequence = parent.as(SequenceExprSyntax.self) {
                    let elements = Array(sequence.elements)
                    guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                          elements[2].position <= call.position, call.endPosition <= elements[2].endPosition else { return nil }
                    let target = elements[0].trimmedDescription
                    variable = target.hasPrefix("self.") ? String(target.dropFirst(5)) : target
                }
            }
            if let item = parent.as(CodeBlockItemSyntax.self) {
                guard let variable, let list = item.parent?.as(CodeBlockItemListSyntax.self),
                      let index = list.firstIndex(where: { $0.id == item.id }) else { return nil }
                return (variable, Array(list[list.index(after: index)...]))
            }
            if parent.is(ClosureExprSyntax.self) || parent.is(MemberBlockItemSyntax.self) { return nil }
            node = parent
        }
        return nil
    }

    func closureParameter(_ closure: ClosureExprSyntax, shorthand: String) -> String {
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?: return names.last?.name.text ?? shorthand
        case .parameterClause(let clause)?: return clause.parameters.last?.firstName.text ?? shorthand
        case nil: return shorthand
        @unknown default: return shorthand
        }
    }

    /// The `userInfo` keys and `requiredUserInfoKeys` these statements write to `variable`: assignments of a
    /// dictionary or array literal, `variable.userInfo?["key"] = …`, `variable.addUserInfoEntries(from: [...])`.
    /// A write this cannot read makes that half unknown (nil); the values written with the keys come with them,
    /// and `suggestedInvocationPhrase` when assigned.
    func userInfoWrites(to variable: String, in statements: [CodeBlockItemSyntax]) -> CreationWrites {
        var phrase: WrittenValue?
        var keys: [WrittenValue] = [], keysKnown = true, keysWritten = false
        var values: [FoundUserInfoValue] = []
        func entry(_ key: ExprSyntax, _ value: ExprSyntax) -> FoundUserInfoValue {
            let kind = Self.userInfoValueKind(value) ?? Self.declaredKind(of: ValueExpressionReader.unwrapped(value), depth: 0)
            return FoundUserInfoValue(key: written(key), value: written(value), kind: kind, line: position(value).line)
        }
        var required: [WrittenValue] = [], requiredKnown = true, requiredWritten = false
        func names(_ base: ExprSyntax?) -> Bool {
            guard var text = base?.trimmedDescription else { return false }
            while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
            if text.hasPrefix("self.") { text.removeFirst(5) }
            return text == variable
        }
        func property(_ expression: ExprSyntax) -> String? {
            var current = expression
            while let inner = current.as(OptionalChainingExprSyntax.self)?.expression ?? current.as(ForceUnwrapExprSyntax.self)?.expression {
                current = inner
            }
            guard let member = current.as(MemberAccessExprSyntax.self), names(member.base) else { return nil }
            return member.declName.baseName.text
        }
        func dictionaryEntries(_ expression: ExprSyntax) -> [FoundUserInfoValue]? {
            guard let dictionary = expression.as(DictionaryExprSyntax.self) else { return nil }
            guard case .elements(let elements) = dictionary.content else { return [] }
            return elements.map { entry($0.key, $0.value) }
        }
        func arrayElements(_ expression: ExprSyntax) -> [WrittenValue]? {
            if let array = expression.as(ArrayExprSyntax.self) { return array.elements.map { written($0.expression) } }
            if let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Set",
               call.arguments.count == 1, let only = call.arguments.first { return arrayElements(only.expression) }
            return nil
        }
        for statement in statements {
            let expression = statement.item.as(ExprSyntax.self) ?? statement.item.as(ExpressionStmtSyntax.self)?.expression
            if let call = expression?.as(FunctionCallExprSyntax.self),
               let member = call.calledExpression.as(MemberAccessExprSyntax.self), names(member.base),
               member.declName.baseName.text == "addUserInfoEntries", let argument = call.arguments.first {
                keysWritten = true
                if let added = dictionaryEntries(argument.expression) { keys += added.map(\.key); values += added } else { keysKnown = false }
                continue
            }
            guard let sequence = expression?.as(SequenceExprSyntax.self) else { continue }
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { continue }
            let target = elements[0], value = elements[2]
            if let subscriptCall = target.as(SubscriptCallExprSyntax.self), property(subscriptCall.calledExpression) == "userInfo" {
                keysWritten = true
                if let key = subscriptCall.arguments.first, subscriptCall.arguments.count == 1 {
                    keys.append(written(key.expression))
                    values.append(entry(key.expression, value))
                } else {
                    keysKnown = false
                }
                continue
            }
            switch property(target) {
            case "userInfo":
                keysWritten = true
                if let assigned = dictionaryEntries(value) { keys = assigned.map(\.key); values = assigned; keysKnown = true } else { keysKnown = false }
            case "suggestedInvocationPhrase":
                phrase = written(value)
            case "requiredUserInfoKeys":
                requiredWritten = true
                if let assigned = arrayElements(value) { required = assigned; requiredKnown = true } else { requiredKnown = false }
            default:
                break
            }
        }
        let known = keysWritten && keysKnown
        return CreationWrites(userInfoKeys: known ? keys : nil, requiredUserInfoKeys: requiredWritten && requiredKnown ? required : nil,
                              userInfoValues: known ? values : nil, suggestedInvocationPhrase: phrase)
    }

    /// The kind a `userInfo` value's syntax alone tells: a literal (a string, also interpolated; an integer, a
    /// float, possibly negated; a Boolean), `x as T` of such a type, and expressions whose type Foundation fixes
    /// whatever the receiver: `.uuidString` / `.absoluteString` (String), `String(…)`, `URL(…)` and `Date(…)`
    /// (failable initializers included: the value, when there is one, is of that type). Anything else is nil: the
    /// caller then tries the declaration it names (ScanningVisitor+DeclaredKinds.swift), then the value flow.
    static func userInfoValueKind(_ expression: ExprSyntax) -> UserInfoValueKind? {
        let expression = ValueExpressionReader.unwrapped(expression)
        if expression.is(StringLiteralExprSyntax.self) { return .string }
        if expression.is(IntegerLiteralExprSyntax.self) { return .integer }
        if expression.is(FloatLiteralExprSyntax.self) { return .double }
        if expression.is(BooleanLiteralExprSyntax.self) { return .bool }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            if prefix.expression.is(IntegerLiteralExprSyntax.self) { return .integer }
            if prefix.expression.is(FloatLiteralExprSyntax.self) { return .double }
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           let cast = Array(sequence.elements)[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
           let type = Array(sequence.elements).last?.as(TypeExprSyntax.self) {
            return kind(ofType: type.type)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil,
           ["uuidString", "absoluteString"].contains(member.declName.baseName.text) {
            return .string
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            switch callee.baseName.text {
            case "String": return .string
            case "URL": return .url
            case "Date": return .date
            default: return nil
            }
        }
        return nil
    }
}
#endif
