import Diagnostics
import Foundation
import Testing
import ActivityBridge
import PropertyList
import TestSupport

/// A generic app built from an app model runs replay scripts (`Samples/AppModels/Replays`).
@Suite("App models: replay against a model")
struct ModelReplayAppTests {
    static func runner() throws -> ReplayRunner {
        let model = try #require(try AppModelReaderTests.read(AppModelReaderTests.outliner).model)
        return ReplayRunner(apps: [], appFactories: [ModelReplayApp.factory(for: model)],
                            currentDirectory: TestPaths.packageRoot.path)
    }

    static func failures(_ report: ReplayScriptReport) -> [String] {
        report.steps.flatMap { step in
            (step.error.map { ["step \(step.index): \($0)"] } ?? []) + step.failures.map { "step \(step.index): \($0)" }
        } + (report.error.map { ["\($0)"] } ?? [])
    }

    @Test(arguments: [("outliner-continue", 5), ("outliner-entities", 14)])
    func theSampleScriptsPass(_ name: String, steps: Int) throws {
        let report = try Self.runner().run(file: "Samples/AppModels/Replays/\(name).plist")
        #expect(Self.failures(report) == [])
        #expect(report.steps.count == steps)
        #expect(report.passed)
    }

    @Test func aBridgeManifestTurnsLegacyContinuationsIntoTheModelsIntents() throws {
        let model = try #require(try AppModelReaderTests.read(AppModelReaderTests.outliner).model)
        let manifest = "Samples/AppModels/Plists/outliner-Bridge.plist"
        let reading = try BridgeFixtures.read(manifest)
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        #expect(BridgeManifestChecker(catalog: try model.intentCatalog()).check(try #require(reading.manifest)) == [])
        let runner = ReplayRunner(
            apps: [], appFactories: [ModelReplayApp.factory(for: model, bridgeManifest: (BridgeFixtures.path(manifest), manifest))],
            bridgeRoute: BridgeContinuationRoute.make(for:), currentDirectory: TestPaths.packageRoot.path)
        let report = runner.run(file: "Samples/AppModels/Replays/outliner-bridge.plist")
        #expect(Self.failures(report) == [])
        #expect(report.steps.count == 4)
        // Without the manifest the same script reaches the legacy handler: no intent runs.
        let legacy = try Self.runner().run(file: "Samples/AppModels/Replays/outliner-bridge.plist")
        #expect(legacy.steps[1].failures.map(\.key) == ["intent", "parameters", "lastIntent", "parameters.outline"])
    }

    @Test func resultsSayWhatTheAppReceived() throws {
        let script = ReplayScript(name: "t", app: "outliner", launched: true, steps: [
            ReplayStep(index: 1, action: "addEntity", arguments: ["type": "OutlineAppEntity", "id": "o1", "title": "Groceries", "indexed": false]),
            ReplayStep(index: 2, action: "runShortcut", arguments: ["intent": "OpenOutlineAppIntent", "parameters": ["outline": "o1"]]),
            ReplayStep(index: 3, action: "spotlightSearch", arguments: ["query": "Groceries"]),
            ReplayStep(index: 4, action: "continue", arguments: ["activity": ["activityType": "io.example.outliner.search"]]),
        ])
        let report = try Self.runner().run(script)
        #expect(report.error == nil)
        #expect(report.steps.map(\.result) == [
            ["outcome": "ok"],
            ["outcome": "handled", "intent": "OpenOutlineAppIntent",
             "parameters": ["outline": ["type": "OutlineAppEntity", "id": "o1", "title": "Groceries"]]],
            // not indexed: Spotlight does not have it
            ["outcome": "ok", "results": []],
            ["outcome": "noHandler"],
        ])
    }

    @Test func anUnknownEntityTypeIsAStepErrorNamingTheKnownOnes() throws {
        let script = ReplayScript(name: "t", app: "outliner", steps: [
            ReplayStep(index: 1, action: "addEntity", arguments: ["type": "Page", "id": "p", "title": "P"]),
        ])
        let report = try Self.runner().run(script)
        #expect(report.error?.message == "invalid argument 'type': 'Page' is not an entity type of outliner (known: OutlineAppEntity)")
    }

    @Test func anUnknownAppListsTheModelsAndTheApps() throws {
        let report = try Self.runner().run(ReplayScript(name: "t", app: "zavala", steps: []))
        #expect(report.error?.message == "unknown app 'zavala' (known: outliner)")
    }
}
