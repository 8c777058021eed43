import Foundation
import Testing
import BuildSettings
import Diagnostics
import PropertyList
import TestSupport
import XcodeProject

/// Every project, build-setting, xcconfig and XcodeGen rule's examples (ProjectRules.swift, BuildSettings'
/// XCConfigRules.swift), written as a repository (``RuleExampleRepository``) and read by the reader that raises
/// them: `project.yml` by ``XcodeGenSpecReader``, else `Shop.xcodeproj` by ``XcodeProjectReader`` (then each
/// target's settings evaluated, for the configuration `--configuration NAME` gives, and the configuration it ships
/// with chosen), else `Config/Base.xcconfig`
/// by ``XCConfigReader``. A triggering example raises the rule, at its declared severity, at its `↓`; a
/// non-triggering one does not.
@Suite("project rule examples")
struct ProjectRuleExamplesTests {
    static let ids = ProjectRules.all.map(\.id.rawValue)

    func check(_ example: RuleExample) throws -> (marked: [String], diagnostics: [Diagnostic]) {
        let repository = try RuleExampleRepository(files: example.files.map { ($0.path, $0.text) })
        let files = ProjectFiles(root: repository.root)
        var configuration: String?
        if let index = example.arguments.firstIndex(of: "--configuration") { configuration = example.arguments[index + 1] }
        let paths = example.files.map(\.path)
        var diagnostics: [Diagnostic] = []
        if paths.contains("project.yml") || paths.contains("Shop.xcodeproj/project.pbxproj") {
            do throws(XcodeProjectReadError) {
                let project = paths.contains("project.yml")
                    ? try XcodeGenSpecReader(files: files).read("project.yml")
                    : try XcodeProjectReader(files: files).read("Shop.xcodeproj")
                diagnostics = project.diagnostics
                for target in project.targets {
                    diagnostics += project.buildSettings(for: target, configuration: configuration).diagnostics
                    // The configuration the target ships with, from its shared schemes (project-schemes-disagree).
                    diagnostics += project.shippingConfiguration(for: target, requested: configuration).diagnostics
                }
            } catch {
                diagnostics = error.diagnostics
            }
        } else {
            let file = try #require(XCConfigReader(files: files).read("Config/Base.xcconfig", level: .projectXcconfig))
            diagnostics = file.diagnostics
        }
        return (repository.marked, diagnostics)
    }

    @Test("every project rule has a triggering and a non-triggering example", arguments: ids)
    func examplesAreDeclared(_ id: String) throws {
        let rule = try #require(ProjectRules.named(Diagnostic.Rule(rawValue: id)))
        RuleExampleChecks.expectDeclared(rule)
    }

    @Test("the readers raise each rule where its examples say", arguments: ids)
    func examplesRun(_ id: String) throws {
        let rule = try #require(ProjectRules.named(Diagnostic.Rule(rawValue: id)))
        try RuleExampleChecks.expectRaisedWhereMarked(rule) { example in try check(example) }
    }
}
