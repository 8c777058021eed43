import Foundation
import ActivityBridge
import ActivityKit
import Audit
import Compatibility
import Diagnostics
import Testing
import TestSupport
import XcodeProject

/// The rule tables of the DocC articles are generated from the rules' descriptions: each checked-in table must be
/// what ``RuleTable`` makes of them. `ACTIVITY_BRIDGE_WRITE_RULE_TABLES=1` rewrites the articles instead.
@Suite("Rule tables of the docs", .serialized)
struct RuleTableTests {
    static let command = "ACTIVITY_BRIDGE_WRITE_RULE_TABLES=1 swift test --filter RuleTableTests"

    struct Table: Sendable, CustomTestStringConvertible {
        var article: String
        var name: String
        var rules: [RuleDescription]
        var testDescription: String { "\(name) in \(article)" }
    }

    static let tables = [
        Table(article: "Sources/ActivityKit/ActivityKit.docc/ValidateRules.md", name: "validate", rules: ValidationRules.all),
        Table(article: "Sources/ActivityBridgeCLI/ActivityBridgeCLI.docc/CommandLine.md", name: "audit", rules: AuditRules.audit),
        Table(article: "Sources/ActivityBridgeCLI/ActivityBridgeCLI.docc/CommandLine.md", name: "diff", rules: CompatibilityRules.all),
        Table(article: "Sources/ActivityBridge/ActivityBridge.docc/BridgeManifests.md", name: "manifest", rules: BridgeManifestRules.all),
        Table(article: "Sources/ActivityBridge/ActivityBridge.docc/AppModels.md", name: "app-model", rules: AppModelRules.all),
        Table(article: "Sources/XcodeProject/XcodeProject.docc/XcodeProject.md", name: "project", rules: ProjectRules.project),
        Table(article: "Sources/XcodeProject/XcodeProject.docc/XcodeProject.md", name: "xcodegen", rules: ProjectRules.xcodegen),
        Table(article: "Sources/XcodeProject/XcodeProject.docc/BuildSettingEvaluation.md", name: "xcconfig", rules: ProjectRules.xcconfig),
    ]

    @Test("the checked-in table is the generated one", arguments: tables)
    func tableIsGenerated(_ table: Table) throws {
        let url = TestPaths.inPackage(table.article)
        let document = try String(contentsOf: url, encoding: .utf8)
        let generated = try #require(RuleTable.replacing(table.name, in: document, with: RuleTable.markdown(table.rules)),
                                     "\(table.article) has no \(RuleTable.startMarker(table.name)) … \(RuleTable.endMarker)")
        if ProcessInfo.processInfo.environment["ACTIVITY_BRIDGE_WRITE_RULE_TABLES"] == "1" {
            if generated != document { try Data(generated.utf8).write(to: url) }
            return
        }
        #expect(generated == document, "the \(table.name) rule table of \(table.article) differs from the rules' descriptions; run: \(Self.command)")
    }
}
