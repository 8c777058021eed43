import Foundation
import PropertyList
import SQLiteStore
import Testing
@testable import IntentKit
import TestSupport

@Suite("Intent donations")
struct IntentDonationManagerTests {
    private func instance(_ store: PlaceStore, _ name: String = "Berlin") throws -> IntentInstance {
        let registry = try makeWalkRegistry(store: store, log: ActionLog())
        if store.place(named: name) == nil { store.add(name) }
        return try registry.instance("ShowSavedWalkIntent", parameters: ["walk": .string(name)])
    }

    @Test func donateReturnsAnIdentifierAndStoresTheIntent() throws {
        let store = PlaceStore()
        try withStore { connection, _ in
            let manager = try IntentDonationManager(connection: connection)
            let intent = try instance(store)
            let id = manager.donate(intent: intent)
            #expect(manager.lastError == nil)
            let stored = try manager.donations()
            #expect(stored.count == 1)
            #expect(stored.first?.identifier == id)
            #expect(stored.first?.intentTypeName == "ShowSavedWalkIntent")
            #expect(stored.first?.parameters == intent.parameters)
            #expect(stored.first?.migratedFrom == nil)
        }
    }

    @Test func donationsListOldestFirstAndCount() throws {
        try withStore { connection, _ in
            let manager = try IntentDonationManager(connection: connection)
            let base = Date(timeIntervalSince1970: 1_800_000_000)
            try manager.insert([
                IntentDonation(intentTypeName: "GenerateRoutesIntent", parameters: ["distance": 5.0], donatedAt: base.addingTimeInterval(60)),
                IntentDonation(intentTypeName: "ShowSavedWalkIntent", parameters: ["walk": "A"], donatedAt: base),
                IntentDonation(intentTypeName: "GenerateRoutesIntent", parameters: ["distance": 12.5], donatedAt: base.addingTimeInterval(120)),
            ])
            let listed = try manager.donations()
            #expect(listed.map(\.intentTypeName) == ["ShowSavedWalkIntent", "GenerateRoutesIntent", "GenerateRoutesIntent"])
            #expect(listed.map(\.donatedAt) == [base, base.addingTimeInterval(60), base.addingTimeInterval(120)])
            #expect(listed[1].parameters["distance"] == .real(5.0))
            #expect(try manager.donations(intentTypeName: "GenerateRoutesIntent").count == 2)
            let stats = try manager.statistics()
            #expect(stats == IntentDonationStatistics(total: 3, byIntent: ["GenerateRoutesIntent": 2, "ShowSavedWalkIntent": 1]))
            #expect(stats.json == #"{"total":3,"byIntent":{"GenerateRoutesIntent":2,"ShowSavedWalkIntent":1}}"#)
        }
    }

    @Test func deleteReturnsOnlyWhatItDeleted() throws {
        try withStore { connection, _ in
            let manager = try IntentDonationManager(connection: connection)
            let a = IntentDonation(intentTypeName: "A")
            let b = IntentDonation(intentTypeName: "B")
            let c = IntentDonation(intentTypeName: "A")
            try manager.insert([a, b, c])
            let unknown = IntentDonationIdentifier()
            #expect(try manager.deleteDonations(matching: .donationIdentifiers([b.identifier, unknown, b.identifier])) == [b.identifier])
            #expect(try manager.deleteDonations(matching: .donationIdentifier(unknown)).isEmpty)
            #expect(try manager.deleteDonations(matching: .intentType("A")) == [a.identifier, c.identifier])
            #expect(try manager.donations().isEmpty)
        }
    }

