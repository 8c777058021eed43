import Foundation
import Audit
import Diagnostics
import SwiftFacts
import Testing
import TestSupport

/// Every audit rule's examples (AuditRules.swift) through the real audit: a triggering example raises the rule, at
/// its declared severity, at each `↓`; a non-triggering one does not raise it.
@Suite("Audit rule examples", .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct AuditRuleExamplesTests {
    /// Rules whose examples need what a test here cannot set up, and why; their examples are still declared.
    static let notRunHere: [Diagnostic.Rule: String] = [
        .swiftSourceUnavailable: "fires only in a build without SwiftParser, where no Swift check runs",
        .objcSourceUnavailable: "fires only where no libclang can be loaded",
    ]

    /// Rules whose examples run only where clang is found.
    static let needsClang: Set<Diagnostic.Rule> = [
        .infoPlistPreprocessFailed, .infoPlistPrefixHeaderMissing, .infoPlistPreprocessorFlagIgnored,
    ]

    static let ids = AuditRules.audit.map(\.id.rawValue)

    func audit(_ example: RuleExample) throws -> (RuleExampleRepository, AuditReport) {
        let repository = try RuleExampleRepository(files: example.files.map { ($0.path, $0.text) }, arguments: example.arguments)
        var options = AuditOptions()
        if example.arguments.contains("--no-clang") { options.infoPlistPreprocessor = InfoPlistPreprocessor(clang: nil) }
        if example.arguments.contains("--emit-app-model") { options.buildsAppModels = true }
        if example.arguments.contains("--evaluate-manifests") { options.evaluatesManifests = true }
        return (repository, try Auditor(root: repository.root, options: options).run())
    }

    @Test("every audit rule has a triggering and a non-triggering example", arguments: ids)
    func examplesAreDeclared(_ id: String) throws {
        let rule = try #require(AuditRules.audit.first { $0.id.rawValue == id })
        RuleExampleChecks.expectDeclared(rule)
    }

    @Test("the audit raises each rule where its examples say", arguments: ids)
    func examplesRun(_ id: String) throws {
        let rule = try #require(AuditRules.audit.first { $0.id.rawValue == id })
        if Self.notRunHere[rule.id] != nil { return }
        if Self.needsClang.contains(rule.id), InfoPlistPreprocessor.toolchainClang == nil { return }
        let nonTriggering = Set(rule.nonTriggeringExamples)
        try RuleExampleChecks.expectRaisedWhereMarked(rule) { example in
            let (repository, report) = try audit(example)
            if nonTriggering.contains(example) {
                // Not quiet for want of a target: the example's project was read and its app target audited.
                #expect(report.projects.first?.targets.isEmpty == false, "\(id): a non-triggering example audits no target")
            }
            return (repository.marked, report.diagnostics.map(\.diagnostic))
        }
    }
}
