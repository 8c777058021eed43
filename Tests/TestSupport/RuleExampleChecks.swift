import Diagnostics
import Testing

/// The two checks every rule family's examples test makes, once (as SwiftLint's `verifyRule`): each family's
/// test says only how its checker reads an example.
public enum RuleExampleChecks {
    /// The rule has a triggering and a non-triggering example, and every triggering one marks its place.
    public static func expectDeclared(_ rule: RuleDescription, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(!rule.triggeringExamples.isEmpty, "\(rule.id) has no triggering example", sourceLocation: sourceLocation)
        #expect(!rule.nonTriggeringExamples.isEmpty, "\(rule.id) has no non-triggering example", sourceLocation: sourceLocation)
        for example in rule.triggeringExamples {
            #expect(example.isMarked, "\(rule.id): a triggering example marks no place", sourceLocation: sourceLocation)
        }
    }

    /// Each triggering example raises the rule exactly at its marked places (`FILE:LINE:COLUMN`), at the declared
    /// severity; no non-triggering example raises it. `check` runs the real checker on one example and gives the
    /// marked places and every finding.
    public static func expectRaisedWhereMarked(
        _ rule: RuleDescription, sourceLocation: Testing.SourceLocation = #_sourceLocation,
        by check: (RuleExample) throws -> (marked: [String], diagnostics: [Diagnostic])
    ) rethrows {
        for example in rule.triggeringExamples {
            let (marked, diagnostics) = try check(example)
            let found = diagnostics.filter { $0.rule == rule.id }
            #expect(found.map(\.location.description) == marked, "\(rule.id): \(diagnostics.map(\.description))",
                    sourceLocation: sourceLocation)
            #expect(found.allSatisfy { $0.severity == rule.severity }, "\(rule.id): not at its declared severity \(rule.severity)",
                    sourceLocation: sourceLocation)
        }
        for example in rule.nonTriggeringExamples {
            let (_, diagnostics) = try check(example)
            let found = diagnostics.filter { $0.rule == rule.id }
            #expect(found.isEmpty, "\(rule.id) fired on a non-triggering example: \(found.map(\.description))",
                    sourceLocation: sourceLocation)
        }
    }
}
