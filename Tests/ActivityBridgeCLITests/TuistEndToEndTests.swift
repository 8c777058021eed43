import ActivityBridgeCLI
import Diagnostics
import Foundation
import JSON
import SwiftFacts
import Testing
import TestSupport

/// `activity-bridge audit` through the real built binary on a repository Tuist generates its project from
/// (`Project.swift`, a helper in `Tuist/ProjectDescriptionHelpers`, no `.xcodeproj`): the manifest is read
/// statically, every rule works on it as on a pbxproj, what it cannot follow is a located note, and a manifest
/// that cannot be read is one located error. The audit writes nothing into the repository.
@Suite("Tuist projects end to end", .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Tuist manifests are not read"))
struct TuistEndToEndTests {
    static let manifest = """
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project.app(
            name: "Shop",
            activityTypes: [1️⃣"$(PRODUCT_BUNDLE_IDENTIFIER).open"],
            extensions: ["Widgets"]
        )

        """

    static let helper = """
        import ProjectDescription

        extension Project {
            /// An app with its extensions, the way a team writes it once for all its apps.
            public static func app(name: String, organization: String = "com.example", activityTypes: [String] = [],
                                   extensions: [String] = [], isDistribution: Bool = false) -> Project {
                var targets: [Target] = [
                    .target(name: name, destinations: [.iPhone, .iPad], product: .app, bundleId: "\\(organization).\\(name)",
                            deploymentTargets: .iOS("17.0"),
                            infoPlist: .extendingDefault(with: ["NSUserActivityTypes": 2️⃣.array(activityTypes.map { .string($0) })]),
                            sources: ["\\(name)/Sources/**"],
                            dependencies: extensions.map { .target(name: name + $0) }),
                ]
                for item in extensions {
                    targets.append(.target(name: name + item, destinations: .iOS, product: .appExtension,
                                           bundleId: "\\(organization).\\(name).\\(item.lowercased())",
                                           infoPlist: .extendingDefault(with: ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]]),
                                           sources: ["\\(name)\\(item)/**"]))
                }
                return Project(name: name, settings: .settings(base: ["CODE_SIGN_IDENTITY": isDistribution ? "Apple Distribution" : "Apple Development"]),
                               targets: targets)
            }
        }

        """

    static let files: [String: String] = [
        "Project.swift": manifest,
        "Tuist/ProjectDescriptionHelpers/Project+App.swift": helper,
        "Shop/Sources/Scene.swift": """
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func donate() {
                    NSUserActivity(activityType: "com.example.Shop.open").becomeCurrent()
                    NSUserActivity(activityType: "com.example.Shop.other").becomeCurrent()
                }

                func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                    if userActivity.activityType == "com.example.Shop.open" { print("open") }
                }
            }

            """,
        "ShopWidgets/Widget.swift": "import WidgetKit\nstruct Widget {}\n",
    ]

    static func elements(_ value: JSONValue?) -> [JSONValue] { if case let .array(items)? = value { items } else { [] } }

    /// Every file of the repository with its bytes: what an audit must leave as it found it.
    static func contents(of directory: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if let data = FileManager.default.contents(atPath: url.path) { result[url.path] = data }
        }
        return result
    }

    @Test func theManifestIsAuditedLikeAProject() throws {
        let tree = try FixtureTree(Self.files, purpose: "tuist-e2e")
        let before = try Self.contents(of: tree.url)
        let result = try BuiltBinary.run(["audit", "--format", "json"], in: tree.url)
        let document = try JSONParser().parse(result.standardOutput)
        let projects = TuistEndToEndTests.elements(document["projects"])
        #expect(projects.count == 1)
        #expect(projects.first?["path"] == .string("Project.swift"))
        #expect(projects.first?["configuration"] == .string("Release"))
        let targets = TuistEndToEndTests.elements(projects.first?["targets"])
        #expect(targets.map { $0["name"] } == [.string("Shop"), .string("ShopWidgets")])
        #expect(targets.first?["bundleIdentifier"] == .string("com.example.Shop"))
        #expect(targets.first?["productType"] == .string("com.apple.product-type.application"))
        // The declared type is read from the Info.plist Tuist generates, where the dictionary is written: here in
        // the helper, whose parameter the manifest's list fills.
        let declared = TuistEndToEndTests.elements(targets.first?["activityTypes"]?["declared"]).first
        #expect(declared?["resolved"] == .string("com.example.Shop.open"))
        let marked = try #require(tree.location("2️⃣", in: "Tuist/ProjectDescriptionHelpers/Project+App.swift"))
        #expect(declared?["file"] == .string("Tuist/ProjectDescriptionHelpers/Project+App.swift"))
        #expect(declared?["line"] == .integer(Int64(marked.line)))
        // The scene creates an undeclared type: the same error as in an Xcode project (exit 1).
        #expect(result.status == 1)
        let text = try BuiltBinary.run(["audit"], in: tree.url)
        #expect(text.standardOutput.contains("creates activity type 'com.example.Shop.other'"))
        #expect(!text.standardOutput.contains("audit-no-project"))
        #expect(try Self.contents(of: tree.url) == before, "the audit wrote into the repository")
    }

    @Test func projectListShowsTheManifest() throws {
        let tree = try FixtureTree(Self.files, purpose: "tuist-e2e-list")
        let result = try BuiltBinary.run(["project", "list"], in: tree.url)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("""
            Project.swift (configurations: Debug, Release; default Release)
              Shop         com.apple.product-type.application
              ShopWidgets  com.apple.product-type.app-extension

            """), "\(result.standardOutput)")
    }

    @Test func anUnreadableManifestIsOneLocatedErrorAndNothingIsWritten() throws {
        let tree = try FixtureTree(["Project.swift": "import ProjectDescription\n\nlet project = makeProject()\n",
                                    "Shop/Sources/Scene.swift": AuditEndToEndTests.scene()], purpose: "tuist-e2e-error")
        let before = try Self.contents(of: tree.url)
        let result = try BuiltBinary.run(["audit"], in: tree.url)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "Project.swift:1:1: error: the Tuist manifest is not read: no `let project = Project(…)` at the top level of the manifest (nor a helper call that makes one) [tuist-manifest-unreadable]")
        #expect(!result.standardOutput.contains("audit-no-project"))
        #expect(result.standardError.isEmpty)
        #expect(try Self.contents(of: tree.url) == before)
    }

    @Test func whatIsNotFollowedIsALocatedNote() throws {
        let tree = try FixtureTree([
            "Project.swift": """
                import ProjectDescription

                let project = Project(name: "Shop", targets: [
                    .target(name: "Shop", destinations: .iOS, product: .app, bundleId: "com.example.shop",
                            infoPlist: .extendingDefault(with: ["NSUserActivityTypes": 1️⃣Environment.types.getString(default: "")]),
                            sources: ["Shop/**"]),
                ])

                """,
            "Shop/Scene.swift": "import Foundation\n",
        ], purpose: "tuist-e2e-gap")
        let result = try BuiltBinary.run(["audit"], in: tree.url)
        let marked = try #require(tree.location(in: "Project.swift"))
        #expect(result.standardOutput.contains("Project.swift:\(marked.line):\(marked.column): note: not followed in the Tuist manifest, static reading (never run) stops at the Info.plist of target 'Shop': 'NSUserActivityTypes'"),
                "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[tuist-manifest-gap]"))
    }

    @Test func aMalformedWorkspaceIsANoteAtItsPlace() throws {
        let tree = try FixtureTree([
            "Project.swift": "import ProjectDescription\nlet project = Project(name: \"Shop\", targets: [])\n",
            "Shop.xcworkspace/contents.xcworkspacedata": "<?xml version=\"1.0\"?>\n<Workspace>\n  <FileRef location = \"group:Shop.xcodeproj\">\n1️⃣</Workspace>\n",
        ], purpose: "tuist-e2e-workspace")
        let result = try BuiltBinary.run(["audit"], in: tree.url)
        let marked = try #require(tree.location(in: "Shop.xcworkspace/contents.xcworkspacedata"))
        #expect(result.standardOutput.contains("Shop.xcworkspace/contents.xcworkspacedata:\(marked.line):\(marked.column): note: workspace cannot be read: malformed XML"),
                "\(result.standardOutput)")
        #expect(result.status == 0)
    }
}
