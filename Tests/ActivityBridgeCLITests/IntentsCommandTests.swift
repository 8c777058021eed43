import Foundation
import IntentKit
import PropertyList
import SQLiteStore
import Testing
@testable import ActivityBridgeCLI
import TestSupport

/// A store file with intent donations written through the library, in a fresh directory.
struct IntentsFixture {
    let directory: URL
    let donations: [IntentDonation]

    static let base = Date(timeIntervalSince1970: 1_800_000_000)   // 2027-01-15T08:00:00Z

    init(legacyOnly: Bool = false) throws {
        directory = try TemporaryDirectory.create()
        let connection = try Connection(path: directory.appendingPathComponent("activity-bridge.sqlite").path)
        defer { try? connection.close() }
        if legacyOnly {
            try connection.execute("CREATE TABLE legacy_events (id INTEGER PRIMARY KEY)")
            donations = []
            return
        }
        donations = [
            IntentDonation(intentTypeName: "GenerateRoutesIntent", parameters: ["distance": 12.5], donatedAt: Self.base.addingTimeInterval(60)),
            IntentDonation(intentTypeName: "ShowSavedWalkIntent", parameters: ["walk": "6F1C0E4B-9A7D-4E5F-8C3B-2D1A0F9E8B7C"],
                           donatedAt: Self.base, migratedFrom: "legacy:7"),
            IntentDonation(intentTypeName: "GenerateRoutesIntent", parameters: ["distance": 5], donatedAt: Self.base.addingTimeInterval(120)),
        ]
        try IntentDonationManager(connection: connection).insert(donations)
    }

    var storePath: String { directory.appendingPathComponent("activity-bridge.sqlite").path }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Runs the command in-process with the fixture directory as the working directory.
    func run(_ arguments: [String]) -> (code: ExitCode, out: String, err: String) {
        let context = CommandContext.captured(currentDirectory: directory.path)
        let code = CommandRunner.run(ActivityBridgeCommand.self, arguments: arguments, context: context)
        return (code, context.standardOutput.capturedText, context.standardError.capturedText)
    }

    /// What the store holds now, read through the library.
    func stored() throws -> [IntentDonation] {
        let connection = try Connection(path: storePath, options: .init(mode: .readOnly))
        defer { try? connection.close() }
        return try IntentDonationManager(connection: connection, createTables: false).donations()
    }
}

