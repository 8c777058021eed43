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

extension MixedLanguageAuditTests {
    /// A Swift-only target (no `.m` file) sees its bridging header's macros and constants: the header is read as
    /// Objective-C with the target's arguments, with the headers it imports, and the names Swift could not
    /// follow resolve; a target whose header does not exist keeps them unresolved, each with its note.
    @Test func aMacroOfTheBridgingHeaderResolvesInASwiftOnlyTarget() throws {
        func fixture(header: String) throws -> AuditFixture {
            try AuditFixture([
                "App.xcodeproj/project.pbxproj": pbxproj(
                    appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; SWIFT_OBJC_BRIDGING_HEADER = \"\(header)\"; ",
                    appSources: ["App/Scene.swift"]),
                "App/Info.plist": infoPlist(types: ["<string>com.example.shop.order</string>", "<string>com.example.shop.cart</string>"]),
                "App/App-Bridging-Header.h": "#import \"Types.h\"\n#define kOrderActivityType @\"com.example.shop.order\"\n",
                "App/Types.h": "static NSString *const CartActivityType = @\"com.example.shop.cart\";\n",
                "App/Scene.swift": """
                    import UIKit
                    func donate() {
                        _ = NSUserActivity(activityType: 1️⃣kOrderActivityType)
                        _ = NSUserActivity(activityType: 2️⃣CartActivityType)
                    }
                    func handle(_ activity: NSUserActivity) -> Bool {
                        activity.activityType == kOrderActivityType || activity.activityType == CartActivityType
                    }
                    """,
            ])
        }
        let bridged = try fixture(header: "App/App-Bridging-Header.h")
        let report = try bridged.audit()
        let app = try #require(report.projects.first?.targets.first)
        #expect(app.created.map(\.resolved) == ["com.example.shop.order", "com.example.shop.cart"])
        #expect(app.handled.map(\.resolved) == ["com.example.shop.order", "com.example.shop.cart"])
        #expect(report.findings == [])

        let missing = try fixture(header: "App/Missing-Bridging-Header.h")
        let unread = try missing.audit()
        #expect(unread.projects.first?.targets.first?.created.map(\.resolved) == [nil, nil])
        #expect(unread.findings(.activityTypeUnresolved).prefix(2) == [missing.at("App/Scene.swift", "1️⃣"), missing.at("App/Scene.swift", "2️⃣")])
    }
}

/// The other way across the boundary: a Swift `@objc` constant used from Objective-C (`ActivityTypes.openNote`,
/// `[ActivityTypes editNoteType]` for `@objc(editNoteType)`), cross-checked as any site.
@Suite("Audit: Swift @objc constants used from Objective-C", .enabled(if: ObjCFactsExtractor.isAvailable, "no libclang could be loaded (ACTIVITY_BRIDGE_LIBCLANG)"))
struct ObjCUsesSwiftConstantsAuditTests {
    @Test func aSwiftObjcConstantUsedFromObjectiveCResolves() throws {
        let fixture = try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.notes; ",
                appSources: ["App/ActivityTypes.swift", "App/Screen.m", "App/AppDelegate.m"]),
            "App/Info.plist": infoPlist(types: ["<string>com.example.notes.open</string>", "<string>com.example.notes.edit</string>"]),
            "App/ActivityTypes.swift": """
                import Foundation
                @objc class ActivityTypes: NSObject {
                    @objc static let openNote = "com.example.notes.open"
                    @objc(editNoteType) static let editNote = "com.example.notes.edit"
                    @objc static let orphan = "com.example.notes.orphan"
                }
                """,
            "App/Screen.m": """
                @implementation Screen
                - (void)viewDidAppear {
                    self.userActivity = [[NSUserActivity alloc] initWithActivityType:1️⃣ActivityTypes.openNote];
                    NSUserActivity *edit = [[NSUserActivity alloc] initWithActivityType:2️⃣[ActivityTypes editNoteType]];
                    NSUserActivity *orphan = [[NSUserActivity alloc] initWithActivityType:3️⃣ActivityTypes.orphan];
                    (void)edit; (void)orphan;
                }
                @end
                """,
            "App/AppDelegate.m": """
                @implementation AppDelegate
                - (BOOL)application:(id)app continueUserActivity:(NSUserActivity *)userActivity restorationHandler:(id)handler {
                    return [userActivity.activityType isEqualToString:ActivityTypes.openNote]
                        || [userActivity.activityType isEqualToString:[ActivityTypes editNoteType]];
                }
                @end
                """,
        ])
        let report = try fixture.audit()
        let app = try #require(report.projects.first?.targets.first)
        #expect(app.created.map(\.resolved) == ["com.example.notes.open", "com.example.notes.edit", "com.example.notes.orphan"])
        #expect(app.handled.map(\.resolved) == ["com.example.notes.open", "com.example.notes.edit"])
        #expect(report.findings(.activityTypeUndeclaredInCode) == [fixture.at("App/Screen.m", "3️⃣")])
        #expect(report.findings(.activityTypeNeverHandled) == [fixture.at("App/Screen.m", "3️⃣")])
        #expect(report.findings(.activityTypeUnused) == [])
    }
}

