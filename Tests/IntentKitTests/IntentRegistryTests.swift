import Foundation
import PropertyList
import Testing
@testable import IntentKit

@Suite("Intent registry: registration and lookup")
struct IntentRegistryTests {
    private func noop(_ name: String, availability: Platform = Platform(16), schema: AssistantSchema? = nil,
                      parameters: [IntentParameter] = []) -> IntentDefinition {
        IntentDefinition(typeName: name, title: name, availability: availability, schema: schema, parameters: parameters) { _, _ in .result() }
    }

    @Test func looksUpIntentsByNameAndHidesUnavailableOnes() throws {
        let registry = try makeWalkRegistry(store: PlaceStore(), log: ActionLog(), platform: .iOS18)
        #expect(try registry.definition(named: "ShowSavedWalkIntent").title == "Show Saved Walk")
        #expect(throws: IntentError.unavailable(typeName: "OpenWalkMatePlaceIntent", requires: .iOS27, platform: .iOS18)) {
            try registry.definition(named: "OpenWalkMatePlaceIntent")
        }
        #expect(throws: IntentError.unknownIntent("NoSuchIntent")) { try registry.definition(named: "NoSuchIntent") }
        #expect(!registry.isAvailable("OpenWalkMatePlaceIntent"))
        registry.platform = .iOS27
        #expect(registry.isAvailable("OpenWalkMatePlaceIntent"))
        #expect(registry.availableDefinitions.map(\.typeName) ==
                ["ShowSavedWalkIntent", "OpenWalkMatePlaceIntent", "GenerateRoutesIntent", "SearchFavoritesIntent"])
    }

    @Test func rejectsDuplicates() throws {
        let registry = IntentRegistry()
        try registry.register(noop("A"))
        #expect(throws: IntentError.duplicateRegistration(kind: "intent", name: "A")) { try registry.register(noop("A")) }
        try registry.register(PlaceEntity.self, query: PlaceQuery(store: PlaceStore()))
        #expect(throws: IntentError.duplicateRegistration(kind: "entity type", name: "PlaceEntity")) {
            try registry.register(PlaceEntity.self, query: PlaceQuery(store: PlaceStore()))
        }
        let mode = IntentEnum(typeName: "Mode", cases: [.init("walk", "Walk")])
        try registry.register(mode)
        #expect(throws: IntentError.duplicateRegistration(kind: "enum", name: "Mode")) { try registry.register(mode) }
    }

    @Test func rejectsParametersOfUnregisteredEntityTypes() {
        let registry = IntentRegistry()
        #expect(throws: IntentError.invalidDefinition(
            typeName: "Show", reason: "parameter 'walk' uses entity type 'PlaceEntity', which is not registered")) {
            try registry.register(noop("Show", parameters: [.entity("walk", PlaceEntity.self)]))
        }
        #expect(registry.registeredIntentNames.isEmpty)
    }

    @Test func rejectsMalformedDeclarations() {
        let registry = IntentRegistry()
        #expect(throws: IntentError.invalidDefinition(typeName: "", reason: "the type name must be non-empty and without whitespace")) {
            try registry.register(noop(""))
        }
        #expect(throws: IntentError.invalidDefinition(typeName: "A", reason: "parameter 'x' is declared twice")) {
            try registry.register(noop("A", parameters: [.string("x"), .integer("x")]))
        }
    }

    @Test func schemasNeedTheirShapeAndPlatform() throws {
        let registry = IntentRegistry()
        try registry.register(PlaceEntity.self, query: PlaceQuery(store: PlaceStore()))
        #expect(throws: IntentError.invalidDefinition(
            typeName: "Open", reason: "schema .system.open needs iOS 27, but the intent is available from iOS 18")) {
            try registry.register(noop("Open", availability: .iOS18, schema: .open, parameters: [.entity("target", PlaceEntity.self)]))
        }
        #expect(throws: IntentError.invalidDefinition(
            typeName: "Open", reason: "schema .system.open needs an entity or enum parameter 'target'")) {
            try registry.register(noop("Open", availability: .iOS27, schema: .open, parameters: [.string("target")]))
        }
        #expect(throws: IntentError.invalidDefinition(
            typeName: "Search", reason: "schema .system.searchInApp needs a string parameter 'criteria'")) {
            try registry.register(noop("Search", availability: .iOS18, schema: .searchInApp, parameters: [.string("query")]))
        }
        try registry.register(noop("Open", availability: .iOS27, schema: .open, parameters: [.entity("target", PlaceEntity.self)]))
    }

    @Test func resolvesStoredEntityReferences() throws {
        let store = PlaceStore()
        let berlin = store.add("Berlin")
        let registry = try makeWalkRegistry(store: store, log: ActionLog())
        #expect(try registry.entity(EntityIdentifier(for: PlaceEntity.self, identifier: berlin.id))?.title == "Berlin")
        #expect(try registry.entity(EntityIdentifier(typeName: "PlaceEntity", identifier: UUID().uuidString)) == nil)
        #expect(throws: IntentError.unknownEntityType("Nope")) {
            try registry.entity(EntityIdentifier(typeName: "Nope", identifier: "1"))
        }
    }

    @Test func errorsDescribeThemselves() {
        #expect(IntentError.unavailable(typeName: "X", requires: .iOS27, platform: .iOS18).description
                == "intent 'X' needs iOS 27 or later (running iOS 18)")
        #expect(IntentError.invalidValue(typeName: "G", parameter: "distance", expected: "measurement (km)", actual: "string \"far\"").description
                == "intent 'G' parameter 'distance': expected measurement (km), got string \"far\"")
    }
}
