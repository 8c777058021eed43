import Foundation
import Audit
import BuildSettings
import Diagnostics
import SwiftFacts
import Testing
import TestSupport
import XcodeProject

/// A Tuist repository audited as `tuist generate` would lay it out: its targets, settings with their origins,
/// the Info.plist Tuist generates from a dictionary (located in `Project.swift`), sources by glob, helpers,
/// external dependencies resolved to local packages; a workspace's hidden project. The real SwiftParser and
/// libxml2 read the files; nothing is mocked.
@Suite("Tuist projects audited", .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Tuist manifests are not read"))
struct TuistProjectTests {
    static let manifest = """
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project(
            name: "Shop",
            settings: .settings(configurations: [
                .debug(name: "Debug", xcconfig: "Configs/Shop.xcconfig"),
                .release(name: "Release", xcconfig: "Configs/Shop.xcconfig"),
            ]),
            targets: [
                .target(
                    name: "Shop",
                    destinations: .iOS,
                    product: .app,
                    bundleId: 2️⃣"\\(prefix).shop",
                    infoPlist: .extendingDefault(with: [
                        "NSUserActivityTypes": 1️⃣["com.example.shop.open"],
                    ]),
                    sources: ["App/**"],
                    dependencies: [.target(name: "ShopKit"), .external(name: "Kit"), 3️⃣.external(name: "Remote")]
                ),
                .target(name: "ShopKit", destinations: .iOS, product: .framework, bundleId: "com.example.shop.kit", sources: ["Kit/**/*.swift"]),
                .target(name: "ShopTests", destinations: .iOS, product: .unitTests, bundleId: "com.example.shop.tests", sources: ["Tests/**"]),
            ]
        )

        """

    static let files: [String: String] = [
        "Project.swift": manifest,
        "Tuist/ProjectDescriptionHelpers/Constants.swift": "import ProjectDescription\n\npublic let prefix = \"com.example\"\n",
        "Tuist/Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Shop\", dependencies: [.package(path: \"../Packages/Kit\"), .package(url: \"https://example.com/Remote.git\", from: \"1.0.0\")])\n",
        "Packages/Kit/Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", products: [.library(name: \"Kit\", targets: [\"Kit\"])], targets: [.target(name: \"Kit\")])\n",
        "Packages/Kit/Sources/Kit/Handoff.swift": "import Foundation\npublic func handoff() -> NSUserActivity { NSUserActivity(activityType: \"com.example.shop.kit\") }\n",
        "Configs/Shop.xcconfig": "SWIFT_VERSION = 6.0\n",
        "App/Scene.swift": "import UIKit\nfinal class Scene {\n    func donate() {\n        let activity = NSUserActivity(activityType: \"com.example.shop.open\")\n        activity.becomeCurrent()\n    }\n}\n",
        "Kit/Shared.swift": "import Foundation\nlet shared = NSUserActivity(activityType: \"com.example.shop.shared\")\n",
        "Tests/ShopTests.swift": "import XCTest\n",
    ]

    @Test func aTuistRepositoryIsReadLikeAnXcodeProject() throws {
        let tree = try FixtureTree(Self.files)
        let report = try Auditor(root: tree.root).run()
        #expect(report.repositoryDiagnostics.isEmpty, "\(report.repositoryDiagnostics)")
        let project = try #require(report.projects.first)
        #expect(report.projects.map(\.path) == ["Project.swift"])
        #expect(project.configuration == "Release")
        #expect(project.targets.map(\.name) == ["Shop"])
        let shop = project.targets[0]
        #expect(shop.productType == "com.apple.product-type.application")
        #expect(shop.bundleIdentifier == "com.example.shop")
        // The generated Info.plist is read where the manifest writes it.
        #expect(shop.declared.map(\.resolved) == ["com.example.shop.open"])
        #expect(shop.declared.first?.location == tree.location("1️⃣", in: "Project.swift"))
        // The app's own sources, the framework it links and the local package `.external(name: "Kit")` resolves to.
        #expect(Set(shop.created.compactMap(\.resolved)) == ["com.example.shop.open", "com.example.shop.shared", "com.example.shop.kit"])
        // The remote product is a note at its dependency.
        let remote = project.diagnostics.filter { $0.rule == .packageRemoteNotRead }
        #expect(remote.map(\.location) == [tree.location("3️⃣", in: "Project.swift")])
        #expect(!project.diagnostics.contains { $0.rule == .tuistManifestGap }, "\(project.diagnostics)")
    }

    @Test func theProjectModelHasTuistsSettingsWithOrigins() throws {
        let tree = try FixtureTree(Self.files)
        let files = ProjectFiles(root: tree.root)
        let project = try TuistProjectBuilder(files: files).read("Project.swift").get()
        #expect(project.configurationNames == ["Debug", "Release"])
        #expect(project.defaultConfigurationName == "Release")
        let shop = try #require(project.target(named: "Shop"))
        #expect(shop.sourceFiles == [.repository("App/Scene.swift")])
        #expect(project.target(named: "ShopKit")?.productType == "com.apple.product-type.framework")
        let settings = project.buildSettings(for: shop, configuration: "Release")
        #expect(settings.resolved["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.shop")
        #expect(settings.resolved.settings["PRODUCT_BUNDLE_IDENTIFIER"]?.origin.location == tree.location("2️⃣", in: "Project.swift"))
        #expect(settings.resolved["SDKROOT"] == "iphoneos")
        #expect(settings.resolved["SUPPORTS_MACCATALYST"] == "NO")
        #expect(settings.resolved["INFOPLIST_FILE"] == "Derived/InfoPlists/Shop-Info.plist")
        // The configuration's xcconfig is the target's base configuration.
        #expect(settings.resolved["SWIFT_VERSION"] == "6.0")
        #expect(project.generatedInfoPlists["Shop"]?.writtenTo == "Derived/InfoPlists/Shop-Info.plist")
    }

    @Test func anUnreadableManifestIsOneLocatedErrorAndNothingElse() throws {
        let tree = try FixtureTree(["Project.swift": "import ProjectDescription\nlet project = makeProject()\n",
                                    "App/Scene.swift": "import UIKit\n"])
        let report = try Auditor(root: tree.root).run()
        #expect(report.repositoryDiagnostics.isEmpty)
        let project = try #require(report.projects.first)
        #expect(project.targets.isEmpty)
        #expect(project.diagnostics.map(\.rule) == [.tuistManifestUnreadable])
        #expect(project.diagnostics.first?.location == SourceLocation(file: "Project.swift", line: 1, column: 1))
    }

    @Test func aWorkspaceListsAProjectTheSearchDoesNotReach() throws {
        let tree = try FixtureTree([
            ".hidden/Kit/Kit.xcodeproj/project.pbxproj": pbxproj(appSettings: "PRODUCT_BUNDLE_IDENTIFIER = com.example.kit;", appSources: []),
            "Shop.xcworkspace/contents.xcworkspacedata": "<?xml version=\"1.0\"?>\n<Workspace version = \"1.0\">\n   <FileRef location = \"group:.hidden/Kit/Kit.xcodeproj\"></FileRef>\n   <FileRef location = \"container:.hidden/Kit/Kit.xcodeproj\"></FileRef>\n   <FileRef location = \"group:Pods/Pods.xcodeproj\"></FileRef>\n   1️⃣<FileRef location = \"group:../Outside/Outside.xcodeproj\"></FileRef>\n   <FileRef location = \"group:Missing.xcodeproj\"></FileRef>\n</Workspace>\n",
            "Bad.xcworkspace/contents.xcworkspacedata": "<Workspace>\n2️⃣</Nope>\n",
        ])
        let report = try Auditor(root: tree.root).run()
        // The hidden project the search skips is audited, once though listed twice.
        #expect(report.projects.map(\.path) == [".hidden/Kit/Kit.xcodeproj"])
        var options = AuditOptions()
        options.projects = ["Shop.xcworkspace"]
        #expect(try Auditor(root: tree.root, options: options).run().projects.map(\.path) == [".hidden/Kit/Kit.xcodeproj"])
        let notes = report.repositoryDiagnostics
        #expect(notes.allSatisfy { $0.rule == .workspaceInvalid }, "\(notes)")
        #expect(notes.map(\.location.file) == ["Bad.xcworkspace/contents.xcworkspacedata", "Shop.xcworkspace/contents.xcworkspacedata",
                                               "Shop.xcworkspace/contents.xcworkspacedata"])
        #expect(notes[1].location == tree.location("1️⃣", in: "Shop.xcworkspace/contents.xcworkspacedata"))
        #expect(notes[1].message.contains("outside the repository"))
        #expect(notes[2].message.contains("'Missing.xcodeproj', which is not there"))
    }
}

/// The three Tuist apps of the corpus: their targets and product facts as their truth tables have them.
@Suite("Real Tuist projects", .enabled(if: RealApps.isPresent, "../shared/corpus/apps is not beside the checkout"),
       .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser"))
struct RealTuistProjectTests {
    static var tables: [TruthTable] { ((try? TruthTable.all()) ?? []).filter { $0.project?.tuist != nil } }

    @Test func theTablesNameTheThreeApps() {
        #expect(Self.tables.map(\.app).sorted() == ["Azkar", "Cork", "taskchamp"])
    }

    @Test(arguments: tables.map(\.app))
    func targetsAndProducts(_ app: String) throws {
        let table = try #require(Self.tables.first { $0.app == app })
        let tuist = try #require(table.project)
        let files = ProjectFiles(root: RealApps.root.appendingPathComponent(app).path)
        let project = try TuistProjectBuilder(files: files).read(tuist.tuist ?? "Project.swift").get()
        #expect(project.targets.map { [$0.name, $0.productType] } == tuist.targets)
        #expect(project.defaultConfigurationName == (tuist.configuration ?? "Release"))
        for product in tuist.products {
            guard product.count == 3, let name = product[0], let target = project.target(named: name) else {
                Issue.record("\(app): no target \(product)")
                continue
            }
            let settings = project.buildSettings(for: target, configuration: tuist.shippingConfiguration ?? "Release")
            #expect(settings.resolved["INFOPLIST_FILE"].map { project.path(relativeToProject: $0) } == product[1], "\(app) \(name)")
            #expect(settings.resolved["PRODUCT_BUNDLE_IDENTIFIER"] == product[2], "\(app) \(name)")
        }
        print("\(app): \(project.diagnostics.count) notes: \(project.diagnostics.map(\.description).joined(separator: "\n  "))")
    }

    /// What the tables' notes say Tuist writes: Cork's second app is built with SELF_COMPILED (the helper's Bool
    /// parameter decides it), Azkar's target setting SUPPORTS_MACCATALYST = NO wins over its xcconfig's YES.
    @Test func decidedConditionsAndTargetSettingsOverXcconfigs() throws {
        let cork = try TuistProjectBuilder(files: ProjectFiles(root: RealApps.root.appendingPathComponent("Cork").path)).read("Project.swift").get()
        func conditions(_ name: String) -> String? {
            cork.target(named: name).map { cork.buildSettings(for: $0, configuration: "Release").resolved["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] ?? "" }
        }
        #expect(conditions("Self-Compiled")?.split(separator: " ").contains("SELF_COMPILED") == true)
        #expect(conditions("Cork")?.split(separator: " ").contains("SELF_COMPILED") == false)
        let azkar = try TuistProjectBuilder(files: ProjectFiles(root: RealApps.root.appendingPathComponent("Azkar").path)).read("Project.swift").get()
        let app = try #require(azkar.target(named: "Azkar"))
        #expect(azkar.buildSettings(for: app, configuration: "Release").resolved["SUPPORTS_MACCATALYST"] == "NO")
    }
}
