import Foundation
import IntentKit
import Testing
import TestSupport

@Suite("activity-bridge intents (built binary)")
struct IntentsEndToEndTests {
    @Test func listStatsAndDeleteThroughTheBinary() throws {
        let fixture = try IntentsFixture()
        defer { fixture.remove() }
        let stats = try BuiltBinary.run(["intents", "stats", "--format", "json"], in: fixture.directory)
        #expect(stats.status == 0)
        #expect(stats.standardOutput == #"{"total":3,"byIntent":{"GenerateRoutesIntent":2,"ShowSavedWalkIntent":1}}"# + "\n")
        #expect(stats.standardError.isEmpty)

        let list = try BuiltBinary.run(["intents", "list", "--store", fixture.storePath], in: BuiltBinary.packageRoot)
        #expect(list.status == 0)
        #expect(list.standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[2] } ==
                ["ShowSavedWalkIntent", "GenerateRoutesIntent", "GenerateRoutesIntent"])

        let victim = fixture.donations[1].identifier.description
        let delete = try BuiltBinary.run(["intents", "delete", "--identifier", victim], in: fixture.directory)
        #expect(delete.status == 0)
        #expect(delete.standardOutput == "deleted \(victim)\n")
        let after = try BuiltBinary.run(["intents", "stats", "--format", "json"], in: fixture.directory)
        #expect(after.standardOutput == #"{"total":2,"byIntent":{"GenerateRoutesIntent":2}}"# + "\n")
    }

    @Test func unknownIdentifierExitsOneAndKeepsEverything() throws {
        let fixture = try IntentsFixture()
        defer { fixture.remove() }
        let result = try BuiltBinary.run(["intents", "delete", "--identifier", "00000000-0000-0000-0000-000000000001"], in: fixture.directory)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == """
            error: no intent donation with identifier '00000000-0000-0000-0000-000000000001' in 'activity-bridge.sqlite'; nothing was deleted
            Usage: activity-bridge intents delete [--store PATH] --identifier ID... [ID]...
            See 'activity-bridge intents delete --help'.

            """)
        #expect(try fixture.stored().count == 3)
    }

    @Test func missingStoreExits66() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BuiltBinary.run(["intents", "list"], in: directory)
        #expect(result.status == 66)
        #expect(result.standardError.hasPrefix("error: no store at 'activity-bridge.sqlite' (pass --store PATH)\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
