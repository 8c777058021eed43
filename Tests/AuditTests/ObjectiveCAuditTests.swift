import Foundation
import Audit
import Diagnostics
import JSON
import ObjCFacts
import Testing
import TestSupport

/// Objective-C sites in the audit: cross-checked as Swift sites are, located in the `.m` file, `"language": "objc"`.
@Suite("Audit of Objective-C sources", .enabled(if: ObjCFactsExtractor.isAvailable, "no libclang could be loaded (ACTIVITY_BRIDGE_LIBCLANG)"))
struct ObjectiveCAuditTests {
    static func fixture() throws -> AuditFixture {
        try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; GCC_PREPROCESSOR_DEFINITIONS = \"$(inherited) SHOP=1\"; ",
                appSources: ["App/AppDelegate.m", "App/Order.m", "App/Constants.m"]),
            "App/Info.plist": infoPlist(types: ["<string>com.example.shop.order</string>", "1️⃣<string>com.example.shop.unused</string>"]),
            "App/Constants.h": "extern NSString *const OrderActivity;\n",
            "App/Constants.m": "#import \"Constants.h\"\nNSString *const OrderActivity = @\"com.example.shop.order\";\n",
            "App/Order.m": """
                #import "Constants.h"
                @implementation Order
                - (void)donate {
                    NSUserActivity *activity = [[NSUserActivity alloc] initWithActivityType:1️⃣OrderActivity];
                    activity.userInfo = @{@"id": @1};
                    activity.requiredUserInfoKeys = [NSSet setWithObjects:@"id", 3️⃣@"size", nil];
                #ifdef SHOP
                    (void)[[NSUserActivity alloc] initWithActivityType:2️⃣[NSBundle.mainBundle.bundleIdentifier stringByAppendingString:@".browse"]];
                #endif
                }
                @end
                """,
            "App/AppDelegate.m": """
                #import "Constants.h"
                @implementation AppDelegate
                - (BOOL)application:(id)app continueUserActivity:(NSUserActivity *)userActivity restorationHandler:(id)handler {
                    return [userActivity.activityType isEqualToString:1️⃣OrderActivity];
                }
                @end
                """,
        ])
    }

    @Test func objectiveCSitesAreCrossChecked() throws {
        let fixture = try Self.fixture()
        let report = try fixture.audit()
        let app = try #require(report.projects.first?.targets.first)
        #expect(app.created.map(\.resolved) == ["com.example.shop.order", "com.example.shop.browse"])
        #expect(app.created.map(\.language) == ["objc", "objc"])
        #expect(app.handled.map { "\($0.location)" } == [fixture.at("App/AppDelegate.m", "1️⃣")])
        #expect(report.findings(.activityTypeUndeclaredInCode) == [fixture.at("App/Order.m", "2️⃣")])
        #expect(report.findings(.activityTypeNeverHandled) == [fixture.at("App/Order.m", "2️⃣")])
        #expect(report.findings(.requiredUserInfoKeyMissing).count == 1)
        #expect(report.findings(.activityTypeUnused) == [fixture.at("App/Info.plist", "1️⃣")])
    }

    @Test func jsonSitesSayTheirLanguage() throws {
        let report = try Self.fixture().audit()
        let text = report.jsonValue.text.replacingOccurrences(of: " ", with: "")
        #expect(text.contains("\"language\":\"objc\""))
        #expect(!text.contains("\"language\":\"swift\""))
    }
}

/// Mixed targets: an Objective-C constant used from Swift through the bridging header, by its own name and by
/// its `NS_SWIFT_NAME`.
@Suite("Audit across the language boundary", .enabled(if: ObjCFactsExtractor.isAvailable, "no libclang could be loaded (ACTIVITY_BRIDGE_LIBCLANG)"))
struct MixedLanguageAuditTests {
    @Test func anObjectiveCConstantUsedFromSwiftResolves() throws {
        let fixture = try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; ",
                appSources: ["App/Scene.swift", "App/Constants.m"]),
            "App/Info.plist": infoPlist(types: ["<string>com.example.shop.order</string>", "<string>com.example.shop.cart</string>"]),
            "App/Constants.h": "extern NSString *const OrderActivity;\nextern NSString *const CartActivity NS_SWIFT_NAME(cartActivityType);\n",
            "App/Constants.m": "#import \"Constants.h\"\nNSString *const OrderActivity = @\"com.example.shop.order\";\nNSString *const CartActivity = @\"com.example.shop.cart\";\n",
            "App/Scene.swift": """
                import UIKit
                func donate() {
                    let order = NSUserActivity(activityType: OrderActivity)
                    let cart = NSUserActivity(activityType: cartActivityType)
                    _ = (order, cart)
                }
                func handle(_ activity: NSUserActivity) -> Bool {
                    activity.activityType == OrderActivity || activity.activityType == cartActivityType
                }
                """,
        ])
        let report = try fixture.audit()
        let app = try #require(report.projects.first?.targets.first)
        #expect(app.created.map(\.resolved) == ["com.example.shop.order", "com.example.shop.cart"])
        #expect(app.handled.map(\.resolved) == ["com.example.shop.order", "com.example.shop.cart"])
        #expect(report.findings == [])
    }
}
