import Foundation
import Audit
import Compatibility
import Diagnostics
import SwiftFacts
import Testing
import TestSupport

/// Every `diff` rule's examples (CompatibilityRules.swift): BASE and HEAD fragments are audited as audit examples
/// are, their surfaces compared by ``CompatibilityCheck``; a triggering example raises the rule, at its declared
/// severity, at each `↓` of BASE (HEAD's `↓` for a finding about HEAD); a non-triggering one does not raise it.
@Suite("diff rule examples", .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct CompatibilityRuleExamplesTests {
    static let ids = CompatibilityRules.all.map(\.id.rawValue)

    func surface(_ files: [RuleExample.File], _ arguments: [String]) throws -> (RuleExampleRepository, Surface) {
        let repository = try RuleExampleRepository(files: files.map { ($0.path, $0.text) }, arguments: arguments)
        let report = try Auditor(root: repository.root).run()
        #expect(report.projects.first?.targets.isEmpty == false, "an example side audits no target")
        return (repository, Surface(report: report, root: repository.root))
    }

    func findings(_ example: RuleExample, _ rule: Diagnostic.Rule) throws -> (marked: [String], found: [Diagnostic]) {
        let (base, baseSurface) = try surface(example.baseFiles, example.baseArguments)
        let (head, headSurface) = try surface(example.files, example.arguments)
        let found = CompatibilityCheck(base: baseSurface, head: headSurface).findings().map(\.diagnostic).filter { $0.rule == rule }
        return (base.marked + head.marked, found)
    }

    @Test("every diff rule has a triggering and a non-triggering example", arguments: ids)
    func examplesAreDeclared(_ id: String) throws {
        let rule = try #require(CompatibilityRules.description(of: Diagnostic.Rule(rawValue: id)))
        RuleExampleChecks.expectDeclared(rule)
    }

    @Test("diff raises each rule where its examples say", arguments: ids)
    func examplesRun(_ id: String) throws {
        let rule = try #require(CompatibilityRules.description(of: Diagnostic.Rule(rawValue: id)))
        try RuleExampleChecks.expectRaisedWhereMarked(rule) { example in try findings(example, rule.id) }
    }
}
