import Foundation
import Testing
import Diagnostics
import PropertyList
import TestSupport

/// PropertyList's rules' examples (PropertyListRules.swift), read by ``PropertyListReader``: a triggering example
/// raises the rule, at its declared severity, at its `↓`; a non-triggering one does not. (`validate` runs them
/// too, through its validator, in ValidationRuleExamplesTests.)
@Suite("PropertyList rule examples")
struct PropertyListRuleExamplesTests {
    static let ids = PropertyListRules.all.map(\.id.rawValue)

    func read(_ example: RuleExample) throws -> (marked: [String], diagnostics: [Diagnostic]) {
        let file = try #require(example.files.first)
        let text = MarkedText(file.text.replacingOccurrences(of: RuleExample.marker, with: "1️⃣"))
        let marked = text.position().map { ["\(file.path):\($0)"] } ?? []
        do throws(PropertyListReadError) {
            return (marked, try PropertyListReader().read(text.data, file: file.path).diagnostics)
        } catch {
            guard case let .invalid(diagnostic, warnings) = error else { throw error }
            return (marked, warnings + [diagnostic])
        }
    }

    @Test("every PropertyList rule has a triggering and a non-triggering example", arguments: ids)
    func examplesAreDeclared(_ id: String) throws {
        let rule = try #require(PropertyListRules.all.first { $0.id.rawValue == id })
        RuleExampleChecks.expectDeclared(rule)
    }

    @Test("the reader raises each rule where its examples say", arguments: ids)
    func examplesRun(_ id: String) throws {
        let rule = try #require(PropertyListRules.all.first { $0.id.rawValue == id })
        try RuleExampleChecks.expectRaisedWhereMarked(rule) { example in try read(example) }
    }
}
