import Foundation
import Testing
import ActivityBridge
import Diagnostics
import IntentKit
import PropertyList
import TestSupport

/// A rule example's one file without its `↓`: the text, and `FILE:LINE:COLUMN` of the `↓` (empty when unmarked).
private func unmarked(_ example: RuleExample) throws -> (file: String, data: Data, marked: [String]) {
    let file = try #require(example.files.first)
    let text = MarkedText(file.text.replacingOccurrences(of: RuleExample.marker, with: "1️⃣"))
    return (file.path, text.data, text.position().map { ["\(file.path):\($0)"] } ?? [])
}

/// Runs `rules`' examples through `check` (what the real reader raises for a file): a triggering example raises
/// the rule, at its declared severity, at its `↓`; a non-triggering one does not.
/// Every example of `rule` through `check` (a file's name and its bytes, unmarked), as RuleExampleChecks does.
private func runExamples(of rule: RuleDescription, _ check: (String, Data) throws -> [Diagnostic]) throws {
    try RuleExampleChecks.expectRaisedWhereMarked(rule) { example in
        let (file, data, marked) = try unmarked(example)
        return (marked, try check(file, data))
    }
}

/// Every bridge-manifest rule's examples (Diagnostic+BridgeRules.swift): read by ``BridgeManifestReader`` and, when
/// it gives a manifest, checked by ``BridgeManifestChecker`` against the Walk Mate sample's intents.
/// `manifest-unknown-app` is raised by the command line, which looks the app up among those it knows: its
/// examples are declared but not run here (the command-line tests cover it).
@Suite("bridge manifest rule examples", .serialized)
struct BridgeManifestRuleExamplesTests {
    static let ids = BridgeManifestRules.all.map(\.id.rawValue)
    static let raisedByTheCommandLine: Set<Diagnostic.Rule> = [.manifestUnknownApp]

    @Test("every manifest rule has a triggering and a non-triggering example", arguments: ids)
    func examplesAreDeclared(_ id: String) throws {
        RuleExampleChecks.expectDeclared(try #require(BridgeManifestRules.named(Diagnostic.Rule(rawValue: id))))
    }

    @Test("reading and checking a manifest raise each rule where its examples say", arguments: ids)
    func examplesRun(_ id: String) throws {
        let rule = try #require(BridgeManifestRules.named(Diagnostic.Rule(rawValue: id)))
        guard !Self.raisedByTheCommandLine.contains(rule.id) else { return }
        let registries = try SampleRegistries()
        try runExamples(of: rule) { file, data in
            let reading = BridgeManifestReader().read(data, file: file)
            guard let manifest = reading.manifest else { return reading.diagnostics }
            return reading.diagnostics + BridgeManifestChecker(catalog: registries.walkMateCatalog).check(manifest)
        }
    }
}

/// Every app-model rule's examples (Diagnostic+AppModelRules.swift), read by ``AppModelReader``.
@Suite("app model rule examples")
struct AppModelRuleExamplesTests {
    static let ids = AppModelRules.all.map(\.id.rawValue)

    @Test("every app-model rule has a triggering and a non-triggering example", arguments: ids)
    func examplesAreDeclared(_ id: String) throws {
        RuleExampleChecks.expectDeclared(try #require(AppModelRules.named(Diagnostic.Rule(rawValue: id))))
    }

    @Test("reading an app model raises each rule where its examples say", arguments: ids)
    func examplesRun(_ id: String) throws {
        let rule = try #require(AppModelRules.named(Diagnostic.Rule(rawValue: id)))
        try runExamples(of: rule) { file, data in AppModelReader().read(data, file: file).diagnostics }
    }
}

/// The replay-script rule's examples (ReplayScriptError.swift), read as ``ReplayScript/init(contentsOf:)`` reads a
/// script: a property list with locations, then ``ReplayScript/init(root:file:locations:)``.
@Suite("replay script rule examples")
struct ReplayRuleExamplesTests {
    @Test func examplesAreDeclared() {
        RuleExampleChecks.expectDeclared(.replayScript)
    }

    @Test func examplesRun() throws {
        try runExamples(of: .replayScript) { file, data in
            let document = try PropertyListReader(options: .init(recordLocations: true)).read(data, file: file)
            do throws(ReplayScriptError) {
                _ = try ReplayScript(root: document.root, file: file, locations: document.locations)
                return []
            } catch {
                return [error.diagnostic]
            }
        }
    }
}
