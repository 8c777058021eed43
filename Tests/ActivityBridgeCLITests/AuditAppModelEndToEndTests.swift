import ActivityBridge
import Diagnostics
import Foundation
import Testing
import TestSupport

/// `activity-bridge audit --emit-app-model DIR` through the real built binary, and the models it writes used
/// by the other commands: read clean, `bridge init` drafts a manifest that validates, `replay` runs a script.
@Suite("audit --emit-app-model end to end")
struct AuditAppModelEndToEndTests {
    static let pbxproj = AuditEndToEndTests.pbxproj(target: "Notes", sources: ["App/Scene.swift", "App/Intents.swift"], bundleIdentifier: "com.example.notes")

    static let infoPlist = AuditEndToEndTests.infoPlist(types: ["$(PRODUCT_BUNDLE_IDENTIFIER).open", "EditNoteIntent"])

    static let scene = """
        import UIKit

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func donate() {
                let activity = NSUserActivity(activityType: "com.example.notes.open")
                activity.becomeCurrent()
            }

            func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                switch userActivity.activityType {
                case "com.example.notes.open": print("open")
                case "EditNoteIntent": print("edit")
                default: break
                }
            }
        }

        """

    /// A legacy EditNoteIntent migrated by intentClassName, an entity, a shortcut with its phrase.
    static let intents = """
        import AppIntents

        struct EditNoteAppIntent: AppIntent, CustomIntentMigratedAppIntent {
            static let intentClassName = "EditNoteIntent"
            static let title: LocalizedStringResource = "Edit Note"
            @Parameter(title: "Note") var note: NoteEntity
            @Parameter(title: "Text") var text: String?
            func perform() async throws -> some IntentResult { .result() }
        }

        struct NoteEntity: AppEntity {
            static let typeDisplayRepresentation: TypeDisplayRepresentation = "Note"
            static let defaultQuery = NoteQuery()
            let id: String
            var displayRepresentation: DisplayRepresentation { "\\(id)" }
        }

        struct NotesShortcuts: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: EditNoteAppIntent(), phrases: ["Edit \\(\\.$note) in \\(.applicationName)"],
                            shortTitle: "Edit Note", systemImageName: "pencil")
            }
        }

        """

    static let script = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        \t<key>name</key><string>Notes after migration</string>
        \t<key>app</key><string>Notes</string>
        \t<key>launched</key><true/>
        \t<key>steps</key><array>
        \t\t<dict><key>do</key><string>addEntity</string><key>type</key><string>NoteEntity</string>
        \t\t\t<key>id</key><string>n1</string><key>title</key><string>Groceries</string></dict>
        \t\t<dict><key>do</key><string>siri</string><key>utterance</key><string>Edit groceries in Notes</string>
        \t\t\t<key>expect</key><dict><key>outcome</key><string>handled</string><key>intent</key><string>EditNoteAppIntent</string>
        \t\t\t<key>parameters.note</key><string>Groceries</string></dict></dict>
        \t\t<dict><key>do</key><string>continue</string>
        \t\t\t<key>activity</key><dict><key>activityType</key><string>EditNoteIntent</string>
        \t\t\t\t<key>userInfo</key><dict><key>note</key><string>n1</string></dict></dict>
        \t\t\t<key>expect</key><dict><key>outcome</key><string>handled</string><key>intent</key><string>EditNoteAppIntent</string>
        \t\t\t<key>parameters.note.id</key><string>n1</string></dict></dict>
        \t\t<dict><key>do</key><string>continue</string>
        \t\t\t<key>activity</key><dict><key>activityType</key><string>com.example.notes.open</string></dict>
        \t\t\t<key>expect</key><dict><key>outcome</key><string>handled</string><key>activityType</key><string>com.example.notes.open</string></dict></dict>
        \t</array>
        </dict></plist>

