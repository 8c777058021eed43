import ActivityKit
import Foundation
import PropertyList
import Testing
import TestSupport

/// `validate --manifest B --app-model A` and `migrate --manifest B --app-model A` through the
/// built binary: the manifest is checked against (and migrates with) the model's intents.
@Suite("validate and migrate with --app-model end to end")
struct AppModelManifestEndToEndTests {
    static let model = BuiltBinary.packageRoot.appendingPathComponent("Samples/AppModels/Outliner-AppModel.plist").path

    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>NSUserActivityTypes</key><array>
        <string>io.example.outliner.openEditor</string>
        <string>EditOutlineIntent</string>
        </array></dict></plist>
        """

    static let wrongManifest = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>formatVersion</key><integer>1</integer>
          <key>app</key><string>outliner</string>
          <key>activityTypes</key><dict>
            <key>EditOutlineIntent</key><dict><key>intent</key><string>EditOutlineAppIntent</string>
              <key>parameters</key><dict><key>outline</key><string>outline</string><key>heading</key><string>title</string></dict></dict>
          </dict>
        </dict></plist>
        """

    func inDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.infoPlist.utf8).write(to: directory.appendingPathComponent("Info.plist"))
        try Data(Self.wrongManifest.utf8).write(to: directory.appendingPathComponent("Wrong-Bridge.plist"))
        return try body(directory)
    }

    @Test func theDraftValidatesAgainstTheModelLeavingTheUnmappedTypeToDecide() throws {
        try inDirectory { directory in
            let drafted = try BuiltBinary.run(["bridge", "init", "--app-model", Self.model, "-o", "Outliner-Bridge.plist"], in: directory)
            #expect(drafted.status == 0)
            let result = try BuiltBinary.run(["validate", "--manifest", "Outliner-Bridge.plist", "--app-model", Self.model, "Info.plist"], in: directory)
            #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
            #expect(result.standardOutput == """
                Info.plist:3:1: warning: 'io.example.outliner.openEditor' is declared, but the bridge manifest handles no such type [activity-type-unhandled]
                2 files checked: 0 errors, 1 warning, 0 notes

                """)
        }
    }

    @Test func aParameterTheModelsIntentLacksIsALocatedError() throws {
        try inDirectory { directory in
            let result = try BuiltBinary.run(["validate", "--manifest", "Wrong-Bridge.plist", "--app-model", Self.model, "Info.plist"], in: directory)
            #expect(result.status == 1)
            #expect(result.standardOutput.contains(
                "Wrong-Bridge.plist:7:76: error: EditOutlineAppIntent has no parameter 'heading' (its parameters: outline, title) [manifest-unknown-parameter]\n"))
        }
    }

    @Test func migrateRunsTheModelsIntents() throws {
        let fixture = try MigrateFixture([
            UserActivity(activityType: "EditOutlineIntent", userInfo: ["outline": "o1", "title": "Plans"], persistentIdentifier: "edit-o1"),
            UserActivity(activityType: "EditOutlineIntent", userInfo: ["outline": "o2"], persistentIdentifier: "edit-o2"),
            UserActivity(activityType: "io.example.outliner.openEditor", userInfo: ["outlineID": "o1"], persistentIdentifier: "open-o1"),
        ])
        defer { fixture.remove() }
        let manifest = fixture.path("Outliner-Bridge.plist")
        let drafted = try BuiltBinary.run(["bridge", "init", "--app-model", Self.model, "-o", manifest])
        #expect(drafted.status == 0)
        let result = try BuiltBinary.run(["migrate", "--from", fixture.legacy, "--to", fixture.path("intents.sqlite"),
                                          "--manifest", manifest, "--app-model", Self.model, "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
        #expect(report["read"] as? Int == 3)
        #expect(report["migrated"] as? Int == 2)
        #expect((report["skipped"] as? [String: Int])?["unmappedType"] == 1)
        let rows = try MigrateFixture.rows(of: fixture.path("intents.sqlite"))
        #expect(rows.map { $0.split(separator: "|")[1] } == [#"text("EditOutlineAppIntent")"#, #"text("EditOutlineAppIntent")"#])
        let parameters = rows.map { String($0.split(separator: "|")[2]) }
        #expect(parameters.count == 2)
        #expect(parameters.first?.contains("o1") == true && parameters.first?.contains("Plans") == true, "\(parameters)")
        #expect(parameters.last?.contains("o2") == true && parameters.last?.contains("title") == false, "\(parameters)")

        // Without the model the manifest names an app the tool does not know: nothing migrates.
        let unknown = try BuiltBinary.run(["migrate", "--from", fixture.legacy, "--to", fixture.path("other.sqlite"), "--manifest", manifest])
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("unknown app 'outliner' (known: hairdressers, walkmate)"))
    }
}
