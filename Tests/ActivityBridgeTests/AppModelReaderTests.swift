import Diagnostics
import Foundation
import Testing
import ActivityBridge
import IntentKit
import PropertyList
import TestSupport

/// App models (`Samples/AppModels`): reading, every mistake at its element, IntentKit's App
/// Shortcuts rules mapped to the phrase they are about, and writing back.
@Suite("App models: reading, checking, writing")
struct AppModelReaderTests {
    static let outliner = "Samples/AppModels/Outliner-AppModel.plist"

    static func read(_ relative: String) throws -> AppModelReading {
        try AppModelReader().read(contentsOf: BridgeFixtures.path(relative), displayPath: relative)
    }

    /// `(rule, severity, location)` of each diagnostic, for exact comparison.
    static func summary(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.location): \($0.severity.rawValue) [\($0.rule.rawValue)]" }
    }

    static func expected(_ file: String, _ entries: [(String, String, String, Int)]) throws -> [String] {
        try entries.map { snippet, severity, rule, occurrence in
            "\(try BridgeFixtures.location(of: snippet, occurrence: occurrence, in: file)): \(severity) [\(rule)]"
        }
    }

    @Test func theOutlinerModelReadsCleanlyWithEveryKey() throws {
        let reading = try Self.read(Self.outliner)
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        let model = try #require(reading.model)
        #expect(model.name == "outliner")
        #expect(model.applicationName == "Outliner")
        #expect(model.applicationNameSynonyms == ["My Outlines"])
        #expect(model.activityTypes == ["io.example.outliner.openEditor", "io.example.outliner.search", "EditOutlineIntent"])
        #expect(model.coreSpotlightContinuation)
        #expect(model.handledActivityTypes == ["io.example.outliner.openEditor", "EditOutlineIntent", "com.apple.corespotlightitem"])
        #expect(model.intents.map(\.typeName) == ["OpenOutlineAppIntent", "EditOutlineAppIntent", "ExportOutlineAppIntent"])
        let edit = try #require(model.intent(named: "EditOutlineAppIntent"))
        #expect(edit.intentClassName == "EditOutlineIntent")
        #expect(edit.opensApp == false)
        #expect(edit.parameters == [
            AppModel.Parameter(name: "outline", type: "OutlineAppEntity"),
            AppModel.Parameter(name: "title", type: "string", optional: true),
        ])
        #expect(model.intent(named: "OpenOutlineAppIntent")?.opensApp == true)
        #expect(model.intent(named: "ExportOutlineAppIntent")?.parameter(named: "margin")
            == AppModel.Parameter(name: "margin", type: "measurement.length", optional: true, minimum: 1, maximum: 5.5))
        #expect(model.entities == [AppModel.Entity(typeName: "OutlineAppEntity", displayName: "Outline")])
        #expect(model.enums == [AppModel.Enumeration(typeName: "ExportFormat", cases: ["markdown", "opml"])])
        #expect(model.appShortcuts.map(\.phrases) == [["Open ${outline} in ${applicationName}"], ["Export as ${format} with ${applicationName}"]])
        #expect(model.appShortcuts.map(\.systemImageName) == [nil, "square.and.arrow.up"])
        #expect(model.source == ["target": .string("Outliner")])
    }

    @Test func theModelBuildsAnIntentKitRegistryAndShortcuts() throws {
        let model = try #require(try Self.read(Self.outliner).model)
        let store = AppModelEntityStore()
        let registry = try model.makeRegistry(entities: store)
        #expect(registry.registeredIntentNames == ["OpenOutlineAppIntent", "EditOutlineAppIntent", "ExportOutlineAppIntent"])
        let margin = try registry.definition(named: "ExportOutlineAppIntent").parameter(named: "margin")
        #expect(margin?.kind == .measurement(unit: "length", range: 1...5.5))
        store.add(typeName: "OutlineAppEntity", identifier: "o1", title: "Groceries", suggested: true)
        let shortcuts = try #require(try model.makeAppShortcuts(registry: registry))
        try shortcuts.updateAppShortcutParameters()
        #expect(shortcuts.phrases == ["Open Groceries in Outliner", "Export as markdown with Outliner", "Export as opml with Outliner"])
        // Synonyms are matched, not listed.
        guard case let .matched(request) = shortcuts.match("Open groceries in My Outlines") else {
            Issue.record("the synonym did not match")
            return
        }
        #expect(request.typeName == "OpenOutlineAppIntent")
    }

    @Test func everyStructuralMistakeIsAtItsElement() throws {
        let file = "Samples/AppModels/Invalid/Mistakes-AppModel.plist"
        let reading = try Self.read(file)
        #expect(reading.model == nil)
        #expect(Self.summary(reading.diagnostics) == (try Self.expected(file, [
            ("<key>handeldActivityTypes</key>", "warning", "app-model-unknown-key", 1),
            ("<integer>2</integer>", "error", "app-model-format-version", 1),
            ("<integer>7</integer>", "error", "app-model-shape", 1),
            ("<string>yes</string>", "error", "app-model-shape", 1),
            ("<string>PageEntity</string>", "error", "app-model-unknown-type", 1),
            ("<integer>9</integer>", "error", "app-model-range", 1),
            ("<dict/>", "error", "app-model-shape", 1),
        ])))
        let messages = reading.diagnostics.map(\.message)
        #expect(messages[0] == "unknown key 'handeldActivityTypes' in the app model (did you mean 'handledActivityTypes'?); it is ignored")
        #expect(messages[1] == "'formatVersion' must be <integer>1</integer> (the format this tool reads), found 2")
        #expect(messages[4].hasPrefix("parameter 'page' of intent 'OpenIntent' has type 'PageEntity', which is not a built-in type"))
        #expect(messages[5] == "parameter 'zoom' of intent 'OpenIntent' has 'minimum' 9 above 'maximum' 2")
        #expect(messages[6] == "intent 'NoTitleIntent' needs a 'title'")
    }

    @Test func appleShortcutRulesComeFromIntentKitAtThePhrase() throws {
        let file = "Samples/AppModels/Invalid/Shortcuts-AppModel.plist"
        let reading = try Self.read(file)
        #expect(reading.model == nil)
        #expect(Self.summary(reading.diagnostics) == (try Self.expected(file, [
            ("<string>Open ${chapter} in ${applicationName}</string>", "error", "app-model-unknown-parameter", 1),
            ("<string>Open ${page}</string>", "error", "app-model-missing-application-name", 1),
            ("<string>Note ${note} in ${applicationName}</string>", "error", "app-model-unsupported-parameter-type", 1),
            ("<string>CloseIntent</string>", "error", "app-model-unknown-intent", 1),
        ])))
        #expect(reading.diagnostics.map(\.message) == [
            "intent 'OpenIntent' has no parameter 'chapter'",
            "every App Shortcut phrase must contain '${applicationName}' once",
            "parameter 'note' is string; a phrase parameter must be an entity or enum",
            "intent 'CloseIntent' is not registered",
        ])
    }

    @Test func namesDeclaredTwiceAndHandledButUndeclaredTypes() throws {
        let file = "Samples/AppModels/Invalid/Names-AppModel.plist"
        let reading = try Self.read(file)
        #expect(reading.model == nil)
        #expect(Self.summary(reading.diagnostics) == (try Self.expected(file, [
            // a system type needs no declaration: only the close type is reported
            ("<string>io.example.names.close</string>", "warning", "app-model-handled-undeclared", 1),
            ("<string>small</string>", "error", "app-model-duplicate", 2),
            ("<key>Kind</key>", "error", "app-model-duplicate", 2),
        ])))
        #expect(reading.diagnostics.map(\.message) == [
            "handled activity type 'io.example.names.close' is not in 'activityTypes': it is never delivered (undeclared)",
            "enum 'Size' lists case 'small' twice",
            "'Kind' is both an entity and an enum type",
        ])
    }

    @Test func anIntentIntentKitRefusesIsAtItsKey() throws {
        let file = "Samples/AppModels/Invalid/IntentName-AppModel.plist"
        let reading = try Self.read(file)
        #expect(reading.model == nil)
        #expect(Self.summary(reading.diagnostics) == (try Self.expected(file, [
            ("<key>Open Intent</key>", "error", "app-model-invalid-intent", 1),
        ])))
        #expect(reading.diagnostics.first?.message.contains("the type name must be non-empty and without whitespace") == true)
    }

    @Test func aFileThatIsNotAPropertyListIsAPlistSyntaxError() {
        let reading = AppModelReader().read(Data("<plist><dict><key>name</key></plist>".utf8), file: "broken.plist")
        #expect(reading.model == nil)
        #expect(reading.diagnostics.map(\.rule) == [.plistSyntax])
        #expect(reading.diagnostics.first?.location.file == "broken.plist")
    }

    @Test func aMissingFileIsUnreadable() {
        #expect(throws: AppModelError.unreadable(path: "nowhere.plist", reason: "no such file")) {
            try AppModelReader().read(contentsOf: "/nonexistent/nowhere.plist", displayPath: "nowhere.plist")
        }
    }

    @Test func theWriterWritesKeysInTheFormatsOrderAndRoundTrips() throws {
        let model = try #require(try Self.read(Self.outliner).model)
        let data = try AppModelWriter().data(model)
        let reread = AppModelReader().read(data, file: "written.plist")
        #expect(reread.diagnostics.isEmpty, "\(reread.diagnostics)")
        #expect(reread.model == model)
        let root = try #require(AppModelWriter().propertyList(model).dictionaryValue)
        #expect(root.keys == ["formatVersion", "name", "applicationName", "applicationNameSynonyms", "activityTypes",
                              "coreSpotlightContinuation", "handledActivityTypes", "intents", "entities", "enums",
                              "appShortcuts", "source"])
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.contains("<key>minimum</key>\n\t\t\t\t\t<integer>1</integer>"))
        #expect(text.contains("<real>5.5</real>"))
    }
}
