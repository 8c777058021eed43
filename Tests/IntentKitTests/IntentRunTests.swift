import Foundation
import PropertyList
import Testing
@testable import IntentKit

@Suite("Intent registry: resolving and performing")
struct IntentRunTests {
    let store = PlaceStore()
    let log = ActionLog()

    @Test func runShortcutPerformsWithClampedValueAndDispatches() throws {
        let registry = try makeWalkRegistry(store: store, log: log)
        guard case let .performed(performed) = try registry.run("GenerateRoutesIntent", parameters: ["distance": 25]) else {
            Issue.record("expected performed"); return
        }
        #expect(performed.opensApp)
        #expect(performed.intent.description == "GenerateRoutesIntent(distance: 20 km)")
        #expect(log.actions == ["generate:20.0"])
    }

    @Test func missingRequiredEntityAsksWithSuggestedEntities() throws {
        store.add("Berlin")
        store.add("Paris")
        let registry = try makeWalkRegistry(store: store, log: log)
        guard case let .needsValue(needs) = try registry.run("ShowSavedWalkIntent") else {
            Issue.record("expected needsValue"); return
        }
        #expect(needs.parameterName == "walk")
        #expect(needs.parameterTitle == "Saved walk")
        #expect(needs.candidates.titles == ["Berlin", "Paris"])
        #expect(log.actions.isEmpty)
        // Answering runs on with the chosen value.
        let chosen = try #require(needs.candidates.candidate(named: "paris"))
        guard case .performed = try registry.run(chosen.request) else { Issue.record("expected performed"); return }
        #expect(log.actions == ["openFavorite:Paris"])
    }

    @Test func missingEnumAsksWithItsCases() throws {
        let registry = IntentRegistry()
        let mode = IntentEnum(typeName: "Mode", cases: [.init("loop", "Loop"), .init("line", "Line")])
        try registry.register(IntentDefinition(typeName: "Pick", title: "Pick", parameters: [.enumeration("mode", mode)]) { _, _ in .result() })
        guard case let .needsValue(needs) = try registry.run("Pick") else { Issue.record("expected needsValue"); return }
        #expect(needs.candidates.titles == ["Loop", "Line"])
    }

    @Test func optionalParametersMayStayEmpty() throws {
        let registry = IntentRegistry()
        try registry.register(IntentDefinition(typeName: "Note", title: "Note", parameters: [.string("text", optional: true)]) { intent, _ in
            .result(dialog: intent.string("text") ?? "empty")
        })
        guard case let .performed(performed) = try registry.run("Note") else { Issue.record("expected performed"); return }
        #expect(performed.result.dialog == "empty")
        #expect(performed.intent.values.isEmpty)
        #expect(!performed.opensApp)
    }

    @Test func instanceThrowsWhenAValueIsMissing() throws {
        let registry = try makeWalkRegistry(store: store, log: log)
        #expect(throws: IntentError.missingValue(typeName: "ShowSavedWalkIntent", parameter: "walk")) {
            try registry.instance("ShowSavedWalkIntent")
        }
    }

    @Test func unavailableIntentsCannotRun() throws {
        let berlin = store.add("Berlin")
        let registry = try makeWalkRegistry(store: store, log: log, platform: .iOS26_4)
        #expect(throws: IntentError.unavailable(typeName: "OpenWalkMatePlaceIntent", requires: .iOS27, platform: .iOS26_4)) {
            try registry.run("OpenWalkMatePlaceIntent", parameters: ["target": .string(berlin.id.uuidString)])
        }
        #expect(log.actions.isEmpty)
    }

    @Test func performErrorsAreWrappedWithTheIntentName() throws {
        let registry = IntentRegistry()
        try registry.register(IntentDefinition(typeName: "Broken", title: "Broken") { _, _ in throw StoreFailure() })
        #expect(throws: IntentError.performFailed(typeName: "Broken", reason: "the favorites file is unreadable")) {
            try registry.run("Broken")
        }
    }

    @Test func resolveRejectsValuesOfTheWrongKind() throws {
        let registry = try makeWalkRegistry(store: store, log: log)
        let request = IntentRequest(typeName: "GenerateRoutesIntent", values: ["distance": .string("far")])
        #expect(throws: IntentError.invalidValue(typeName: "GenerateRoutesIntent", parameter: "distance", expected: "measurement (km)", actual: "far")) {
            try registry.resolve(request)
        }
        #expect(throws: IntentError.unknownParameter(typeName: "GenerateRoutesIntent", parameter: "speed")) {
            try registry.resolve(IntentRequest(typeName: "GenerateRoutesIntent", values: ["speed": .integer(1)]))
        }
    }

    @Test func instanceParametersRoundTripThroughTheRegistry() throws {
        let berlin = store.add("Berlin")
        let registry = try makeWalkRegistry(store: store, log: log)
        let instance = try registry.instance("ShowSavedWalkIntent", parameters: ["walk": "Berlin"])
        #expect(instance.parameters == ["walk": .string(berlin.id.uuidString)])
        #expect(try registry.instance("ShowSavedWalkIntent", parameters: instance.parameters) == instance)
    }

    @Test func performContextCarriesPlatformAndSource() throws {
        let registry = IntentRegistry(platform: .iOS26)
        try registry.register(IntentDefinition(typeName: "Where", title: "Where") { _, context in
            .result(dialog: "\(context.platform) via \(context.source)")
        })
        guard case let .performed(performed) = try registry.run("Where", source: "bridge") else { Issue.record("expected performed"); return }
        #expect(performed.result.dialog == "iOS 26 via bridge")
    }
}
