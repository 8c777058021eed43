import Foundation
import Testing
import ActivityBridge
import PropertyList
import TestSupport

/// The Zotero-like model's script through the library route: its legacy continuations carry
/// nested JSON data, and the bridge manifest beside the model turns them into its intents.
@Suite("App models: Zotero's encoded userInfo through the bridge")
struct AppModelZoteroReplayTests {
    static let script = "Samples/AppModels/Zotero/Replays/zotero-restore.plist"

    static func runner(bridged: Bool) throws -> ReplayRunner {
        let model = try #require(try AppModelReaderTests.read(ManifestUserInfoPathTests.zoteroModel).model)
        let manifest = ManifestUserInfoPathTests.zoteroManifest
        guard bridged else {
            return ReplayRunner(apps: [], appFactories: [ModelReplayApp.factory(for: model)], currentDirectory: TestPaths.packageRoot.path)
        }
        return ReplayRunner(apps: [], appFactories: [ModelReplayApp.factory(for: model, bridgeManifest: (BridgeFixtures.path(manifest), manifest))],
                            bridgeRoute: BridgeContinuationRoute.make(for:), currentDirectory: TestPaths.packageRoot.path)
    }

    @Test func theScriptPassesThroughTheBridge() throws {
        let report = try Self.runner(bridged: true).run(file: Self.script)
        #expect(ModelReplayAppTests.failures(report) == [])
        #expect(report.steps.map { $0.result?["outcome"] } == [
            "ok", "ok", "handled", "ok", "handled", "notHandled", "notHandled", "notHandled", "handled",
        ])
        #expect(report.steps[2].result?["parameters"]?.dictionaryValue?["lastOpened"] == .date(Date(timeIntervalSinceReferenceDate: 739_099_800)))
    }

    @Test func withoutTheManifestTheLegacyHandlerGetsEveryContinuation() throws {
        let report = try Self.runner(bridged: false).run(file: Self.script)
        #expect(report.steps[2].failures.map(\.key) == ["intent", "parameters"])
        // The legacy handler returns true for every declared, handled type, whatever its userInfo.
        #expect(report.steps[5].failures.map(\.key) == ["outcome"])
    }
}
