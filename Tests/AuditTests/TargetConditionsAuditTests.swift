import Foundation
import Audit
import Diagnostics
import ObjCFacts
import SwiftFacts
import Testing
import TestSupport

/// A target's compile-time conditions from its build settings, and the audit reading only the code its builds
/// compile (issue 24).
@Suite("Audit: compile-time conditions")
struct TargetConditionsAuditTests {
    static func conditions(_ settings: [String: String]) -> TargetConditions {
        TargetConditions(setting: { settings[$0] }, names: Array(settings.keys))
    }

    @Test func platformsFromSDKRootAndSupportedPlatforms() {
        #expect(Self.conditions([:]).variants == [.init(.iOS)])
        #expect(Self.conditions(["SDKROOT": "macosx"]).variants == [.init(.macOS)])
        #expect(Self.conditions(["SDKROOT": "appletvos"]).variants == [.init(.tvOS)])
        #expect(Self.conditions(["SDKROOT": "watchos"]).variants == [.init(.watchOS)])
        #expect(Self.conditions(["SDKROOT": "xros"]).variants == [.init(.visionOS)])
        #expect(Self.conditions(["SDKROOT": "/Applications/Xcode.app/Contents/Developer/Platforms/AppleTVOS.platform/Developer/SDKs/AppleTVOS17.0.sdk"])
            .variants == [.init(.tvOS)])
        let multiplatform = Self.conditions(["SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx xros xrsimulator",
                                             "SUPPORTS_MACCATALYST": "YES"])
        #expect(multiplatform.variants == [.init(.iOS), .init(.macOS), .init(.visionOS), .init(.iOS, macCatalyst: true)])
        #expect(Self.conditions(["SDKROOT": "macosx", "SUPPORTS_MACCATALYST": "YES"]).variants == [.init(.macOS)])
    }

    @Test func eachPlatformsClangTriple() {
        let triples = [TargetConditions.Variant(.iOS), .init(.iOS, macCatalyst: true), .init(.macOS), .init(.tvOS), .init(.watchOS), .init(.visionOS)]
            .map(\.clangTargetTriple)
        #expect(triples == ["arm64-apple-ios15.0", "arm64-apple-ios15.0-macabi", "arm64-apple-macos12.0", "arm64-apple-tvos15.0",
                            "arm64-apple-watchos8.0", "arm64-apple-xros1.0"])
    }

    @Test func swiftFlagsFeaturesAndDefinitions() {
        let conditions = Self.conditions([
            "SWIFT_ACTIVE_COMPILATION_CONDITIONS": "$(inherited) DEBUG BETA",
            "OTHER_SWIFT_FLAGS": "$(inherited) -D FEATURE_X -DFOO -Xcc -DCLANG_ONLY -enable-upcoming-feature ExistentialAny -warnings-as-errors",
            "SWIFT_UPCOMING_FEATURE_MEMBER_IMPORT_VISIBILITY": "YES", "SWIFT_UPCOMING_FEATURE_CONCISE_MAGIC_FILE": "NO",
            "SWIFT_STRICT_CONCURRENCY": "complete", "SWIFT_VERSION": "5.0",
            "GCC_PREPROCESSOR_DEFINITIONS": "$(inherited) SHOP=1 \"NAME=a b\"", "OTHER_CFLAGS": "-DEXTRA -Wall",
        ])
        #expect(conditions.flags == ["DEBUG", "BETA", "FEATURE_X", "FOO"])
        #expect(conditions.enabledFeatures == ["ExistentialAny", "MemberImportVisibility", "StrictConcurrency"])
        #expect(conditions.languageMode == "5.0")
        #expect(conditions.preprocessorDefinitions == ["SHOP=1", "NAME=a b", "EXTRA"])
        #expect(Self.conditions([:]).flags.isEmpty)
    }

    static let scene = """
        import Foundation
        func donate() {
            _ = NSUserActivity(activityType: "com.example.shop.open")
        #if os(tvOS)
            _ = NSUserActivity(activityType: "com.example.shop.tv")
        #endif
        #if DEBUG
            _ = NSUserActivity(activityType: "com.example.shop.debug")
        #endif
        #if BETA
            _ = NSUserActivity(activityType: "com.example.shop.beta")
        #endif
        #if 1️⃣hasAttribute(someFutureAttribute)
            _ = NSUserActivity(activityType: "com.example.shop.future")
        #endif
        }
        func handle(_ activity: NSUserActivity) -> Bool { activity.activityType == "com.example.shop.open" }

        """

    /// The app `Shop` with `settings`, whose Debug configuration also sets DEBUG.
    static func fixture(settings: String = "", objectiveC: Bool = false) throws -> AuditFixture {
        let sources = ["App/Scene.swift"] + (objectiveC ? ["App/Donor.m"] : [])
        let project = pbxproj(appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; \(settings)",
                              appSources: sources)
            .replacingOccurrences(of: "PRODUCT_BUNDLE_IDENTIFIER = com.example.shop.debug; }",
                                  with: "PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG; }")
        var files = [
            "App.xcodeproj/project.pbxproj": project,
            "App/Info.plist": infoPlist(types: ["<string>com.example.shop.open</string>"]),
            "App/Scene.swift": scene,
        ]
        if objectiveC {
            files["App/Donor.m"] = """
                @implementation Donor
                - (void)donate {
                #if TARGET_OS_TV
                    (void)[[NSUserActivity alloc] initWithActivityType:@"com.example.shop.objc-tv"];
                #else
                    (void)[[NSUserActivity alloc] initWithActivityType:@"com.example.shop.objc"];
                #endif
                }
                @end

                """
        }
        return try AuditFixture(files)
    }

    @Test(.enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser"))
    func onlyTheCodeTheTargetCompilesIsAudited() throws {
        let fixture = try Self.fixture()
        let release = try #require(try fixture.audit().projects.first?.targets.first)
        // The tvOS and DEBUG sites are compiled out of the iOS app's Release build; the undecided one is read.
        #expect(release.created.map(\.resolved) == ["com.example.shop.open", "com.example.shop.future"])
        let debug = try #require(try fixture.audit { $0.configuration = "Debug" }.projects.first?.targets.first)
        #expect(debug.created.map(\.resolved) == ["com.example.shop.open", "com.example.shop.debug", "com.example.shop.future"])
        let beta = try #require(try Self.fixture(settings: "OTHER_SWIFT_FLAGS = \"-D BETA\"; SDKROOT = appletvos; ").audit().projects.first?.targets.first)
        #expect(beta.created.map(\.resolved) == ["com.example.shop.open", "com.example.shop.tv", "com.example.shop.beta", "com.example.shop.future"])
    }

    @Test(.enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser"))
    func anUndecidedConditionIsANoteAtItsPlace() throws {
        let fixture = try Self.fixture()
        let report = try fixture.audit()
        #expect(report.findings(.swiftConditionUndecided) == [fixture.at("App/Scene.swift", "1️⃣")])
        let note = try #require(report.diagnostics.first { $0.diagnostic.rule == .swiftConditionUndecided }?.diagnostic)
        #expect(note.severity == .note)
        #expect(note.message.contains("hasAttribute(someFutureAttribute)"))
        // The site under it is checked like any other: undeclared.
        #expect(report.findings(.activityTypeUndeclaredInCode).count == 1)
    }

    @Test(.enabled(if: ObjCFactsExtractor.isAvailable, "no libclang could be loaded (ACTIVITY_BRIDGE_LIBCLANG)"))
    func objectiveCIsReadForTheTargetsPlatform() throws {
        func objc(_ settings: String) throws -> [String?] {
            let target = try #require(try Self.fixture(settings: settings, objectiveC: true).audit().projects.first?.targets.first)
            return target.created.filter { $0.language == "objc" }.map(\.resolved)
        }
        #expect(try objc("") == ["com.example.shop.objc"])
        #expect(try objc("SDKROOT = appletvos; ") == ["com.example.shop.objc-tv"])
    }
}
