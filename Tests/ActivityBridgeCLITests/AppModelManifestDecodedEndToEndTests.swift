import ActivityKit
import Foundation
import PropertyList
import SQLiteStore
import Testing
import TestSupport

/// The built binary on bridge manifests that read nested and encoded userInfo: the Zotero-like
/// sample (`Samples/AppModels/Zotero`) through `replay`, `validate` and `migrate` over a real
/// SQLite donation store, and `url`/`file`/`date` parameters migrated into intent donations.
@Suite("key paths, decoded data, url, file and date end to end")
struct AppModelManifestDecodedEndToEndTests {
    static let directory = "Samples/AppModels/Zotero"
    static let model = BuiltBinary.packageRoot.appendingPathComponent("\(directory)/Zotero-AppModel.plist").path
    static let manifest = BuiltBinary.packageRoot.appendingPathComponent("\(directory)/Plists/zotero-Bridge.plist").path

    static func json(_ text: String) -> PropertyListValue { .data(Data(text.utf8)) }
    static let item = json(#"{"kind":{"pdfKind":true,"libraryId":{"custom":0},"key":"ABCD2345"},"userIndex":0,"lastOpened":739099800}"#)
    static let collection = json(#"{"collection":"QWER7890"}"#)

    /// `(intent_type, parameters)` of each intent donation, in the legacy events' order.
    static func donations(in path: String) throws -> [(String, String)] {
        let connection = try Connection(path: path, options: .init(mode: .readOnly))
        defer { try? connection.close() }
        let statement = try connection.prepare("SELECT intent_type, parameters FROM intent_donations ORDER BY donated_at")
        var rows: [(String, String)] = []
        while try statement.step() { rows.append((statement.string(at: 0) ?? "", statement.string(at: 1) ?? "")) }
        return rows
    }

    @Test func theZoteroScriptRunsTheMappedIntentsStepByStep() throws {
        let result = try BuiltBinary.run(["replay", "--app-model", "\(Self.directory)/Zotero-AppModel.plist", "\(Self.directory)/Replays"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput == """
            \(Self.directory)/Replays/zotero-restore.plist: Zotero's restored PDF activity through the bridge
              PASS  step 1 addEntity: ok
              PASS  step 2 addEntity: ok
              PASS  step 3 continue: handled
              PASS  step 4 removeEntity: ok
              PASS  step 5 continue: handled
              PASS  step 6 continue: notHandled
              PASS  step 7 continue: notHandled
              PASS  step 8 continue: notHandled
              PASS  step 9 continue: handled
            1 passed, 0 failed

            """)
        let json = try BuiltBinary.run(["replay", "--format", "json", "--app-model", "\(Self.directory)/Zotero-AppModel.plist",
                                        "\(Self.directory)/Replays/zotero-restore.plist"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let steps = try #require(((report["scripts"] as? [[String: Any]])?.first?["steps"]) as? [[String: Any]])
        let opened = try #require(steps[2]["result"] as? [String: Any])
        #expect(opened["intent"] as? String == "OpenItemAppIntent")
        let parameters = try #require(opened["parameters"] as? [String: Any])
        #expect(parameters["item"] as? [String: String] == ["type": "ItemAppEntity", "id": "ABCD2345", "title": "Attention Is All You Need"])
        #expect(parameters["lastOpened"] as? String == "2024-06-03T09:30:00Z")
        #expect((steps[4]["result"] as? [String: Any])?["intent"] as? String == "OpenCollectionAppIntent")
    }

    @Test func validateChecksTheManifestAgainstTheModelAtEachElement() throws {
        let clean = try BuiltBinary.run(["validate", "--manifest", "\(Self.directory)/Plists/zotero-Bridge.plist", "--app-model",
                                         "\(Self.directory)/Zotero-AppModel.plist", "\(Self.directory)/Zotero-Info.plist"])
        #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")
        #expect(clean.standardOutput == """
            \(Self.directory)/Zotero-Info.plist:9:3: warning: 'org.zotero.MainActivity' is declared, but the bridge manifest handles no such type [activity-type-unhandled]
            2 files checked: 0 errors, 1 warning, 0 notes

            """)
        let mistakes = "Samples/AppModels/Invalid/Zotero-Bridge-mistakes.plist"
        let wrong = try BuiltBinary.run(["validate", "--manifest", mistakes, "--app-model", "\(Self.directory)/Zotero-AppModel.plist",
                                         "\(Self.directory)/Zotero-Info.plist"])
        #expect(wrong.status == 1)
        for line in [
            "\(mistakes):24:69: error: 'decode' reads data, but the userInfo shape declares 'libraryId' string [manifest-type-mismatch]",
            "\(mistakes):26:23: error: the path 'libraryId.name' goes into userInfo 'libraryId', which the userInfo shape declares string, not a dictionary [manifest-type-mismatch]",
            "\(mistakes):61:84: error: 'decode' must be 'json' or 'plist', found 'xml' [manifest-shape]",
        ] {
            #expect(wrong.standardOutput.contains(line + "\n"), "\(wrong.standardOutput)")
        }
    }

    @Test func migrateDecodesZoterosOpenItemsFromARealStore() throws {
        let fixture = try MigrateFixture([
            UserActivity(activityType: "org.zotero.PDFActivity",
                         userInfo: ["libraryId": "myLibrary", "collectionId": Self.collection, "openItems": [Self.item],
                                    "restoreMostRecentlyOpenedItem": true], persistentIdentifier: "pdf-ABCD2345"),
            // No open item: the required item is absent.
            UserActivity(activityType: "org.zotero.PDFActivity", userInfo: ["libraryId": "g:4711", "openItems": []], persistentIdentifier: "pdf-none"),
            // Not JSON.
            UserActivity(activityType: "org.zotero.PDFActivity", userInfo: ["openItems": [Self.json(#"{"kind":"#)]], persistentIdentifier: "pdf-broken"),
            // openItems as text, not data: the path cannot go through it.
            UserActivity(activityType: "org.zotero.PDFActivity", userInfo: ["openItems": "ABCD2345"], persistentIdentifier: "pdf-text"),
            UserActivity(activityType: "org.zotero.MainActivity", userInfo: ["openItems": [], "restoreMostRecentlyOpenedItem": false]),
        ])
        defer { fixture.remove() }
        let before = MigrateFixture.bytes(of: fixture.legacy)
        let target = fixture.path("intents.sqlite")
        let result = try BuiltBinary.run(["migrate", "--from", fixture.legacy, "--to", target, "--manifest", Self.manifest,
                                          "--app-model", Self.model, "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
        #expect(report["read"] as? Int == 5)
        #expect(report["migrated"] as? Int == 1)
        #expect(report["skipped"] as? [String: Int] == [
            "unmappedType": 1, "expired": 0, "missingRequiredKeys": 1, "unconvertibleUserInfo": 2, "entityNotFound": 0, "unavailableIntent": 0,
        ])
        #expect(report["deletablePersistentIdentifiers"] as? [String] == ["pdf-ABCD2345"])
        // The first event skipped for each reason, with the key path that did not fit.
        let first = try #require(report["firstSkipped"] as? [String: [String: Any]])
        #expect(Set(first.keys) == ["unmappedType", "missingRequiredKeys", "unconvertibleUserInfo"])
        #expect(first["missingRequiredKeys"]?["event"] as? Int == 2)
        #expect(first["missingRequiredKeys"]?["because"] as? String == "userInfo lacks 'openItems[0] → json → kind.key'")
        #expect(first["unconvertibleUserInfo"]?["event"] as? Int == 3)
        #expect((first["unconvertibleUserInfo"]?["because"] as? String)?.hasPrefix("userInfo 'openItems[0]' is not valid JSON data: ") == true,
                "\(first)")
        #expect(first["unmappedType"]?["activityType"] as? String == "org.zotero.MainActivity")
        #expect(result.standardOutput.contains(
            #""firstSkipped":{"unmappedType":{"event":5,"activityType":"org.zotero.MainActivity","because":"no bridge manifest maps 'org.zotero.MainActivity'"},"missingRequiredKeys":{"event":2,"#),
            "\(result.standardOutput)")
        let rows = try Self.donations(in: target)
        #expect(rows.count == 1)
        #expect(rows.first?.0 == "OpenItemAppIntent")
        #expect(rows.first?.1 == #"{"item":"ABCD2345","library":"myLibrary","lastOpened":"2024-06-03T09:30:00Z"}"#)
        #expect(MigrateFixture.bytes(of: fixture.legacy) == before, "the legacy store never changes")
    }

    static let shareModel = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>formatVersion</key><integer>1</integer><key>name</key><string>sharer</string>
          <key>activityTypes</key><array><string>com.example.share</string></array>
          <key>handledActivityTypes</key><array><string>com.example.share</string></array>
          <key>intents</key><dict><key>ShareAppIntent</key><dict><key>title</key><string>Share</string><key>parameters</key><dict>
            <key>link</key><dict><key>type</key><string>url</string></dict>
            <key>attachment</key><dict><key>type</key><string>file</string><key>optional</key><true/></dict>
            <key>when</key><dict><key>type</key><string>date</string><key>optional</key><true/></dict>
          </dict></dict></dict>
        </dict></plist>
        """

    static let shareManifest = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>formatVersion</key><integer>1</integer><key>app</key><string>sharer</string>
          <key>activityTypes</key><dict><key>com.example.share</key><dict>
            <key>userInfo</key><dict><key>link</key><string>url</string>
              <key>meta</key><dict><key>file</key><string>file</string><key>sent.at</key><string>date</string></dict></dict>
            <key>intent</key><string>ShareAppIntent</string>
            <key>parameters</key><dict>
              <key>link</key><string>link</string>
              <key>attachment</key><dict><key>from</key><string>meta.file</string><key>optional</key><true/></dict>
              <key>when</key><dict><key>from</key><string>meta.sent\.at</string><key>optional</key><true/></dict>
            </dict></dict></dict>
        </dict></plist>
        """#

    @Test func urlFileAndDateParametersMigrateInTheirCanonicalForms() throws {
        let fixture = try MigrateFixture([
            UserActivity(activityType: "com.example.share", userInfo: [
                "link": "https://www.zotero.org/groups/4711", "meta": ["file": "/var/mobile/paper.pdf", "sent.at": "2024-06-03T11:30:00+02:00"],
            ]),
            UserActivity(activityType: "com.example.share", userInfo: ["link": "zotero://select/library/items/ABCD2345", "meta": ["sent.at": 1_717_407_000]]),
            UserActivity(activityType: "com.example.share", userInfo: ["link": "www.zotero.org"]),  // not an absolute URL
            UserActivity(activityType: "com.example.share", userInfo: ["link": "https://www.zotero.org/", "meta": "none"]),  // meta is no dictionary
        ])
        defer { fixture.remove() }
        try Data(Self.shareModel.utf8).write(to: URL(fileURLWithPath: fixture.path("Sharer-AppModel.plist")))
        try Data(Self.shareManifest.utf8).write(to: URL(fileURLWithPath: fixture.path("Sharer-Bridge.plist")))
        try Data(#"<plist version="1.0"><dict><key>NSUserActivityTypes</key><array><string>com.example.share</string></array></dict></plist>"#.utf8)
            .write(to: URL(fileURLWithPath: fixture.path("Info.plist")))
        let validate = try BuiltBinary.run(["validate", "--manifest", fixture.path("Sharer-Bridge.plist"), "--app-model", fixture.path("Sharer-AppModel.plist"),
                                            fixture.path("Info.plist")])
        #expect(validate.status == 0, "\(validate.standardOutput)\(validate.standardError)")
        let target = fixture.path("intents.sqlite")
        let result = try BuiltBinary.run(["migrate", "--from", fixture.legacy, "--to", target, "--manifest", fixture.path("Sharer-Bridge.plist"),
                                          "--app-model", fixture.path("Sharer-AppModel.plist"), "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
        #expect(report["migrated"] as? Int == 2)
        #expect((report["skipped"] as? [String: Int])?["unconvertibleUserInfo"] == 2)
        #expect(try Self.donations(in: target).map { "\($0.0) \($0.1)" } == [
            #"ShareAppIntent {"link":"https://www.zotero.org/groups/4711","attachment":"file:///var/mobile/paper.pdf","when":"2024-06-03T09:30:00Z"}"#,
            #"ShareAppIntent {"link":"zotero://select/library/items/ABCD2345","when":"2024-06-03T09:30:00Z"}"#,
        ])
    }
}