    @Test func migratedFromKeysMakeInsertsIdempotent() throws {
        try withStore { connection, _ in
            let manager = try IntentDonationManager(connection: connection)
            let first = IntentDonation(intentTypeName: "ShowSavedWalkIntent", migratedFrom: "legacy:1")
            #expect(try manager.insert([first, IntentDonation(intentTypeName: "X", migratedFrom: "legacy:2")]) == [true, true])
            // A second run with new identifiers but the same source keys inserts nothing.
            #expect(try manager.insert([IntentDonation(intentTypeName: "ShowSavedWalkIntent", migratedFrom: "legacy:1"),
                                        IntentDonation(intentTypeName: "Y")]) == [false, true])
            #expect(try manager.containsMigration(from: "legacy:1"))
            #expect(try !manager.containsMigration(from: "legacy:3"))
            #expect(try manager.statistics().total == 3)
            #expect(try manager.donations().first { $0.migratedFrom == "legacy:1" }?.identifier == first.identifier)
        }
    }

    @Test func batchesAreAllOrNothing() throws {
        try withStore { connection, _ in
            let manager = try IntentDonationManager(connection: connection)
            let existing = IntentDonation(intentTypeName: "A")
            try manager.insert(existing)
            // The repeated identifier fails the batch: the first donation is rolled back too.
            #expect(throws: SQLiteError.self) {
                try manager.insert([IntentDonation(intentTypeName: "B"), IntentDonation(identifier: existing.identifier, intentTypeName: "C")])
            }
            #expect(try manager.donations().map(\.intentTypeName) == ["A"])
            // Unstorable parameters fail before anything is written.
            #expect(throws: ParameterJSON.EncodingError(path: "distance")) {
                try manager.insert(IntentDonation(intentTypeName: "D", parameters: ["distance": .real(.infinity)]))
            }
            #expect(try manager.statistics().total == 1)
        }
    }

    @Test func swallowingDonateReportsFailureInLastError() throws {
        let store = PlaceStore()
        try withStore { connection, _ in
            let manager = try IntentDonationManager(connection: connection)
            try connection.execute("DROP TABLE intent_donations")
            let id = manager.donate(intent: try instance(store))
            #expect(manager.lastError != nil)
            #expect(!id.description.isEmpty)
            #expect(throws: SQLiteError.self) { try manager.recordDonation(of: try instance(store)) }
        }
    }

    @Test func persistsAcrossReopening() throws {
        let directory = try TemporaryDirectory("intentkit-tests")
        let path = directory.path("donations.sqlite")
        let donation = IntentDonation(intentTypeName: "GenerateRoutesIntent", parameters: ["distance": 7.5, "note": "Zürich \"quoted\"\n"],
                                      donatedAt: Date(timeIntervalSince1970: 1_800_000_000.5), migratedFrom: "k")
        do {
            let connection = try Connection(path: path)
            try IntentDonationManager(connection: connection).insert(donation)
            try connection.close()
        }
        let reopened = try Connection(path: path, options: .init(mode: .readOnly))
        defer { try? reopened.close() }
        #expect(try IntentDonationManager(connection: reopened, createTables: false).donations() == [donation])
    }

    @Test func storeWithoutIntentTablesReadsAsEmpty() throws {
        try withStore { connection, _ in
            let manager = try IntentDonationManager(connection: connection, createTables: false)
            #expect(try manager.donations().isEmpty)
            #expect(try manager.statistics().total == 0)
            #expect(try manager.deleteDonations(matching: .donationIdentifier(IntentDonationIdentifier())).isEmpty)
        }
    }

    @Test func identifiersParseAndPrintAsUUIDs() throws {
        let id = IntentDonationIdentifier()
        #expect(IntentDonationIdentifier(id.description) == id)
        #expect(IntentDonationIdentifier(id.description.lowercased()) == id)
        #expect(IntentDonationIdentifier("nope") == nil)
        let encoded = try JSONEncoder().encode(id)
        #expect(try JSONDecoder().decode(IntentDonationIdentifier.self, from: encoded) == id)
    }
}

@Suite("Parameter JSON")
struct ParameterJSONTests {
    @Test func roundTripsKindsAndKeepsIntegersApartFromReals() throws {
        let parameters: PropertyListDictionary = [
            "distance": 25.0, "count": 3, "flag": true, "off": false, "name": "Zürich \"x\"\n\t\u{1}",
            "list": [1, 2.5, "a"], "nested": ["big": .integer(PropertyListInteger(UInt64.max)), "neg": -7],
        ]
        let text = try ParameterJSON.encode(parameters)
        #expect(text.contains("\"distance\":25.0"))
        #expect(text.contains("\\u0001"))
        #expect(ParameterJSON.decode(text) == parameters)
    }