        """

    func withRepository<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = try TemporaryDirectory.create("audit-model-e2e")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = ["Notes.xcodeproj/project.pbxproj": Self.pbxproj, "App/Info.plist": Self.infoPlist, "App/Scene.swift": Self.scene,
                     "App/Intents.swift": Self.intents, "script.plist": Self.script]
        try FixtureTree.write(files, into: directory)
        return try body(directory)
    }

    @Test(.enabled(if: BuiltBinaryHasSwiftFacts.value, "built without the toolchain's SwiftParser: no App Intents to model"))
    func theModelRoundTripsThroughBridgeInitValidateAndReplay() throws {
        try withRepository { directory in
            // DIR and its parents are made.
            let audit = try BuiltBinary.run(["audit", "--emit-app-model", "out/models", "."], in: directory)
            #expect(audit.status == 0, "\(audit.standardOutput)\(audit.standardError)")
            #expect(audit.standardError.isEmpty)
            // What was written is said before the summary, which stays last.
            #expect(audit.standardOutput.hasPrefix("app model written: out/models/Notes.app.plist\nNotes.xcodeproj: Notes (Release"))
            #expect(audit.standardOutput.hasSuffix(": 0 errors, 0 warnings, 0 notes\n"))
            let modelPath = directory.appendingPathComponent("out/models/Notes.app.plist").path
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out/models").path) == ["Notes.app.plist"])
            let reading = try AppModelReader().read(contentsOf: modelPath)
            #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
            let model = try #require(reading.model)
            #expect(model.activityTypes == ["com.example.notes.open", "EditNoteIntent"])
            #expect(model.handledActivityTypes == ["com.example.notes.open", "EditNoteIntent"])
            #expect(model.intents == [AppModel.Intent(typeName: "EditNoteAppIntent", title: "Edit Note", intentClassName: "EditNoteIntent",
                                                      parameters: [.init(name: "note", type: "NoteEntity"), .init(name: "text", type: "string", optional: true)])])

            // bridge init maps the legacy type by intentClassName; the draft validates against the model.
            let draft = try BuiltBinary.run(["bridge", "init", "--app-model", "out/models/Notes.app.plist", "-o", "Notes-Bridge.plist"], in: directory)
            #expect(draft.status == 0, "\(draft.standardError)")
            #expect(draft.standardError == "note: 'com.example.notes.open' is declared but no intent's intentClassName or name matches; it stays with the legacy handler\n")
            let validate = try BuiltBinary.run(["validate", "--manifest", "Notes-Bridge.plist", "--app-model", "out/models/Notes.app.plist",
                                                "--define", "PRODUCT_BUNDLE_IDENTIFIER=com.example.notes", "App/Info.plist"], in: directory)
            #expect(validate.status == 0, "\(validate.standardOutput)\(validate.standardError)")
            #expect(!validate.standardOutput.contains("error:"))

            // replay: Siri's phrase, the migrated legacy continuation, the legacy one that stays.
            let replay = try BuiltBinary.run(["replay", "--app-model", "out/models/Notes.app.plist", "--manifest", "Notes-Bridge.plist", "script.plist"],
                                             in: directory)
            #expect(replay.status == 0, "\(replay.standardOutput)\(replay.standardError)")
            #expect(replay.standardOutput == """
                script.plist: Notes after migration
                  PASS  step 1 addEntity: ok
                  PASS  step 2 siri: handled
                  PASS  step 3 continue: handled
                  PASS  step 4 continue: handled
                1 passed, 0 failed