@Suite("activity-bridge intents (in process)")
struct IntentsCommandTests {
    @Test func listsTextOldestFirst() throws {
        let fixture = try IntentsFixture()
        defer { fixture.remove() }
        let result = fixture.run(["intents", "list"])
        #expect(result.code == .success)
        #expect(result.err.isEmpty)
        let ids = fixture.donations.map(\.identifier.description)
        #expect(result.out == """
            \(ids[1])\t2027-01-15T08:00:00Z\tShowSavedWalkIntent\t{"walk":"6F1C0E4B-9A7D-4E5F-8C3B-2D1A0F9E8B7C"}
            \(ids[0])\t2027-01-15T08:01:00Z\tGenerateRoutesIntent\t{"distance":12.5}
            \(ids[2])\t2027-01-15T08:02:00Z\tGenerateRoutesIntent\t{"distance":5}

            """)
    }

    @Test func listsJSON() throws {
        let fixture = try IntentsFixture()
        defer { fixture.remove() }
        let result = fixture.run(["intents", "list", "--format", "json"])
        #expect(result.code == .success)
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        let listed = try #require(object?["donations"] as? [[String: Any]])
        #expect(listed.count == 3)
        #expect(listed.first?["intent"] as? String == "ShowSavedWalkIntent")
        #expect(listed.first?["migratedFrom"] as? String == "legacy:7")
        #expect(listed.first?["donatedAt"] as? String == "2027-01-15T08:00:00Z")
        #expect(listed.last?["migratedFrom"] is NSNull)
        #expect((listed[1]["parameters"] as? [String: Any])?["distance"] as? Double == 12.5)
        #expect(result.out.hasSuffix("\n]}\n"))
    }

    @Test func statsTextAndJSON() throws {
        let fixture = try IntentsFixture()
        defer { fixture.remove() }
        let json = fixture.run(["intents", "stats", "--format", "json"])
        #expect(json.code == .success)
        #expect(json.out == #"{"total":3,"byIntent":{"GenerateRoutesIntent":2,"ShowSavedWalkIntent":1}}"# + "\n")
        let text = fixture.run(["intents", "stats"])
        #expect(text.out == "total: 3\n  GenerateRoutesIntent: 2\n  ShowSavedWalkIntent: 1\n")
    }

    @Test func deletesByIdentifier() throws {
        let fixture = try IntentsFixture()
        defer { fixture.remove() }
        let first = fixture.donations[0].identifier.description
        let second = fixture.donations[2].identifier.description.lowercased()
        let result = fixture.run(["intents", "delete", "--identifier", first, second])
        #expect(result.code == .success)
        #expect(result.out == "deleted \(first)\ndeleted \(second.uppercased())\n")
        #expect(try fixture.stored().map(\.identifier) == [fixture.donations[1].identifier])
    }

    @Test func unknownIdentifierDeletesNothing() throws {
        let fixture = try IntentsFixture()
        defer { fixture.remove() }
        let unknown = "00000000-0000-0000-0000-000000000001"
        let result = fixture.run(["intents", "delete", "--identifier", fixture.donations[0].identifier.description, "--identifier", unknown])
        #expect(result.code == .failure)
        #expect(result.err.hasPrefix("error: no intent donation with identifier '\(unknown)' in 'activity-bridge.sqlite'; nothing was deleted\n"))
        #expect(try fixture.stored().count == 3)
    }

    @Test(arguments: [
        (["intents", "delete"], "error: missing option '--identifier ID'"),
        (["intents", "delete", "--identifier", "nope"], "error: invalid identifier 'nope': expected a UUID"),
        (["intents", "list", "--format", "xml"], "error: invalid value 'xml' for '--format': expected one of text, json"),
        (["intents", "stats", "extra"], "error: unexpected argument 'extra'"),
        (["intents", "frob"], "error: unknown subcommand 'frob'"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let fixture = try IntentsFixture()
        defer { fixture.remove() }
        let result = fixture.run(arguments)
        #expect(result.code == .usage)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix(message + "\n"), "\(result.err)")
        #expect(try fixture.stored().count == 3)
    }

    @Test(arguments: [["intents", "list"], ["intents", "stats"], ["intents", "delete", "--identifier", "00000000-0000-0000-0000-000000000001"]])
    func missingStoreIsNoInput(_ arguments: [String]) throws {
        let fixture = try IntentsFixture()
        defer { fixture.remove() }
        let result = fixture.run(arguments + ["--store", "missing.sqlite"])
        #expect(result.code == .noInput)
        #expect(result.err.hasPrefix("error: no store at 'missing.sqlite' (pass --store PATH)\n"))
        #expect(!FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent("missing.sqlite").path))
    }

    @Test func notADatabaseFails() throws {
        let fixture = try IntentsFixture()
        defer { fixture.remove() }
        try Data("hello, not sqlite".utf8).write(to: fixture.directory.appendingPathComponent("text.sqlite"))
        let result = fixture.run(["intents", "list", "--store", "text.sqlite"])
        #expect(result.code == .failure)
        #expect(result.err.contains("is not a SQLite database"))
        let directory = fixture.run(["intents", "stats", "--store", "."])
        #expect(directory.code == .noInput)
    }

    @Test func legacyOnlyStoreHasNoIntentDonations() throws {
        let fixture = try IntentsFixture(legacyOnly: true)
        defer { fixture.remove() }
        #expect(fixture.run(["intents", "list"]).out == "")
        #expect(fixture.run(["intents", "list", "--format", "json"]).out == "{\"donations\":[]}\n")
        #expect(fixture.run(["intents", "stats", "--format", "json"]).out == "{\"total\":0,\"byIntent\":{}}\n")
        let deleted = fixture.run(["intents", "delete", "--identifier", "00000000-0000-0000-0000-000000000001"])
        #expect(deleted.code == .failure)
    }

    @Test func helpNamesTheSubcommands() throws {
        let fixture = try IntentsFixture()
        defer { fixture.remove() }
        let result = fixture.run(["intents", "--help"])
        #expect(result.code == .success)
        for section in ["OVERVIEW:", "USAGE: activity-bridge intents", "OPTIONS:", "SUBCOMMANDS:", "list", "stats", "delete"] {
            #expect(result.out.contains(section), "\(section)")
        }
        #expect(fixture.run(["intents", "delete", "-h"]).out.contains("--identifier ID"))
        #expect(fixture.run(["intents", "list", "-h"]).out.contains("--store PATH"))
    }
}
