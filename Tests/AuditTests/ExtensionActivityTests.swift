import Foundation
import Audit
import Diagnostics
import Testing
import TestSupport

/// An app extension's activities: one it creates for its app to continue (an Intents extension's
/// `.continueInApp`) is checked against the containing app's `NSUserActivityTypes`, and what its code handles
/// needs no declaration (the system never hands an extension a continuation).
@Suite("Audit: an extension's activities belong to its app")
struct ExtensionActivityTests {
    static func fixture(appTypes: [String]) throws -> AuditFixture {
        try AuditFixture(continueInAppRepository(appTypes: appTypes))
    }

    @Test func anActivityForTheAppIsCheckedAgainstTheAppsDeclarations() throws {
        let fixture = try Self.fixture(appTypes: [])
        let report = try fixture.audit()
        let undeclared = report.diagnostics.map(\.diagnostic).filter { $0.rule == .activityTypeUndeclaredInCode }
        // The extension's creation: one error, naming the app's Info.plist; its handler: none.
        #expect(undeclared.filter { $0.location.file.hasPrefix("Intents/") }.map(\.location.description)
                == [fixture.at("Intents/IntentHandler.swift", "1️⃣")])
        #expect(undeclared.first { $0.location.file.hasPrefix("Intents/") }?.message
                == "target Widget creates activity type 'com.example.shop.call' for its app to continue, which the app Shop's Info.plist (App/Info.plist) does not declare in NSUserActivityTypes: the system never delivers it")
        #expect(!report.findings(.activityTypeUndeclaredInCode).contains(fixture.at("Intents/IntentHandler.swift", "2️⃣")))
    }

    @Test func theAppDeclaringItIsEnough() throws {
        let report = try Self.fixture(appTypes: ["com.example.shop.call"]).audit()
        #expect(report.findings(.activityTypeUndeclaredInCode).isEmpty)
    }

    /// The system continues activities in the app, never in an extension: an Intents extension's
    /// `canHandle(_ intent: INIntent)` (called from `handler(for:)`) casts intents the system dispatches, and a
    /// comparison in code the extension builds continues nothing, so neither is a handled site; the app's cast
    /// of `interaction?.intent` is one.
    @Test func anExtensionHandlesNothing() throws {
        let fixture = try AuditFixture([
            "Shop.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop;", appSources: ["App/App.swift"],
                extensionFolder: "Intents", extensionSettings: "INFOPLIST_FILE = Intents/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop.intents;"),
            "App/Info.plist": infoPlist(types: ["<string>INStartCallIntent</string>"]),
            "App/App.swift": """
                import UIKit
                import Intents
                final class Scene { func scene(_ s: UIScene, continue a: NSUserActivity) { if a.interaction?.intent is 1️⃣INStartCallIntent {} } }
                """,
            "Intents/Info.plist": infoPlist(types: []),
            "Intents/CallHandler.swift": """
                import Intents
                final class CallHandler: NSObject, INStartCallIntentHandling {
                    func canHandle(_ intent: INIntent) -> Bool { intent is INStartCallIntent }
                    func isCall(_ activity: NSUserActivity) -> Bool { activity.activityType == "INStartCallIntent" }
                    func handle(intent: INStartCallIntent, completion: @escaping (INStartCallIntentResponse) -> Void) {}
                }
                """,
        ])
        let report = try fixture.audit()
        let targets = try #require(report.projects.first?.targets)
        #expect(targets.map(\.name) == ["Shop", "Widget"])
        #expect(targets[0].handled.map { "\($0.resolved ?? "nil") \($0.location)" } == ["INStartCallIntent \(fixture.at("App/App.swift", "1️⃣"))"])
        // The extension's file is read (its casts and comparison are its code), and none is a handled site.
        #expect(targets[1].swiftFiles == 1)
        #expect(targets[1].handled.isEmpty)
        #expect(report.findings(.activityTypeUnused).isEmpty)
    }
}
