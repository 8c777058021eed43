import Foundation
import Audit
import BuildSettings
import Diagnostics
import SwiftFacts
import TestSupport
import Testing
import XcodeProject

/// Every audit rule on a repository of our own, at its exact place.
@Suite("Audit rules on a fixture repository", .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct AuditRuleTests {
    static let settings = """
        INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; PRODUCT_NAME = Shop; 
        """

    static let files: [String: String] = [
        "Shop.xcodeproj/project.pbxproj": pbxproj(
            appSettings: settings,
            appSources: ["App/AppDelegate.swift", "App/Intents.swift", "App/Shortcuts.swift", "App/Intents.intentdefinition"],
            extensionFolder: "Widget", extensionSettings: "INFOPLIST_FILE = Widget/Missing-Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop.widget; ",
            projectXcconfig: "Config/Base.xcconfig"),
        "Config/Base.xcconfig": """
            // Shared settings
            1️⃣#include "Missing.xcconfig"
            #include? "Optional.xcconfig"
            SWIFT_VERSION = 6.0

            """,
        "App/Info.plist": infoPlist(types: [
            "1️⃣<string>$(PRODUCT_BUNDLE_IDENTIFIER).open</string>",
            "2️⃣<string>com.example.shop.unused</string>",
            "3️⃣<string>OrderSoupIntent</string>",
            "4️⃣<string>com.example.shop.unused</string>",
            "<string>INSendMessageIntent</string>",
        ], extra: "\t<key>AppGroup</key>\n\t5️⃣<string>group.$(APP_GROUP_SUFFIX)</string>\n"),
        "App/AppDelegate.swift": """
            import UIKit

            enum ActivityType: String {
                case open = "com.example.shop.open"
                case browse = "com.example.shop.browse"
            }

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func donate() {
                    let activity = NSUserActivity(activityType: 1️⃣ActivityType.open.rawValue)
                    activity.userInfo = ["id": 1]
                    activity.requiredUserInfoKeys = ["id"]
                    let browse = NSUserActivity(activityType: 2️⃣ActivityType.browse.rawValue)
                    browse.userInfo = ["query": "soup"]
                    browse.requiredUserInfoKeys = ["query", 6️⃣"page"]
                    // activity-bridge:ignore activity-type-undeclared-in-code
                    let quiet = NSUserActivity(activityType: 3️⃣"com.example.shop.quiet")
                    quiet.title = "Quiet"
                }

                func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                                 restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool {
                    switch userActivity.activityType {
                    case 4️⃣ActivityType.open.rawValue: return true
                    case 5️⃣"com.example.shop.legacy": return true  // activity-bridge:ignore activity-type-unused
                    default: return false
                    }
                }
            }

            """,
        "App/Intents.swift": """
            import AppIntents

            struct ProductEntity: AppEntity {
                var id: String
            }

            enum Size: String, AppEnum {
                case small, large
            }

            struct OpenProductIntent: AppIntent {
                static let title: LocalizedStringResource = "Open Product"
                @Parameter(title: "Product") var product: ProductEntity
                @Parameter(title: "Size") var size: Size
                @Parameter(title: "Note") var note: String
                func perform() async throws -> some IntentResult { .result() }
            }

            struct OrderSoupAppIntent: AppIntent, CustomIntentMigratedAppIntent {
                static let intentClassName = "OrderSoupIntent"
                static let title: LocalizedStringResource = "Order Soup"
                func perform() async throws -> some IntentResult { .result() }
            }

            """,
        "App/Shortcuts.swift": """
            import AppIntents

            struct ShopShortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] {
                    AppShortcut(intent: OpenProductIntent(), phrases: [
                        1️⃣"Open \\(\\.$product) in \\(.applicationName)",
                        2️⃣"Open \\(\\.$product)",
                        3️⃣"Open \\(\\.$product) \\(\\.$size) in \\(.applicationName)",
                        4️⃣"Note \\(\\.$note) in \\(.applicationName)",
                        5️⃣"Shop with \\(.applicationName)",
                    ], shortTitle: "Open Product", systemImageName: "bag")
                    AppShortcut(intent: OrderSoupAppIntent(), phrases: [
                        6️⃣"shop with \\(.applicationName)!",
                    ], shortTitle: "Order Soup", systemImageName: "cup.and.saucer")
                }
            }

            struct 7️⃣MoreShortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] { [] }
            }

            """,
        "App/AppShortcuts.xcstrings": """
            {
              "sourceLanguage" : "en",
              "strings" : {
                4️⃣"Open ${product} in ${applicationName}" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : 1️⃣"Öffne ${product}" } },
                    "fr" : { "stringUnit" : { "state" : "translated", "value" : 2️⃣"Ouvre ${item} dans ${applicationName}" } },
                    "it" : { "stringUnit" : { "state" : "translated", "value" : "Apri ${product} in ${applicationName}" } }
                  }
                },
                3️⃣"Old phrase in ${applicationName}" : {
                  "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Alt in ${applicationName}" } } }
                }
              },
              "version" : "1.0"
            }

            """,
        "App/de.lproj/AppShortcuts.strings": """
            /* German phrases */
            3️⃣"Shop with ${applicationName}" = 1️⃣"Einkaufen";
            2️⃣"Gone ${applicationName}" = "Weg ${applicationName}";

            """,
        "App/Intents.intentdefinition": """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>INIntents</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>INIntentName</key>
            \t\t\t<string>OrderSoup</string>
            \t\t</dict>
            \t\t<dict>
            \t\t\t<key>INIntentName</key>
            \t\t\t1️⃣<string>RefillCup</string>
            \t\t</dict>
            \t\t<dict>
            \t\t\t<key>INIntentClassName</key>
            \t\t\t<string>INPlayMediaIntent</string>
            \t\t\t<key>INIntentName</key>
            \t\t\t<string>PlayMedia</string>
            \t\t</dict>
            \t</array>
            </dict>
            </plist>

            """,
        "Widget/WidgetView.swift": """
            import SwiftUI

            struct WidgetView: View {
                var body: some View { Text("Hi") }
            }

            """,
    ]

    let fixture: AuditFixture
    let report: AuditReport

    init() throws {
        fixture = try AuditFixture(Self.files)
        report = try fixture.audit()
    }

    @Test func activityTypeUndeclaredInCode() {
        // Created: browse (the quiet one is suppressed by the comment above it); handled: the legacy case.
        #expect(report.findings(.activityTypeUndeclaredInCode) == [
            fixture.at("App/AppDelegate.swift", "2️⃣"),
            fixture.at("App/AppDelegate.swift", "5️⃣"),
        ])
        let message = report.diagnostics.first { $0.diagnostic.rule == .activityTypeUndeclaredInCode }?.diagnostic.message
        #expect(message == "target Shop creates activity type 'com.example.shop.browse', which its Info.plist (App/Info.plist) does not declare in NSUserActivityTypes: the system never delivers it")
    }

    @Test func activityTypeUnusedExceptIntentClassNames() {
        // Both com.example.shop.unused entries; OrderSoupIntent is a class of the .intentdefinition, and
        // INSendMessageIntent one of SiriKit's own intents (listed to receive it in the app).
        #expect(report.findings(.activityTypeUnused) == [
            fixture.at("App/Info.plist", "2️⃣"),
            fixture.at("App/Info.plist", "4️⃣"),
        ])
    }

    @Test func activityTypeNeverHandled() {
        // browse and quiet are created and handled nowhere; open is handled by the switch.
        #expect(report.findings(.activityTypeNeverHandled) == [
            fixture.at("App/AppDelegate.swift", "2️⃣"),
            fixture.at("App/AppDelegate.swift", "3️⃣"),
        ])
    }

    @Test func requiredUserInfoKeyMissing() throws {
        // At the missing key's literal, with a note at the creation site.
        #expect(report.findings(.requiredUserInfoKeyMissing) == [fixture.at("App/AppDelegate.swift", "6️⃣")])
        let diagnostic = try #require(report.diagnostics.first { $0.diagnostic.rule == .requiredUserInfoKeyMissing }).diagnostic
        #expect(diagnostic.message.hasPrefix("requiredUserInfoKeys names 'page', but the userInfo set here has no such key (it has 'query')"))
        #expect(diagnostic.notes.map(\.location.description) == [fixture.at("App/AppDelegate.swift", "2️⃣")])
    }

    @Test func appShortcutPhraseRules() {
        #expect(report.findings(.appShortcutMissingApplicationName) == [fixture.at("App/Shortcuts.swift", "2️⃣")])
        #expect(report.findings(.appShortcutMultipleParameters) == [fixture.at("App/Shortcuts.swift", "3️⃣")])
        #expect(report.findings(.appShortcutParameterType) == [fixture.at("App/Shortcuts.swift", "4️⃣")])
        #expect(report.findings(.appShortcutPhraseCollision) == [fixture.at("App/Shortcuts.swift", "6️⃣")])
        #expect(report.findings(.appShortcutsMultipleProviders) == [fixture.at("App/Shortcuts.swift", "7️⃣")])
    }

    @Test func phraseLocalizations() {
        // At the entry's key (the source phrase), with a note at the localized phrase.
        #expect(report.findings(.appShortcutLocalizationMissingApplicationName) == [
            fixture.at("App/AppShortcuts.xcstrings", "4️⃣"),
            fixture.at("App/de.lproj/AppShortcuts.strings", "3️⃣"),
        ])
        let notes = report.diagnostics.filter { $0.diagnostic.rule == .appShortcutLocalizationMissingApplicationName }
            .flatMap { $0.diagnostic.notes.map(\.location.description) }
        #expect(notes == [fixture.at("App/AppShortcuts.xcstrings", "1️⃣"), fixture.at("App/de.lproj/AppShortcuts.strings", "1️⃣")])
        #expect(report.findings(.appShortcutLocalizationParameterMismatch) == [fixture.at("App/AppShortcuts.xcstrings", "4️⃣")])
        #expect(report.diagnostics.first { $0.diagnostic.rule == .appShortcutLocalizationParameterMismatch }?.diagnostic.notes.first?.location.description
                == fixture.at("App/AppShortcuts.xcstrings", "2️⃣"))
        #expect(report.findings(.appShortcutLocalizationStale) == [
            fixture.at("App/AppShortcuts.xcstrings", "3️⃣"),
            fixture.at("App/de.lproj/AppShortcuts.strings", "2️⃣"),
        ])
    }

    @Test func customIntentNotMigrated() throws {
        #expect(report.findings(.customIntentNotMigrated) == [fixture.at("App/Intents.intentdefinition", "1️⃣")])
        let app = try #require(report.projects.first?.targets.first { $0.name == "Shop" })
        #expect(app.customIntents.map(\.name) == ["OrderSoupIntent", "RefillCupIntent"])
        #expect(app.customIntents.map(\.migratedBy) == ["OrderSoupAppIntent", nil])
    }

    @Test func projectAndInfoPlistRules() {
        #expect(report.findings(.infoPlistMissing) == [fixture.at("Shop.xcodeproj/project.pbxproj", token: "INFOPLIST_FILE = Widget")])
        #expect(report.findings(.xcconfigIncludeMissing) == [fixture.at("Config/Base.xcconfig", "1️⃣")])
        #expect(report.findings(.buildSettingUndefined) == [fixture.at("App/Info.plist", "5️⃣")])
        // A validate rule on the expanded Info.plist: the repeated entry.
        #expect(report.findings("activity-type-duplicate") == [fixture.at("App/Info.plist", "4️⃣")])
    }

    @Test func theTargetsFacts() throws {
        let app = try #require(report.projects.first?.targets.first { $0.name == "Shop" })
        #expect(app.bundleIdentifier == "com.example.shop")
        #expect(app.infoPlist == "App/Info.plist")
        #expect(app.declared.map(\.resolved) == ["com.example.shop.open", "com.example.shop.unused", "OrderSoupIntent", "com.example.shop.unused",
                                               "INSendMessageIntent"])
        #expect(app.created.map(\.resolved) == ["com.example.shop.open", "com.example.shop.browse", "com.example.shop.quiet"])
        #expect(app.created.first?.userInfoKeys == ["id"])
        #expect(app.created.first?.requiredUserInfoKeys == ["id"])
        #expect(app.handled.map(\.resolved) == ["com.example.shop.open", "com.example.shop.legacy"])
        #expect(app.appIntents.map(\.name) == ["OpenProductIntent", "OrderSoupAppIntent"])
        #expect(app.appIntents.last?.intentClassName == "OrderSoupIntent")
        #expect(app.appShortcuts.map(\.intent) == ["OpenProductIntent", "OrderSoupAppIntent"])
        // The extension's own Swift file, plus none unclaimed (every file belongs to a target).
        let widget = try #require(report.projects.first?.targets.first { $0.name == "Widget" })
        #expect(widget.swiftFiles == 1)
        #expect(app.swiftFiles == 3)
        #expect(report.projects.first?.configuration == "Release")
    }

    @Test func suppressionByCommentNamesOnlyItsRules() {
        // The quiet creation is still never handled (its comment names the other rule).
        #expect(report.findings(.activityTypeNeverHandled).contains(fixture.at("App/AppDelegate.swift", "3️⃣")))
        #expect(!report.findings(.activityTypeUndeclaredInCode).contains(fixture.at("App/AppDelegate.swift", "3️⃣")))
    }

    @Test func disableDropsARule() throws {
        let quiet = try fixture.audit { $0.filter = DiagnosticFilter(disabling: [.activityTypeUnused, .appShortcutPhraseCollision]) }
        #expect(quiet.findings(.activityTypeUnused).isEmpty)
        #expect(quiet.findings(.appShortcutPhraseCollision).isEmpty)
        #expect(quiet.findings.count == report.findings.count - 3)
    }

    @Test func defineOverridesAndConfiguration() throws {
        // --define gives the undefined setting a value; the Debug configuration changes the bundle identifier,
        // so the declared $(PRODUCT_BUNDLE_IDENTIFIER).open no longer matches the code's literal type.
        let defined = try fixture.audit { $0.defines = BuildSettings(["APP_GROUP_SUFFIX": "shop"]) }
        #expect(defined.findings(.buildSettingUndefined).isEmpty)
        let debug = try fixture.audit { $0.configuration = "Debug"; $0.targets = ["Shop"] }
        #expect(debug.projects.first?.targets.map(\.name) == ["Shop"])
        #expect(debug.projects.first?.targets.first?.declared.first?.resolved == "com.example.shop.debug.open")
        #expect(debug.findings(.activityTypeUndeclaredInCode).contains(fixture.at("App/AppDelegate.swift", "1️⃣")))
    }
}