    @Test func keepsDocumentOrderWhenWritingAndReading() throws {
        #expect(try ParameterJSON.encode(["b": 1, "a": 2]) == #"{"b":1,"a":2}"#)
        #expect(try ParameterJSON.encode([:]) == "{}")
        // A round trip keeps the order of every dictionary, nested ones included.
        let parameters: PropertyListDictionary = ["zeta": ["y": 1, "x": [["q": true, "p": "s"]]], "alpha": 2.5]
        let decoded = try #require(ParameterJSON.decode(try ParameterJSON.encode(parameters)))
        #expect(decoded == parameters)
        #expect(decoded.entries.map(\.key) == ["zeta", "alpha"])
        #expect(decoded["zeta"]?.dictionaryValue?.entries.map(\.key) == ["y", "x"])
    }

    @Test func rejectsWhatJSONCannotHold() {
        #expect(throws: ParameterJSON.EncodingError(path: "list[1]")) { try ParameterJSON.encode(["list": [1, .real(.nan)]]) }
        #expect(ParameterJSON.decode("[1]") == nil)
        #expect(ParameterJSON.decode("{\"a\":null}") == nil)
        #expect(ParameterJSON.decode("not json") == nil)
    }
}

@Suite("Intent donations: damaged stores")
struct DamagedDonationStoreTests {
    @Test func unreadableRowsAreReportedWithTheirIdentifier() throws {
        try withStore { connection, _ in
            let manager = try IntentDonationManager(connection: connection)
            try manager.insert(IntentDonation(intentTypeName: "A"))
            try connection.execute("""
                INSERT INTO intent_donations (identifier, intent_type, parameters, donated_at) VALUES ('bad-id', 'B', '{}', 0)
                """)
            #expect {
                try manager.donations()
            } throws: { error in
                guard let error = error as? SQLiteError else { return false }
                return error.code == .corrupt && error.message.contains("intent donation 'bad-id'")
            }
            try connection.execute("UPDATE intent_donations SET identifier = '\(UUID().uuidString)', parameters = '[1]' WHERE intent_type = 'B'")
            #expect(throws: SQLiteError.self) { try manager.donations() }
            #expect(try manager.statistics().total == 2)   // counting does not need the rows' contents
        }
    }
}

@Suite("Intent values")
struct IntentValueTests {
    @Test func displayAndStoredForms() {
        let entity = AnyAppEntity(PlaceEntity(id: UUID(uuidString: "6F1C0E4B-9A7D-4E5F-8C3B-2D1A0F9E8B7C") ?? UUID(), name: "Berlin"))
        let loop = IntentEnum.Case("loop", "Loop")
        let cases: [(IntentValue, String, PropertyListValue)] = [
            (.entity(entity), "Berlin", .string("6F1C0E4B-9A7D-4E5F-8C3B-2D1A0F9E8B7C")),
            (.enumCase(loop), "Loop", .string("loop")),
            (.integer(3), "3", .integer(3)),
            (.decimal(2.5), "2.5", .real(2.5)),
            (.measurement(IntentMeasurement(5, unit: "km")), "5 km", .real(5)),
            (.measurement(IntentMeasurement(7.5, unit: "km")), "7.5 km", .real(7.5)),
            (.string("Zürich"), "Zürich", .string("Zürich")),
            (.boolean(false), "false", .bool(false)),
        ]
        for (value, display, stored) in cases {
            #expect(value.displayText == display)
            #expect(value.propertyListValue == stored)
        }
        #expect(IntentValue.integer(3).doubleValue == 3)
        #expect(IntentValue.string("3").doubleValue == nil)
        #expect(IntentValue.entity(entity).entityValue == entity)
    }

    @Test func schemasDescribeTheirShape() {
        #expect(AssistantSchema.open.availability == .iOS27)
        #expect(AssistantSchema.searchInApp.availability == .iOS18)
        #expect(AssistantSchema.open.rawValue == "system.open")
        #expect(AssistantSchema.open.accepts(.entity(typeName: "X")) && !AssistantSchema.open.accepts(.string))
        #expect(AssistantSchema.searchInApp.accepts(.string))
        #expect(AssistantSchema.allCases.allSatisfy { schema in schema.impliedPhrases.allSatisfy {
            $0.applicationNameCount == 1 && $0.parameterNames == [schema.parameterName]
        } })
    }
}
