import Diagnostics
import Foundation
import Testing
import ActivityBridge
import PropertyList
import TestSupport

/// `bridge init`'s draft: legacy types matched to intents by `intentClassName` or name, the draft
/// loading clean against the model, unmapped types left for a person.
@Suite("App models: bridge manifest drafts")
struct BridgeManifestDraftTests {
    /// A Zavala-like model: legacy `…Intent` types, and one reverse-DNS type naming an intent.
    static let zavala = AppModel(
        name: "zavala", activityTypes: ["AddOutlineIntent", "io.vincode.Zavala.EditOutlineIntent", "io.vincode.Zavala.ShowHelp", "io.vincode.Zavala.openEditor"],
        intents: [
            AppModel.Intent(typeName: "AddOutlineAppIntent", title: "Add Outline", intentClassName: "AddOutlineIntent",
                            parameters: [AppModel.Parameter(name: "title", type: "string")]),
            AppModel.Intent(typeName: "EditOutlineAppIntent", title: "Edit Outline", intentClassName: "EditOutlineIntent",
                            parameters: [AppModel.Parameter(name: "outline", type: "OutlineAppEntity"),
                                         AppModel.Parameter(name: "level", type: "integer", optional: true)]),
            AppModel.Intent(typeName: "ShowHelp", title: "Show Help", opensApp: true),
        ],
        entities: [AppModel.Entity(typeName: "OutlineAppEntity", displayName: "Outline")])

    @Test func typesMapByIntentClassNameThenByIntentName() {
        let draft = BridgeManifestDraft(model: Self.zavala)
        #expect(draft.mapped.map { "\($0.activityType) → \($0.intent.typeName)" } == [
            "AddOutlineIntent → AddOutlineAppIntent",
            "io.vincode.Zavala.EditOutlineIntent → EditOutlineAppIntent",
            "io.vincode.Zavala.ShowHelp → ShowHelp",
        ])
        #expect(draft.unmapped == ["io.vincode.Zavala.openEditor"])
    }

    @Test func theDraftLoadsCleanAgainstTheModel() throws {
        let draft = BridgeManifestDraft(model: Self.zavala)
        let data = try draft.xmlData()
        let reading = BridgeManifestReader().read(data, file: "draft.plist")
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        let manifest = try #require(reading.manifest)
        #expect(manifest.app == "zavala")
        #expect(BridgeManifestChecker(catalog: try Self.zavala.intentCatalog()).check(manifest) == [])
        let edit = try #require(manifest.mapping(for: "io.vincode.Zavala.EditOutlineIntent"))
        #expect(edit.targets.map(\.intent) == ["EditOutlineAppIntent"])
        #expect(edit.targets.first?.binding(for: "outline")?.userInfoKey == "outline")
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.contains("<!-- Declared but not mapped: no intent's intentClassName or name matches."))
        #expect(text.contains("     io.vincode.Zavala.openEditor -->\n<plist"))
    }

    @Test func aManifestMisnamingTheModelsIntentsIsCaughtByTheChecker() throws {
        let manifest = """
            <plist version="1.0"><dict><key>formatVersion</key><integer>1</integer><key>app</key><string>zavala</string>
            <key>activityTypes</key><dict><key>AddOutlineIntent</key><dict><key>intent</key><string>AddAppIntent</string></dict></dict>
            </dict></plist>
            """
        let reading = BridgeManifestReader().read(Data(manifest.utf8), file: "m.plist")
        let checked = BridgeManifestChecker(catalog: try Self.zavala.intentCatalog()).check(try #require(reading.manifest))
        #expect(checked.map(\.rule) == [.manifestUnknownIntent])
        #expect(checked.first?.message == "'AddOutlineIntent' maps to unknown intent 'AddAppIntent' (the app registers: AddOutlineAppIntent, EditOutlineAppIntent, ShowHelp)")
    }
}
