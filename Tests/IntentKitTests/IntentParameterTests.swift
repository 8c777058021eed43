import Foundation
import PropertyList
import Testing
@testable import IntentKit

@Suite("Intent parameters: coercion, clamping, defaults")
struct IntentParameterTests {
    let store = PlaceStore()
    let log = ActionLog()

    private func request(_ parameters: PropertyListDictionary, intent: String = "GenerateRoutesIntent",
                         target: @escaping () -> Double = { 5 }) throws -> IntentRequest {
        try makeWalkRegistry(store: store, log: log, targetKm: target).request(intent, parameters: parameters)
    }

    @Test(arguments: [
        (PropertyListValue.integer(25), 20.0), (.integer(1), 3.0), (.real(7.5), 7.5), (.integer(3), 3.0),
        (.integer(20), 20.0), (.string("12"), 12.0), (.real(-4), 3.0),
    ])
    func measurementsClampIntoTheInclusiveRange(_ given: PropertyListValue, _ expected: Double) throws {
        let request = try request(["distance": given])
        #expect(request.values["distance"] == .measurement(IntentMeasurement(expected, unit: "km")))
    }

    @Test(arguments: [PropertyListValue.string("far"), .bool(true), .real(.infinity), .real(.nan), .array([])])
    func nonNumbersAreRejectedWithTheParameterNamed(_ given: PropertyListValue) throws {
        #expect {
            try request(["distance": given])
        } throws: { error in
            guard case let .invalidValue(intent, parameter, expected, _) = error as? IntentError else { return false }
            return intent == "GenerateRoutesIntent" && parameter == "distance" && expected == "measurement (km)"
        }
    }

    @Test func unknownParametersAreErrors() throws {
        #expect(throws: IntentError.unknownParameter(typeName: "GenerateRoutesIntent", parameter: "km")) {
            try request(["km": 5])
        }
    }

    @Test func defaultsAreReadWhenNeededAndClamped() throws {
        var target = 8.0
        let registry = try makeWalkRegistry(store: store, log: log, targetKm: { target })
        guard case let .ready(first) = try registry.resolve(registry.request("GenerateRoutesIntent")) else {
            Issue.record("expected ready"); return
        }
        #expect(first.double("distance") == 8)
        target = 42
        guard case let .ready(second) = try registry.resolve(registry.request("GenerateRoutesIntent")) else {
            Issue.record("expected ready"); return
        }
        #expect(second.double("distance") == 20)
    }

    @Test func integersClampAndRejectFractions() throws {
        let parameter = IntentParameter.integer("count", range: 1...10, default: 3)
        let registry = IntentRegistry()
        let coercion = IntentValueCoercion(intent: "Count", parameter: parameter, registry: registry)
        #expect(try coercion.coerce(.integer(50)) == .integer(10))
        #expect(try coercion.coerce(.real(4)) == .integer(4))
        #expect(try coercion.coerce(.string(" 0 ")) == .integer(1))
        #expect(throws: IntentError.self) { try coercion.coerce(.real(4.5)) }
        #expect(parameter.defaultValue == .integer(3))
        #expect(IntentParameter.integer("n").defaultValue == nil)
    }

    @Test func enumsAcceptIdentifiersTitlesAndSynonyms() throws {
        let mode = IntentEnum(typeName: "RouteMode", cases: [
            .init("loop", DisplayRepresentation(title: "Loop", synonyms: ["Round trip"])),
            .init("outAndBack", "Out and back"),
        ])
        let coercion = IntentValueCoercion(intent: "G", parameter: .enumeration("mode", mode), registry: IntentRegistry())
        #expect(try coercion.coerce("loop") == .enumCase(mode.cases[0]))
        #expect(try coercion.coerce("OUT AND BACK") == .enumCase(mode.cases[1]))
        #expect(try coercion.coerce("round trip") == .enumCase(mode.cases[0]))
        #expect(throws: IntentError.invalidValue(typeName: "G", parameter: "mode", expected: "one of loop, outAndBack", actual: "string \"zigzag\"")) {
            try coercion.coerce("zigzag")
        }
    }

    @Test func stringsAndBooleans() throws {
        let registry = IntentRegistry()
        let text = IntentValueCoercion(intent: "I", parameter: .string("q"), registry: registry)
        #expect(try text.coerce("Berlin") == .string("Berlin"))
        #expect(try text.coerce(.integer(12)) == .string("12"))
        #expect(throws: IntentError.self) { try text.coerce(.real(1.5)) }
        let flag = IntentValueCoercion(intent: "I", parameter: .boolean("b"), registry: registry)
        #expect(try flag.coerce(.bool(true)) == .boolean(true))
        #expect(try flag.coerce("no") == .boolean(false))
        #expect(try flag.coerce(.integer(1)) == .boolean(true))
        #expect(throws: IntentError.self) { try flag.coerce(.integer(2)) }
    }

    @Test func entitiesResolveByIdentifierThenExactTitle() throws {
        let berlin = store.add("Berlin")
        store.add("Berlin Mitte")
        let byID = try request(["walk": .string(berlin.id.uuidString)], intent: "ShowSavedWalkIntent")
        #expect(byID.values["walk"]?.entityValue?.identifier == berlin.id.uuidString)
        let byTitle = try request(["walk": "berlin"], intent: "ShowSavedWalkIntent")   // exact title, not "Berlin Mitte"
        #expect(byTitle.values["walk"]?.entityValue?.title == "Berlin")
        let byDictionary = try request(["walk": ["id": .string(berlin.id.uuidString)]], intent: "ShowSavedWalkIntent")
        #expect(byDictionary.values["walk"]?.entityValue?.title == "Berlin")
    }

    @Test func missingAndAmbiguousEntitiesAreErrors() throws {
        store.add("Park")
        store.add("Park")
        #expect(throws: IntentError.entityNotFound(typeName: "ShowSavedWalkIntent", parameter: "walk", entityType: "PlaceEntity", identifier: "Atlantis")) {
            try request(["walk": "Atlantis"], intent: "ShowSavedWalkIntent")
        }
        #expect(throws: IntentError.ambiguousEntity(typeName: "ShowSavedWalkIntent", parameter: "walk", matches: ["Park", "Park"])) {
            try request(["walk": "Park"], intent: "ShowSavedWalkIntent")
        }
        #expect(throws: IntentError.invalidValue(typeName: "ShowSavedWalkIntent", parameter: "walk", expected: "entity PlaceEntity", actual: "bool true")) {
            try request(["walk": true], intent: "ShowSavedWalkIntent")
        }
    }
}
