import Foundation
import Testing
import ActivityKit
import BuildSettings
import Diagnostics
import PropertyList
import TestSupport

/// Every `validate` rule's examples (ValidationRule.swift) through ``ActivityTypeValidator``: a triggering example
/// raises the rule, at its declared severity, at each `↓`; a non-triggering one does not. Example arguments:
/// `--define NAME=VALUE`, `--handles TYPE` (a type the bridge manifest handles, as `--manifest` gives them) and
/// `--project` (settings of a project: an undefined one expands to empty, as in Xcode).
@Suite("validate rule examples")
struct ValidationRuleExamplesTests {
    static let ids = ValidationRules.all.map(\.id.rawValue)

    func validate(_ example: RuleExample) throws -> (marked: [String], result: ValidationResult) {
        let file = try #require(example.files.first)
        let text = MarkedText(file.text.replacingOccurrences(of: RuleExample.marker, with: "1️⃣"))
        var defines: [String: String] = [:]
        var handled: [ValidationInput.HandledType]?
        var project = false
        var index = 0
        while index < example.arguments.count {
            switch example.arguments[index] {
            case "--define":
                let pair = example.arguments[index + 1].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                defines[String(pair[0])] = pair.count > 1 ? String(pair[1]) : ""
                index += 2
            case "--handles":
                handled = (handled ?? []) + [ValidationInput.HandledType(example.arguments[index + 1])]
                index += 2
            case "--project":
                project = true
                index += 1
            default:
                Issue.record("unknown example argument \(example.arguments[index])")
                index += 1
            }
        }
        let settings = project ? BuildSettings(defines, options: .xcode) : BuildSettings(defines)
        let result = ActivityTypeValidator().validate(text.data, file: file.path, defines: settings, handledTypes: handled)
        return (text.position().map { ["\(file.path):\($0)"] } ?? [], result)
    }

    @Test("every validate rule has a triggering and a non-triggering example", arguments: ids)
    func examplesAreDeclared(_ id: String) throws {
        let rule = try #require(ValidationRules.named(Diagnostic.Rule(rawValue: id)))
        RuleExampleChecks.expectDeclared(rule)
    }

    @Test("validate raises each rule where its examples say", arguments: ids)
    func examplesRun(_ id: String) throws {
        let rule = try #require(ValidationRules.named(Diagnostic.Rule(rawValue: id)))
        try RuleExampleChecks.expectRaisedWhereMarked(rule) { example in
            let (marked, result) = try validate(example)
            return (marked, result.diagnostics)
        }
    }
}