                """)

            // Again: the model is replaced (same bytes), other files of the folder stay.
            let other = directory.appendingPathComponent("out/models/keep.txt")
            try Data("mine".utf8).write(to: other)
            let before = try Data(contentsOf: URL(fileURLWithPath: modelPath))
            let again = try BuiltBinary.run(["audit", "--format", "json", "--emit-app-model", "out/models"], in: directory)
            #expect(again.status == 0)
            #expect(again.standardOutput.hasPrefix("{\"projects\":"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: modelPath)) == before)
            #expect(try String(contentsOf: other, encoding: .utf8) == "mine")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out/models").path).sorted() == ["Notes.app.plist", "keep.txt"])
        }
    }

    @Test func aFolderThatCannotBeMadeFailsBeforeTheAuditAndWritesNothing() throws {
        try withRepository { directory in
            try Data("a file".utf8).write(to: directory.appendingPathComponent("taken"))
            let taken = try BuiltBinary.run(["audit", "--emit-app-model", "taken"], in: directory)
            #expect(taken.status == 1)
            #expect(taken.standardOutput.isEmpty)
            #expect(taken.standardError.hasPrefix("error: cannot create the app model folder 'taken': a file of that name exists\n"))
            #expect(try String(contentsOf: directory.appendingPathComponent("taken"), encoding: .utf8) == "a file")

            let below = try BuiltBinary.run(["audit", "--emit-app-model", "taken/models"], in: directory)
            #expect(below.status == 1)
            #expect(below.standardOutput.isEmpty)
            #expect(below.standardError.hasPrefix("error: cannot create the app model folder 'taken/models': "))

            // A model file that is a folder: the write fails, nothing is left half-written, no temporary file stays.
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("models/Notes.app.plist"), withIntermediateDirectories: true)
            let blocked = try BuiltBinary.run(["audit", "--emit-app-model", "models"], in: directory)
            #expect(blocked.status == 1)
            #expect(blocked.standardOutput.isEmpty)
            #expect(blocked.standardError.hasPrefix("error: cannot write 'models/Notes.app.plist': is a directory\n"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("models").path) == ["Notes.app.plist"])

            let usage = try BuiltBinary.run(["audit", "--emit-app-model"], in: directory)
            #expect(usage.status == 64)
        }
    }

    @Test(.enabled(if: BuiltBinaryHasSwiftFacts.value, "built without the toolchain's SwiftParser: no App Intents to model"))
    func theSampleRepositoriesModelsRunTheirPhrases() throws {
        let directory = try TemporaryDirectory.create("audit-model-samples")
        defer { try? FileManager.default.removeItem(at: directory) }
        let models = directory.appendingPathComponent("models").path
        // The samples' deliberate mistakes are errors: exit 1, and the models are written all the same.
        let walkMate = try BuiltBinary.run(["audit", "--emit-app-model", models, "Samples/Repositories/WalkMate"])
        #expect(walkMate.status == 1)
        #expect(walkMate.standardOutput.contains(
            "WalkMate/Intents/WalkMateAppShortcuts.swift:19:17: note: the phrase \"Create a walk with Walk Mate\" is left out of the app model: "))
        #expect(walkMate.standardOutput.contains("\napp model written: \(models)/WalkMate.app.plist\n"))
        #expect(walkMate.standardOutput.hasSuffix("\naudit: 1 project, 2 targets: 2 errors, 3 warnings, 4 notes\n"))
        let script = directory.appendingPathComponent("walkmate.plist")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>name</key><string>Walk Mate from its repository</string><key>app</key><string>WalkMate</string><key>launched</key><true/>
            <key>steps</key><array>
            <dict><key>do</key><string>siri</string><key>utterance</key><string>Generate a route in Walk Mate</string>
            <key>expect</key><dict><key>outcome</key><string>handled</string><key>intent</key><string>GenerateRoutesIntent</string></dict></dict>
            <dict><key>do</key><string>continue</string><key>activity</key><dict><key>activityType</key><string>com.walkmate.walk.start</string></dict>
            <key>expect</key><dict><key>outcome</key><string>noHandler</string></dict></dict>
            <dict><key>do</key><string>continue</string><key>activity</key><dict><key>activityType</key><string>com.walkmate.debug.replay</string></dict>
            <key>expect</key><dict><key>outcome</key><string>undeclared</string></dict></dict>
            </array></dict></plist>
            """.utf8).write(to: script)
        let replay = try BuiltBinary.run(["replay", "--app-model", "\(models)/WalkMate.app.plist", script.path])
        #expect(replay.status == 0, "\(replay.standardOutput)\(replay.standardError)")
        #expect(replay.standardOutput.hasSuffix("1 passed, 0 failed\n"))
    }
}

/// Whether the built binary reads Swift (the package found the toolchain's SwiftParser when it was built).
enum BuiltBinaryHasSwiftFacts {
    static let value: Bool = {
        guard let result = try? BuiltBinary.run(["audit", "Samples/Repositories/WalkMate"]) else { return false }
        return !result.standardOutput.contains("[swift-source-unavailable]")
    }()
}
