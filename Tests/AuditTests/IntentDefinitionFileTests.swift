import Foundation
import Diagnostics
import Testing
import TestSupport
@testable import Audit

/// A custom intent's class is `INIntentClassPrefix` + `INIntentName` + `Intent`: the name `intentClassName`
/// must hold. A widget's configuration intent is no Siri shortcut, and its warning says what users lose.
@Suite("Intent definitions: class names and what users lose")
struct IntentDefinitionFileTests {
    @Test func theClassPrefixIsPartOfTheClassName() throws {
        let text = intentDefinition("""
            <dict><key>INIntentClassPrefix</key><string>HS</string><key>INIntentName</key><string>ExecuteLua</string></dict>
            <dict><key>INIntentName</key><string>Plain</string></dict>
            <dict><key>INIntentCategory</key><string>system</string><key>INIntentClassName</key><string>INPlayMediaIntent</string>
                  <key>INIntentClassPrefix</key><string>IN</string><key>INIntentCustomizable</key><true/>
                  <key>INIntentName</key><string>PlayMedia</string></dict>
            <dict><key>INIntentClassName</key><string>INSendMessageIntent</string><key>INIntentName</key><string>SendMessage</string></dict>
            """)
        let file = try IntentDefinitionFile.read(Data(text.utf8), path: "Intents.intentdefinition").get()
        #expect(file.customIntents.map(\.className) == ["HSExecuteLuaIntent", "PlainIntent"])
        #expect(file.customIntents.map(\.location.line) == [6, 7])
        #expect(file.classNames == ["HSExecuteLuaIntent", "PlainIntent", "INPlayMediaIntent", "INSendMessageIntent"])
    }

    /// Some Xcode versions write `INIntentClassName` for a custom intent as well, holding its generated name
    /// (with the prefix): it is still a custom intent, not a system one.
    @Test func aCustomIntentMayNameItsOwnClass() throws {
        let text = intentDefinition("""
            <dict><key>INIntentCategory</key><string>generic</string><key>INIntentClassName</key><string>RunScriptIntent</string>
                  <key>INIntentName</key><string>RunScript</string></dict>
            <dict><key>INIntentClassName</key><string>XYChapterIntent</string><key>INIntentClassPrefix</key><string>XY</string>
                  <key>INIntentName</key><string>Chapter</string></dict>
            """)
        let file = try IntentDefinitionFile.read(Data(text.utf8), path: "Intents.intentdefinition").get()
        #expect(file.customIntents.map(\.className) == ["RunScriptIntent", "XYChapterIntent"])
        #expect(file.classNamesBySwiftName == ["ChapterIntent": "XYChapterIntent"])
    }

    @Test func aPrefixAtTheFilesRootAppliesToIntentsWithoutTheirOwn() throws {
        let text = intentDefinition("""
            <dict><key>INIntentName</key><string>Chapter</string></dict>
            <dict><key>INIntentClassPrefix</key><string>AB</string><key>INIntentName</key><string>Page</string></dict>
            """, root: "<key>INIntentClassPrefix</key><string>XY</string>\n")
        let file = try IntentDefinitionFile.read(Data(text.utf8), path: "Intents.intentdefinition").get()
        #expect(file.customIntents.map(\.className) == ["XYChapterIntent", "ABPageIntent"])
    }

    @Test func whatUsersLoseWithoutAMigratedAppIntent() throws {
        let text = intentDefinition("""
            <dict><key>INIntentName</key><string>Configuration</string><key>INIntentEligibleForWidgets</key><true/>
                  <key>INIntentIneligibleForSuggestions</key><true/></dict>
            <dict><key>INIntentName</key><string>SleepTimer</string><key>INIntentEligibleForWidgets</key><true/></dict>
            <dict><key>INIntentName</key><string>Order</string></dict>
            """)
        let file = try IntentDefinitionFile.read(Data(text.utf8), path: "Intents.intentdefinition").get()
        #expect(file.customIntents.map(CrossChecks.whatUsersLose) == [
            "widgets users configured with it lose their configuration",
            "shortcuts users built on it stop working, and widgets configured with it lose their configuration",
            "shortcuts users built on it stop working",
        ])
    }

    @Test func theAuditNamesThePrefixedClassInItsWarning() throws {
        let fixture = try AuditFixture([
            "Shop.xcodeproj/project.pbxproj": pbxproj(appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop;",
                                                      appSources: ["App/App.swift", "App/Intents.intentdefinition"]),
            "App/Info.plist": "<plist version=\"1.0\"><dict><key>NSUserActivityTypes</key><array><string>XYChapterIntent</string></array></dict></plist>",
            "App/App.swift": "struct App {}\n",
            "App/Intents.intentdefinition": intentDefinition("""
                <dict><key>INIntentClassPrefix</key><string>XY</string><key>INIntentName</key>1️⃣<string>Chapter</string></dict>
                """),
        ])
        let report = try fixture.audit()
        let warnings = report.diagnostics.map(\.diagnostic).filter { $0.rule == .customIntentNotMigrated }
        #expect(warnings.map(\.location.description) == [fixture.at("App/Intents.intentdefinition", "1️⃣")])
        #expect(warnings.first?.message.contains("intentClassName \"XYChapterIntent\"") == true)
        #expect(report.projects.first?.targets.first?.customIntents.map(\.name) == ["XYChapterIntent"])
        // The declared class name is the custom intent's, not an unused type.
        #expect(report.findings(.activityTypeUnused).isEmpty)
    }

    @Test func aSwiftCastOfAPrefixedIntentIsItsClassName() throws {
        let fixture = try AuditFixture([
            "Shop.xcodeproj/project.pbxproj": pbxproj(appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop;",
                                                      appSources: ["App/App.swift", "App/Intents.intentdefinition"]),
            "App/Info.plist": "<plist version=\"1.0\"><dict><key>NSUserActivityTypes</key><array><string>XYChapterIntent</string></array></dict></plist>",
            "App/App.swift": """
                import Intents
                func go(_ activity: NSUserActivity) {
                    if let chapter = activity.interaction?.intent as? 1️⃣ChapterIntent { _ = chapter }
                }
                """,
            "App/Intents.intentdefinition": intentDefinition("""
                <dict><key>INIntentClassPrefix</key><string>XY</string><key>INIntentName</key><string>Chapter</string></dict>
                """),
        ])
        let report = try fixture.audit()
        let app = try #require(report.projects.first?.targets.first)
        #expect(app.handled.map { "\($0.resolved ?? "nil") \($0.location)" } == ["XYChapterIntent " + fixture.at("App/App.swift", "1️⃣")])
        #expect(report.findings(.activityTypeUndeclaredInCode).isEmpty)
    }
}
