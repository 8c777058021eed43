import Foundation
import JSON
import Testing
import TestSupport

/// `activity-bridge audit` through the built binary on code behind `#if` (issue 24): only what some build of the
/// target compiles is audited (its platforms, its configuration's flags), and a condition the audit cannot decide
/// is a note at its place, its code read.
@Suite("audit end to end: compile-time conditions")
struct AuditConditionsEndToEndTests {
    static let scene = """
        import Foundation
        func donate() {
            _ = NSUserActivity(activityType: "com.example.shop.open")
        #if os(macOS)
            _ = NSUserActivity(activityType: "com.example.shop.mac")
        #elseif os(tvOS)
            _ = NSUserActivity(activityType: "com.example.shop.tv")
        #endif
        #if DEBUG
            _ = NSUserActivity(activityType: "com.example.shop.debug")
        #endif
        #if BETA
            _ = NSUserActivity(activityType: "com.example.shop.beta")
        #endif
        #if false
            _ = NSUserActivity(activityType: "com.example.shop.never")
        #endif
        #if 1️⃣hasFeature(SomeFutureFeature)
            _ = NSUserActivity(activityType: "com.example.shop.future")
        #endif
        }
        func handle(_ activity: NSUserActivity) -> Bool { activity.activityType == "com.example.shop.open" }

        """

    /// An iOS and macOS app whose OTHER_SWIFT_FLAGS define BETA, and whose Debug configuration sets DEBUG.
    static func files() -> [String: String] {
        let project = pbxproj(
            appSettings: "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; SUPPORTED_PLATFORMS = \"iphoneos iphonesimulator macosx\"; OTHER_SWIFT_FLAGS = \"$(inherited) -D BETA\"; ",
            appSources: ["App/Scene.swift"])
            .replacingOccurrences(of: "PRODUCT_BUNDLE_IDENTIFIER = com.example.shop.debug; }",
                                  with: "PRODUCT_BUNDLE_IDENTIFIER = com.example.shop; SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG; }")
        return ["App.xcodeproj/project.pbxproj": project, "App/Info.plist": infoPlist(types: ["<string>com.example.shop.open</string>"]),
                "App/Scene.swift": scene]
    }

    func created(_ json: String) throws -> [String] {
        let document = try JSONParser().parse(json)
        guard case let .array(projects)? = document["projects"], case let .array(targets)? = projects.first?["targets"],
              case let .array(entries)? = targets.first?["activityTypes"]?["created"] else { return [] }
        return entries.map { AuditDeclarationsEndToEndTests.string($0["resolved"]) ?? "nil" }
    }

    @Test func onlyCompiledCodeIsAuditedAndTheUndecidedIsSaid() throws {
        let tree = try FixtureTree(Self.files(), purpose: "audit-conditions-e2e")
        let release = try BuiltBinary.run(["audit", "--format", "json", tree.root])
        // Release of iOS + macOS: the macOS clause and the BETA flag are live; tvOS, DEBUG and `#if false` are not.
        #expect(try created(release.standardOutput) == [
            "com.example.shop.open", "com.example.shop.mac", "com.example.shop.beta", "com.example.shop.future",
        ])
        let diagnostics = try AuditDeclarationsEndToEndTests.diagnostics(release.standardOutput)
        #expect(diagnostics.filter { AuditDeclarationsEndToEndTests.string($0["rule"]) == "swift-condition-undecided" }
            .map(AuditDeclarationsEndToEndTests.place) == ["swift-condition-undecided \(tree.at("App/Scene.swift"))"])
        let undeclared = diagnostics.filter { AuditDeclarationsEndToEndTests.string($0["rule"]) == "activity-type-undeclared-in-code" }
            .compactMap { AuditDeclarationsEndToEndTests.string($0["message"]) }
        #expect(undeclared.count == 3)
        #expect(!undeclared.contains { $0.contains("com.example.shop.tv") || $0.contains("com.example.shop.debug") || $0.contains("com.example.shop.never") })

        let debug = try BuiltBinary.run(["audit", "--format", "json", "--configuration", "Debug", tree.root])
        #expect(try created(debug.standardOutput) == [
            "com.example.shop.open", "com.example.shop.mac", "com.example.shop.debug", "com.example.shop.beta", "com.example.shop.future",
        ])
        // The text form names the rule at the condition.
        let text = try BuiltBinary.run(["audit", tree.root])
        #expect(text.standardOutput.contains("\(tree.at("App/Scene.swift")): note: #if hasFeature(SomeFutureFeature) cannot be decided"))
    }
}
