import Foundation
import JSON
import Testing
import TestSupport

/// Issue 16's rules of where a type must be declared, through the built binary: an Intents extension's
/// `.continueInApp` activity is checked against its containing app's `NSUserActivityTypes`; a malformed
/// `NSUserActivityTypes` is one located error with each site it seems to name as its note; and a widget's
/// configuration intent left without an App Intent says what users lose (configured widgets), not shortcuts.
@Suite("audit end to end: an extension's activities, a malformed NSUserActivityTypes, widget intents")
struct AuditDeclarationsEndToEndTests {
    static let appSettings = "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop;"

    @Test func anExtensionsActivityIsCheckedAgainstItsApp() throws {
        let undeclared = try FixtureTree(continueInAppRepository(appTypes: []), purpose: "audit-extension-e2e")
        let result = try BuiltBinary.run(["audit", "--format", "json", undeclared.root])
        #expect(result.status == 1)
        let errors = try Self.diagnostics(result.standardOutput).filter { Self.string($0["severity"]) == "error" }
        // The app's handler and the extension's creation; the extension's names the app's Info.plist.
        #expect(errors.map(Self.place) == [
            "activity-type-undeclared-in-code \(undeclared.at("App/App.swift", "3️⃣"))",
            "activity-type-undeclared-in-code \(undeclared.at("Intents/IntentHandler.swift"))",
        ])
        #expect(Self.string(errors.last?["message"])?.contains("for its app to continue, which the app Shop's Info.plist (App/Info.plist) does not declare") == true)

        // The app's declaration serves the extension: nothing is reported, and the extension needs none of its own.
        let declared = try FixtureTree(continueInAppRepository(appTypes: ["com.example.shop.call"]), purpose: "audit-extension-e2e")
        let clean = try BuiltBinary.run(["audit", declared.root])
        #expect(clean.status == 0, "\(clean.standardOutput)")
        #expect(clean.standardOutput == "2 targets without errors or warnings (Shop, Widget): 0 notes — --notes for their lines\n"
            + "audit: 1 project, 2 targets: 0 errors, 0 warnings, 0 notes\n")
        let listed = try BuiltBinary.run(["audit", "--notes", declared.root])
        #expect(listed.standardOutput.contains("Widget (Release, named Release): 1 Swift file, 0 declared, 1 created, 0 handled activity types, 0 App Intents, 0 App Shortcuts: 0 errors, 0 warnings, 0 notes\n"
            + "audit: 1 project, 2 targets: 0 errors, 0 warnings, 0 notes\n"))
    }

    @Test func aDictionaryForNSUserActivityTypesIsOneErrorWithTheSitesAsNotes() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>NSUserActivityTypes</key>
            \t1️⃣<dict>
            \t\t<key>open</key>
            \t\t<string>com.example.shop.open</string>
            \t</dict>
            </dict>
            </plist>

            """
        let tree = try FixtureTree([
            "Shop.xcodeproj/project.pbxproj": pbxproj(appSettings: Self.appSettings, appSources: ["App/App.swift"]),
            "App/Info.plist": plist,
            "App/App.swift": """
                import UIKit
                final class Scene {
                    func donate() { NSUserActivity(activityType: 2️⃣"com.example.shop.open").becomeCurrent() }
                    func scene(_ s: UIScene, continue a: NSUserActivity) { if a.activityType == 3️⃣"com.example.shop.open" {} }
                }
                """,
        ], purpose: "audit-malformed-types-e2e")
        let result = try BuiltBinary.run(["audit", "--format", "json", tree.root])
        #expect(result.status == 1)
        let diagnostics = try Self.diagnostics(result.standardOutput)
        // One cause, one error; no `activity-type-undeclared-in-code` for the type the dictionary seems to name.
        let errors = diagnostics.filter { Self.string($0["severity"]) == "error" }
        #expect(errors.map(Self.place) == ["activity-types-not-array \(tree.at("App/Info.plist"))"])
        guard case let .array(notes)? = errors.first?["notes"] else { Issue.record("no notes in \(result.standardOutput)"); return }
        #expect(notes.map { "\(Self.string($0["file"]) ?? ""):\($0["line"]?.text ?? ""):\($0["column"]?.text ?? "")" }
                == [tree.at("App/App.swift", "2️⃣"), tree.at("App/App.swift", "3️⃣")])
        #expect(Self.string(notes.first?["message"])?.hasPrefix("target Shop creates activity type 'com.example.shop.open' here") == true)

        // The text form prints the error at the Info.plist's place.
        let text = try BuiltBinary.run(["audit", tree.root])
        #expect(text.standardOutput.contains("\(tree.at("App/Info.plist")): error: NSUserActivityTypes must be an array of strings"))
    }

    @Test func aWidgetConfigurationIntentSaysUsersLoseTheirConfiguredWidgets() throws {
        let definition = intentDefinition("""
            <dict><key>INIntentEligibleForWidgets</key><true/><key>INIntentIneligibleForSuggestions</key><true/>
                  <key>INIntentName</key>1️⃣<string>Configuration</string></dict>
            """)
        let tree = try FixtureTree([
            "Shop.xcodeproj/project.pbxproj": pbxproj(appSettings: Self.appSettings, appSources: ["App/App.swift", "App/Widget.intentdefinition"]),
            "App/Info.plist": infoPlist(types: []),
            "App/App.swift": "struct App {}\n",
            "App/Widget.intentdefinition": definition,
        ], purpose: "audit-widget-intent-e2e")
        let result = try BuiltBinary.run(["audit", "--format", "json", tree.root])
        let warnings = try Self.diagnostics(result.standardOutput).filter { Self.string($0["rule"]) == "custom-intent-not-migrated" }
        #expect(warnings.map(Self.place) == ["custom-intent-not-migrated \(tree.at("App/Widget.intentdefinition"))"])
        let message = try #require(Self.string(warnings.first?["message"]))
        #expect(message.contains("ConfigurationIntent"))
        #expect(message.contains("widgets users configured with it lose their configuration"))
        #expect(!message.contains("shortcuts"))
    }

    static func diagnostics(_ json: String) throws -> [JSONValue] {
        guard case let .array(diagnostics)? = try JSONParser().parse(json)["diagnostics"] else { return [] }
        return diagnostics
    }

    static func string(_ value: JSONValue?) -> String? {
        if case let .string(text)? = value { return text }
        return nil
    }

    /// `rule FILE:LINE:COL` of a diagnostic in the JSON form.
    static func place(_ diagnostic: JSONValue) -> String {
        "\(string(diagnostic["rule"]) ?? "") \(string(diagnostic["file"]) ?? ""):\(diagnostic["line"]?.text ?? ""):\(diagnostic["column"]?.text ?? "")"
    }
}