/// Sites in headers, types mapped from `activityType` before they are compared, and suppression comments in
/// Objective-C files, through the real audit.
@Suite("Audit: Objective-C headers, mapped types, suppression", .enabled(if: ObjCFactsExtractor.isAvailable, "no libclang could be loaded (ACTIVITY_BRIDGE_LIBCLANG)"))
struct ObjCHeadersMappedSuppressedAuditTests {
    static func fixture(mapping: String) throws -> AuditFixture {
        try AuditFixture([
            "App.xcodeproj/project.pbxproj": pbxproj(
                appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; ",
                appSources: ["App/AppDelegate.m", "App/Order.m"]),
            "App/Info.plist": infoPlist(types: ["<string>com.example.shop.order</string>", "1️⃣<string>com.example.shop.cart</string>"]),
            "App/Activities.h": """
                static inline NSUserActivity *OrderActivity(void) {
                    return [[NSUserActivity alloc] initWithActivityType:1️⃣@"com.example.shop.order"];
                }
                #define CART_ACTIVITY [[NSUserActivity alloc] initWithActivityType:2️⃣@"com.example.shop.cart"]
                #define LEGACY_ACTIVITY [[NSUserActivity alloc] initWithActivityType:3️⃣@"com.example.shop.legacy"]
                """,
            "App/Order.m": """
                #import "Activities.h"
                @implementation Order
                - (void)donate {
                    [OrderActivity() becomeCurrent];
                    NSUserActivity *cart = CART_ACTIVITY;
                    (void)cart;
                    // activity-bridge:ignore activity-type-undeclared-in-code, activity-type-never-handled
                    (void)[[NSUserActivity alloc] initWithActivityType:@"com.example.shop.hidden"];
                    (void)[[NSUserActivity alloc] initWithActivityType:@"com.example.shop.also"]; /* activity-bridge:ignore activity-type-undeclared-in-code activity-type-never-handled */
                    (void)LEGACY_ACTIVITY;
                }
                @end
                """,
            "App/AppDelegate.m": """
                @implementation AppDelegate
                - (BOOL)application:(id)app continueUserActivity:(NSUserActivity *)userActivity restorationHandler:(id)handler {
                \(mapping)
                }
                @end
                """,
        ])
    }

    @Test func headerSitesMappedTypesAndSuppressions() throws {
        let fixture = try Self.fixture(mapping: """
                NSInteger kind = [self kindForType:userActivity.activityType];
                switch (kind) { case 1: return YES; default: return NO; }
            }
            - (NSInteger)kindForType:(NSString *)type {
                return [type isEqualToString:1️⃣@"com.example.shop.order"] ? 1 : 0;
            """)
        let report = try fixture.audit()
        let app = try #require(report.projects.first?.targets.first)
        #expect(app.created.map { "\($0.location)" }.prefix(3) == [
            fixture.at("App/Activities.h", "1️⃣"), fixture.at("App/Activities.h", "2️⃣"), fixture.at("App/Activities.h", "3️⃣"),
        ])
        #expect(app.handled.map { "\($0.location)" } == [fixture.at("App/AppDelegate.m", "1️⃣")])
        // The legacy type is in a header: located there; the suppressed ones say nothing.
        #expect(report.findings(.activityTypeUndeclaredInCode) == [fixture.at("App/Activities.h", "3️⃣")])
        #expect(report.findings(.activityTypeNeverHandled) == [fixture.at("App/Activities.h", "2️⃣"), fixture.at("App/Activities.h", "3️⃣")])
    }

    @Test func anUnresolvedMappingKeepsTypesFromBeingCalledUnhandled() throws {
        let fixture = try Self.fixture(mapping: """
                NSNumber *kind = 1️⃣self.handlersFromServer[userActivity.activityType];
                switch (kind.integerValue) { case 1: return YES; default: return NO; }
            """)
        let report = try fixture.audit()
        let app = try #require(report.projects.first?.targets.first)
        #expect(app.handled.map(\.resolved) == [nil])
        #expect(app.handled.map { "\($0.location)" } == [fixture.at("App/AppDelegate.m", "1️⃣")])
        #expect(report.findings(.activityTypeNeverHandled) == [])
        #expect(report.findings(.activityTypeUnused) == [])
    }
}
