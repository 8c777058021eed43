import ActivityBridgeCLI
import Foundation
import JSON
import Testing
import TestSupport

/// `activity-bridge audit` and `project list` through the real built binary on a repository that commits an
/// XcodeGen spec (an include, a template, a folder of sources) and no `.xcodeproj`.
@Suite("XcodeGen spec end to end")
struct XcodeGenEndToEndTests {
    static let spec = """
        name: Shop
        include: [shared.yml]
        options:
          bundleIdPrefix: com.example
        targets:
          Shop:
            templates: [iOSApp]
            sources:
              - path: Shop
                excludes: [Old]
            info:
              path: Shop/Info.plist
          Kit:
            type: framewrk
            platform: iOS
        """

    static let shared = """
        targetTemplates:
          iOSApp:
            type: application
            platform: iOS
        settings:
          base:
            SWIFT_VERSION: 6.0
        """

    static let scene = """
        import UIKit

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func donate() {
                let activity = NSUserActivity(activityType: "com.example.Shop.open")
                activity.becomeCurrent()
                let other = NSUserActivity(activityType: "com.example.Shop.other")
                other.becomeCurrent()
            }

            func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                if userActivity.activityType == "com.example.Shop.open" { print("open") }
            }
        }

        """

    func withRepository<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = try TemporaryDirectory.create("xcodegen-e2e")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [
            "ios/project.yml": Self.spec, "ios/shared.yml": Self.shared, "ios/Shop/Scene.swift": Self.scene,
            "ios/Shop/Old/Broken.swift": "let x = NSUserActivity(activityType: \"excluded\")\n",
            "ios/Shop/Info.plist": AuditEndToEndTests.infoPlist(types: ["$(PRODUCT_BUNDLE_IDENTIFIER).open"]),
        ]
        try FixtureTree.write(files, into: directory)
        return try body(directory)
    }

    @Test func auditReadsTheSpecLikeAProject() throws {
        try withRepository { directory in
            let result = try BuiltBinary.run(["audit"], in: directory)
            #expect(result.status == 1)
            let lines = result.standardOutput.split(separator: "\n").map(String.init)
            // The unknown type is located in the spec; the undeclared type at its call; the excluded folder is not read.
            #expect(lines.contains("ios/project.yml:14:11: error: target Kit has type 'framewrk', which XcodeGen does not know (application, app-extension, framework, bundle.unit-test, …): it has no product type [xcodegen-unknown-target-type]"))
            #expect(lines.contains { $0.hasPrefix("ios/Shop/Scene.swift:7:50: error: target Shop creates activity type 'com.example.Shop.other'") })
            #expect(!result.standardOutput.contains("excluded"))
            #expect(lines.dropLast().last == "ios/project.yml: Shop (Release, named Release): 1 Swift file, 1 declared, 2 created, 1 handled activity types, 0 App Intents, 0 App Shortcuts: 1 error, 1 warning, 0 notes")
            // The spec's own error is the project's, not the target's: the last line counts it.
            #expect(lines.last == "audit: 1 project, 1 target: 2 errors, 1 warning, 0 notes")
            #expect(result.standardError.isEmpty)
        }
    }

    @Test func auditJSONNamesTheSpecAndTheResolvedSettings() throws {
        try withRepository { directory in
            let result = try BuiltBinary.run(["audit", "--format", "json", "--configuration", "Release", directory.path], in: URL(fileURLWithPath: "/"))
            let document = try JSONParser().parse(result.standardOutput)
            let project = document["projects"].flatMap { if case let .array(a) = $0 { a.first } else { nil } }
            #expect(project?["path"] == .string("ios/project.yml"))
            #expect(project?["configuration"] == .string("Release"))
            let target = project?["targets"].flatMap { if case let .array(a) = $0 { a.first } else { nil } }
            #expect(target?["name"] == .string("Shop"))
            #expect(target?["productType"] == .string("com.apple.product-type.application"))
            #expect(target?["bundleIdentifier"] == .string("com.example.Shop"))
            #expect(target?["infoPlist"] == .string("ios/Shop/Info.plist"))
            #expect(target?["swiftFiles"] == .integer(1))
        }
    }

    @Test func projectListShowsTheSpec() throws {
        try withRepository { directory in
            let result = try BuiltBinary.run(["project", "list"], in: directory)
            #expect(result.status == 1)  // the unknown target type is an error
            #expect(result.standardOutput.hasPrefix("""
                ios/project.yml (configurations: Debug, Release; default Debug)
                  Kit   (native)
                  Shop  com.apple.product-type.application

                """))
        }
    }
}
