import Foundation
import ActivityBridge
import Audit
import Diagnostics
import PropertyList
import SwiftFacts
import Testing
import TestSupport

/// `--emit-app-model`'s conversion (AuditAppModel.swift) on a repository of our own: every parameter kind,
/// and each thing the model cannot hold said in a note at its exact place; the model loads clean.
@Suite("Audit app models on a fixture repository", .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct AuditAppModelTests {
    static let files: [String: String] = [
        "Notes.xcodeproj/project.pbxproj": pbxproj(
            appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.notes; PRODUCT_NAME = Notes; ",
            appSources: ["App/Scene.swift", "App/Intents.swift", "App/Entities.swift", "App/Shortcuts.swift"],
            extensionFolder: "Widget", extensionSettings: "INFOPLIST_FILE = Widget/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.notes.widget; "),
        "App/Info.plist": infoPlist(types: [
            "<string>$(PRODUCT_BUNDLE_IDENTIFIER).open</string>",
            "<string>EditNoteIntent</string>",
            "1️⃣<string>$(NOTES_MISSING_SETTING)</string>",
        ], extra: "\t<key>CFBundleDisplayName</key>\n\t<string>Notes Plus</string>\n\t<key>CoreSpotlightContinuation</key>\n\t<true/>\n"
            + "\t<key>INAlternativeAppNames</key>\n\t<array><dict><key>INAlternativeAppName</key><string>$(PRODUCT_NAME) Notes</string></dict></array>\n"),
        "Widget/Info.plist": infoPlist(types: []),
        "Widget/Widget.swift": """
            import AppIntents

            struct WidgetIntent: WidgetConfigurationIntent {
                static let title: LocalizedStringResource = "Widget"
            }

            """,
        "App/Scene.swift": """
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func donate() {
                    let activity = NSUserActivity(activityType: "com.example.notes.open")
                    activity.becomeCurrent()
                }

                func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                    switch userActivity.activityType {
                    case "com.example.notes.open": break
                    case "EditNoteIntent": break
                    case "com.apple.corespotlightitem": break
                    case "com.example.notes.undeclared": break
                    case 1️⃣Self.dynamicType: break
                    default: break
                    }
                }

                static var dynamicType: String { UserDefaults.standard.string(forKey: "type")! }
            }

            """,
        "App/Intents.swift": """
            import AppIntents

            struct EditNoteAppIntent: AppIntent, CustomIntentMigratedAppIntent {
                static let intentClassName = "EditNoteIntent"
                static let title: LocalizedStringResource = "Edit Note"
                @Parameter(title: "Note") var note: NoteEntity
                @Parameter(title: "Text") var text: String?
                @Parameter(title: "Pinned") var pinned: Bool
                @Parameter(title: "Count") var count: Int
                @Parameter(title: "Size") var size: Double
                @Parameter(title: "Due") var due: Date?
                @Parameter(title: "Link") var link: URL?
                @Parameter(title: "File") var file: IntentFile?
                @Parameter(title: "Margin") var margin: Measurement<UnitLength>?
                @Parameter(title: "Color") var color: NoteColor
                @Parameter(title: "Tags") var 1️⃣tags: [String]
                @Parameter(title: "Person") var 2️⃣person: IntentPerson?
                func perform() async throws -> some IntentResult { .result() }
            }

            struct 3️⃣OpenNoteIntent: OpenIntent {
                static let title = LocalizedStringResource(String(format: "Open %@", "Note"))
                @Parameter(title: "Note") var target: NoteEntity
                func perform() async throws -> some IntentResult { .result() }
            }

            struct 4️⃣SyncIntent: AppIntent {
                static let title: LocalizedStringResource = "Sync"
                static var openAppWhenRun: Bool { UserDefaults.standard.bool(forKey: "open") }
                func perform() async throws -> some IntentResult { .result() }
            }

            struct QuickIntent: AppIntent {
                static let title: LocalizedStringResource = "Quick"
                static let supportedModes: IntentModes = .foreground
                func perform() async throws -> some IntentResult { .result() }
            }

            struct QuietIntent: OpenIntent {
                static let title: LocalizedStringResource = "Quiet"
                static let supportedModes: IntentModes = .background
                @Parameter(title: "Note") var target: NoteEntity
                func perform() async throws -> some IntentResult { .result() }
            }

            struct 5️⃣LaterIntent: AppIntent {
                static let title: LocalizedStringResource = "Later"
                static let supportedModes: IntentModes = .foreground(.deferred)
                func perform() async throws -> some IntentResult { .result() }
            }

            """,
        "App/Entities.swift": """
            import AppIntents

            struct NoteEntity: AppEntity {
                static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Note")
                static let defaultQuery = NoteQuery()
                let id: String
                var displayRepresentation: DisplayRepresentation { "\\(id)" }
            }

            struct 1️⃣FolderEntity: AppEntity {
                static let defaultQuery = FolderQuery()
                let id: String
                var displayRepresentation: DisplayRepresentation { "\\(id)" }
            }

            enum NoteColor: String, AppEnum {
                case red, green, blue
                static let typeDisplayRepresentation: TypeDisplayRepresentation = "Color"
                static let caseDisplayRepresentations: [Self: DisplayRepresentation] = [.red: "Red", .green: "Green", .blue: "Blue"]
            }

            """,
        "App/Shortcuts.swift": """
            import AppIntents

            struct NotesShortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] {
                    AppShortcut(intent: EditNoteAppIntent(), phrases: [
                        "Edit \\(\\.$note) in \\(.applicationName)",
                        "Edit \\(\\.$color) notes in \\(.applicationName)",
                        1️⃣"Edit \\(\\.$text) in \\(.applicationName)",
                        2️⃣"Edit a note with Notes",
                        3️⃣Phrases.edit,
                    ], shortTitle: "Edit Note", systemImageName: "pencil")
                    4️⃣AppShortcut(intent: OpenNoteIntent(), phrases: ["Open \\(\\.$target) in \\(.applicationName)"])
                    5️⃣AppShortcut(intent: ExternalIntent(), phrases: ["Run \\(.applicationName)"], shortTitle: "Run", systemImageName: "play")
                    AppShortcut(intent: SyncIntent(), phrases: ["Sync with \\(.applicationName)"], shortTitle: "Sync", systemImageName: "arrow.clockwise")
                }
            }

            """,
    ]

    @Test func theModelHoldsWhatTheAuditFoundAndTheNotesSayWhatItCannot() throws {
        let fixture = try AuditFixture(Self.files)
        let report = try fixture.audit { $0.buildsAppModels = true }
        let targets = report.projects[0].targets
        #expect(targets.map(\.name) == ["Shop", "Widget"])
        #expect(targets[1].appModel == nil, "no model for an extension")
        let model = try #require(targets[0].appModel)
        let source: PropertyListDictionary = [
            "repository": .string(URL(fileURLWithPath: fixture.root).lastPathComponent), "project": "Notes.xcodeproj",
            "target": "Shop", "configuration": "Release",
        ]
        #expect(model == AppModel(
            name: "Shop", applicationName: "Notes Plus", applicationNameSynonyms: ["Notes Notes"],
            activityTypes: ["com.example.notes.open", "EditNoteIntent"], coreSpotlightContinuation: true,
            // The undeclared handled type is never delivered (the audit's error says so); the unresolved one is a note.
            handledActivityTypes: ["com.example.notes.open", "EditNoteIntent", "com.apple.corespotlightitem"],
            intents: [
                AppModel.Intent(typeName: "EditNoteAppIntent", title: "Edit Note", opensApp: false, intentClassName: "EditNoteIntent", parameters: [
                    .init(name: "note", type: "NoteEntity"), .init(name: "text", type: "string", optional: true),
                    .init(name: "pinned", type: "bool"), .init(name: "count", type: "integer"), .init(name: "size", type: "number"),
                    .init(name: "due", type: "date", optional: true), .init(name: "link", type: "url", optional: true),
                    .init(name: "file", type: "file", optional: true), .init(name: "margin", type: "measurement.length", optional: true),
                    .init(name: "color", type: "NoteColor"),
                ]),
                // An OpenIntent opens the app unless it says otherwise.
                AppModel.Intent(typeName: "OpenNoteIntent", title: "OpenNoteIntent", opensApp: true, parameters: [.init(name: "target", type: "NoteEntity")]),
                AppModel.Intent(typeName: "SyncIntent", title: "Sync", opensApp: false),
                AppModel.Intent(typeName: "QuickIntent", title: "Quick", opensApp: true),
                // supportedModes: .background says it does not open, even for an OpenIntent; .deferred depends on the run.
                AppModel.Intent(typeName: "QuietIntent", title: "Quiet", opensApp: false, parameters: [.init(name: "target", type: "NoteEntity")]),
                AppModel.Intent(typeName: "LaterIntent", title: "Later", opensApp: false),
            ],
            entities: [AppModel.Entity(typeName: "NoteEntity", displayName: "Note"), AppModel.Entity(typeName: "FolderEntity", displayName: "FolderEntity")],
            enums: [AppModel.Enumeration(typeName: "NoteColor", cases: ["red", "green", "blue"])],
            appShortcuts: [
                AppModel.Shortcut(intent: "EditNoteAppIntent", phrases: ["Edit ${note} in ${applicationName}", "Edit ${color} notes in ${applicationName}"],
                                  shortTitle: "Edit Note", systemImageName: "pencil"),
                AppModel.Shortcut(intent: "OpenNoteIntent", phrases: ["Open ${target} in ${applicationName}"], shortTitle: "OpenNoteIntent"),
                AppModel.Shortcut(intent: "SyncIntent", phrases: ["Sync with ${applicationName}"], shortTitle: "Sync", systemImageName: "arrow.clockwise"),
            ],
            source: source))

        // Each note at the place it is about, in file order; nothing else of the audit is an app-model note.
        let notes = report.diagnostics.map(\.diagnostic).filter { $0.rule.rawValue.hasPrefix("app-model-emit-") }
        #expect(notes.allSatisfy { $0.severity == .note })
        #expect(notes.map { "\($0.rule.rawValue) \($0.location)" } == [
            "app-model-emit-unresolved \(fixture.at("App/Entities.swift", "1️⃣"))",
            "app-model-emit-unresolved \(fixture.at("App/Info.plist", "1️⃣"))",
            "app-model-emit-unmapped-type \(fixture.at("App/Intents.swift", "1️⃣"))",
            "app-model-emit-unmapped-type \(fixture.at("App/Intents.swift", "2️⃣"))",
            "app-model-emit-unresolved \(fixture.at("App/Intents.swift", "3️⃣"))",
            "app-model-emit-unresolved \(fixture.at("App/Intents.swift", "4️⃣"))",
            "app-model-emit-unresolved \(fixture.at("App/Intents.swift", "5️⃣"))",
            "app-model-emit-unresolved \(fixture.at("App/Scene.swift", "1️⃣"))",
            "app-model-emit-left-out \(fixture.at("App/Shortcuts.swift", "1️⃣"))",
            "app-model-emit-left-out \(fixture.at("App/Shortcuts.swift", "2️⃣"))",
            "app-model-emit-unresolved \(fixture.at("App/Shortcuts.swift", "3️⃣"))",
            "app-model-emit-unresolved \(fixture.at("App/Shortcuts.swift", "4️⃣"))",
            "app-model-emit-left-out \(fixture.at("App/Shortcuts.swift", "5️⃣"))",
        ])
        let messages = notes.map(\.message)
        try #require(messages.count == 13)
        #expect(messages[2] == "parameter 'tags' of App Intent 'EditNoteAppIntent' is [String]: a list; app models have no list parameters; the app model leaves the parameter out")
        #expect(messages[3].hasPrefix("parameter 'person' of App Intent 'EditNoteAppIntent' is IntentPerson: neither a built-in kind"))
        #expect(messages[4] == "App Intent 'OpenNoteIntent': its title (LocalizedStringResource(String(format: \"Open %@\", \"Note\"))) is not a string the audit can follow; the app model's title is the type name")
        #expect(messages[8].hasPrefix("the phrase \"Edit ${text} in ${applicationName}\" is left out of the app model: parameter 'text' is string"))
        #expect(messages[9].hasSuffix("[missing-application-name]"))
        #expect(messages[12] == "the App Shortcut of ExternalIntent is left out of the app model: the audit found no App Intent of that name in the target's code")
        // Without the option there is no model and no note.
        let plain = try fixture.audit()
        #expect(plain.projects[0].targets[0].appModel == nil)
        #expect(!plain.diagnostics.contains { $0.diagnostic.rule.rawValue.hasPrefix("app-model-emit-") })
        #expect(plain.diagnostics.count + notes.count == report.diagnostics.count)
    }

    @Test func theWrittenModelLoadsCleanAndTheDraftMapsByIntentClassName() throws {
        let fixture = try AuditFixture(Self.files)
        let model = try #require(try fixture.audit { $0.buildsAppModels = true }.projects[0].targets[0].appModel)
        let data = try AppModelWriter().data(model)
        let reading = AppModelReader().read(data, file: "Shop.app.plist")
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        #expect(reading.model == model)
        let draft = BridgeManifestDraft(model: model)
        #expect(draft.mapped.map { "\($0.activityType) → \($0.intent.typeName)" } == ["EditNoteIntent → EditNoteAppIntent"])
        #expect(draft.unmapped == ["com.example.notes.open"])
    }

    @Test func parameterTypes() {
        let model = AppModel(name: "App", entities: [AppModel.Entity(typeName: "ItemEntity", displayName: "Item")],
                             enums: [AppModel.Enumeration(typeName: "Mode", cases: ["a"])])
        func type(_ swift: String) -> String {
            switch AuditReport.Target.modelParameterType(swift, in: model) {
            case let .success(type): type
            case let .failure(unmapped): "- " + unmapped.reason
            }
        }
        #expect(type("Module.ItemEntity") == "ItemEntity")
        #expect(type("Outer.Mode") == "Mode")
        #expect(type("Foundation.Measurement<Foundation.UnitTemperature>") == "measurement.temperature")
        #expect(type("Measurement<UnitElectricCurrent>") == "measurement.electricCurrent")
        #expect(type("Measurement<Dimension>") == "- a measurement of 'Dimension', which is not one of Foundation's Unit… dimensions")
        #expect(type("Array<ItemEntity>") == "- a list; app models have no list parameters")
        #expect(type("Set<Mode>") == "- a list; app models have no list parameters")
        #expect(type("Optional<Int>") == "- a generic type the app model has no kind for")
        #expect(type("UInt8") == "integer")
        #expect(type("CGFloat") == "number")
        #expect(type("DateComponents") == "date")
        #expect(type("OtherEntity").hasPrefix("- neither a built-in kind"))
    }
}
