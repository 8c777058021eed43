import Foundation
#if SWIFT_FACTS_PARSER
@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax
#endif

/// A `handle(intent:)` of a SiriKit intent handler: the method the system called to run a custom intent, which a
/// converted App Intent's `perform()` can call while both ship (`activity-bridge convert`).
package struct SwiftIntentHandlerMethod: Hashable, Sendable {
    /// The class (or the type an extension extends) declaring it.
    package var typeName: String
    /// The type of its `intent:` parameter as written (`OrderSoupIntent`).
    package var intentType: String
    /// `handle(intent:completion:)` rather than `func handle(intent:) async`.
    package var usesCompletion: Bool
    package var line: Int
}

/// Reads Swift sources with SwiftParser for what `convert` needs beyond the audit's facts: the legacy intent
/// handlers, and whether a source parses at all.
package enum SwiftIntentSources {
    /// Every `handle(intent:)` / `handle(intent:completion:)` declared in a class or an extension of `source`.
    package static func handlers(in source: String) -> [SwiftIntentHandlerMethod] {
        #if SWIFT_FACTS_PARSER
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var found: [SwiftIntentHandlerMethod] = []
        func collect(_ members: MemberBlockItemListSyntax, typeName: String) {
            for member in members {
                guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "handle" else { continue }
                let parameters = Array(function.signature.parameterClause.parameters)
                guard let first = parameters.first, first.firstName.text == "intent" else { continue }
                let intentType = first.type.trimmedDescription
                let completion = parameters.count == 2 && parameters[1].firstName.text == "completion"
                let isAsync = function.signature.effectSpecifiers?.asyncSpecifier != nil
                guard (parameters.count == 1 && isAsync) || completion else { continue }
                found.append(SwiftIntentHandlerMethod(
                    typeName: typeName, intentType: intentType, usesCompletion: completion,
                    line: converter.location(for: function.positionAfterSkippingLeadingTrivia).line))
            }
        }
        for statement in tree.statements {
            if let type = statement.item.as(ClassDeclSyntax.self) {
                collect(type.memberBlock.members, typeName: type.name.text)
            } else if let type = statement.item.as(ExtensionDeclSyntax.self) {
                collect(type.memberBlock.members, typeName: type.extendedType.trimmedDescription)
            }
        }
        return found
        #else
        return []
        #endif
    }

    /// True when SwiftParser reads `source` without a missing or unexpected token (what its diagnostics report);
    /// nil without the parser.
    package static func parsesCleanly(_ source: String) -> Bool? {
        #if SWIFT_FACTS_PARSER
        return !Parser.parse(source: source).hasError
        #else
        return nil
        #endif
    }
}
