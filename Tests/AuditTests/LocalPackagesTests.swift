import Foundation
import Audit
import Diagnostics
import ObjCFacts
import SwiftFacts
import Testing
import TestSupport

/// Local Swift packages: a linked product followed to its package's targets and their local dependencies by
/// SwiftPM's rules, in fixture repositories; and what the audit says when a manifest, product, target or path
/// cannot be followed. Each package target's file creates the activity type `com.example.<target>`, so the
/// created types say which targets the app got.
@Suite("Audit of local Swift packages", .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct LocalPackagesTests {
    /// A product the app target links: from a local package reference (`package` is its folder), a remote
    /// package (`remote` is its URL), or naming no package (both nil).
    struct Link {
        var product: String
        var package: String?
        var remote: String?
    }

    /// A project whose app target `App` builds App/App.swift (Info.plist App/Info.plist) and links `links`;
    /// `folderReferences` are folder references in the main group (an older Xcode's local packages).
    static func project(_ links: [Link], folderReferences: [String] = []) -> String {
        var objects = ""
        var references: [String] = []
        var products: [String] = []
        var packages: [String: String] = [:]
        for (index, link) in links.enumerated() {
            var packageField = ""
            if let folder = link.package ?? link.remote {
                if packages[folder] == nil {
                    let id = "PKG\(packages.count)"
                    packages[folder] = id
                    objects += link.package != nil
                        ? "\t\t\(id) = {isa = XCLocalSwiftPackageReference; relativePath = \"\(folder)\"; };\n"
                        : "\t\t\(id) = {isa = XCRemoteSwiftPackageReference; repositoryURL = \"\(folder)\"; requirement = {kind = upToNextMajorVersion; minimumVersion = 1.0.0; }; };\n"
                    references.append(id)
                }
                packageField = "package = \(packages[folder]!); "
            }
            objects += "\t\tPROD\(index) = {isa = XCSwiftPackageProductDependency; \(packageField)productName = \"\(link.product)\"; };\n"
            products.append("PROD\(index)")
        }
        var children = ["FAPP"]
        for (index, folder) in folderReferences.enumerated() {
            objects += "\t\tFREF\(index) = {isa = PBXFileReference; lastKnownFileType = wrapper; path = \"\(folder)\"; sourceTree = \"<group>\"; };\n"
            children.append("FREF\(index)")
        }
        return """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tPROJ = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = GMAIN; packageReferences = (\(references.map { "\($0), " }.joined())); targets = (TAPP, ); };
            \t\tGMAIN = {isa = PBXGroup; children = (\(children.map { "\($0), " }.joined())); sourceTree = "<group>"; };
            \t\tFAPP = {isa = PBXFileReference; path = App/App.swift; sourceTree = "<group>"; };
            \t\tBAPP = {isa = PBXBuildFile; fileRef = FAPP; };
            \t\tPHASE = {isa = PBXSourcesBuildPhase; files = (BAPP, ); };
            \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (PREL, ); defaultConfigurationName = Release; };
            \t\tPREL = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
            \t\tTAPP = {isa = PBXNativeTarget; buildConfigurationList = ALIST; buildPhases = (PHASE, ); packageProductDependencies = (\(products.map { "\($0), " }.joined())); name = App; productType = "com.apple.product-type.application"; };
            \t\tALIST = {isa = XCConfigurationList; buildConfigurations = (AREL, ); defaultConfigurationName = Release; };
            \t\tAREL = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app; }; name = Release; };
            \(objects)\t};
            \trootObject = PROJ;
            }
            """
    }

    /// A Swift file creating `com.example.<name>`.
    static func site(_ name: String) -> String {
        "import Foundation\n\nlet activity\(name.filter(\.isLetter)) = NSUserActivity(activityType: \"com.example.\(name)\")\n"
    }

    /// The fixture: the project, the app's own files, and `files`.
    static func fixture(_ links: [Link], folderReferences: [String] = [], _ files: [String: String]) throws -> AuditFixture {
        var all = files
        all["App.xcodeproj/project.pbxproj"] = project(links, folderReferences: folderReferences)
        all["App/App.swift"] = "import SwiftUI\n"
        all["App/Info.plist"] = infoPlist(types: [])
        return try AuditFixture(all)
    }

    /// The `<name>` of every `com.example.<name>` the app creates, sorted.
    static func created(_ report: AuditReport) -> [String] {
        (report.projects.first?.targets.first?.created ?? []).compactMap { $0.resolved?.replacingOccurrences(of: "com.example.", with: "") }.sorted()
    }

    /// `rule FILE:LINE:COL` of the package notes, in report order.
    static func packageNotes(_ report: AuditReport) -> [String] {
        report.findings.filter { $0.hasPrefix("package-") }
    }

    static func message(_ report: AuditReport, _ rule: Diagnostic.Rule) -> [String] {
        report.diagnostics.map(\.diagnostic).filter { $0.rule == rule }.map(\.message)
    }

    @Test func productsAreFollowedToTheirTargetsAndLocalDependencies() throws {
        let fixture = try Self.fixture([Link(product: "Kit", package: "Packages/Kit")], [
            "Packages/Kit/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription

                let package = 1️⃣Package(
                    name: "Kit",
                    products: [.library(name: "Kit", targets: ["Kit"]), .library(name: "Other", targets: ["Other"])],
                    dependencies: [
                        .package(path: "../Models"),
                        2️⃣.package(url: "https://github.com/example/Remote.git", from: "1.0.0"),
                    ],
                    targets: [
                        .target(name: "Kit", dependencies: [
                            "KitCore", .target(name: "KitUI"), .product(name: "Models", package: "Models"),
                            .product(name: "Remote", package: "Remote"), "KitMacros", "Remote",
                        ]),
                        .target(name: "KitCore", path: "Custom/Core", exclude: ["Skipped"]),
                        .target(name: "KitUI", sources: ["Views"]),
                        .target(name: "Other"),
                        .testTarget(name: "KitTests", dependencies: ["Kit"]),
                        .macro(name: "KitMacros"),
                    ]
                )

                """,
            "Packages/Kit/Sources/Kit/Kit.swift": Self.site("Kit"),
            "Packages/Kit/Custom/Core/Core.swift": Self.site("KitCore"),
            "Packages/Kit/Custom/Core/Skipped/Skipped.swift": Self.site("Skipped"),
            "Packages/Kit/Sources/KitUI/Views/View.swift": Self.site("KitUI"),
            "Packages/Kit/Sources/KitUI/Views/Guide.docc/Snippet.swift": Self.site("Docc"),
            "Packages/Kit/Sources/KitUI/Previews/Preview.swift": Self.site("NotInSources"),
            "Packages/Kit/Sources/Other/Other.swift": Self.site("Other"),
            "Packages/Kit/Sources/KitMacros/Macro.swift": Self.site("Macro"),
            "Packages/Kit/Tests/KitTests/KitTests.swift": Self.site("Test"),
            // `Source/` is SwiftPM's folder when there is no `Sources/`.
            "Packages/Models/Package.swift": """
                import PackageDescription
                let package = 3️⃣Package(name: "Models", products: [.library(name: "Models", targets: ["Models"])],
                                        targets: [.target(name: "Models"), .target(name: "ModelsExtra")])

                """,
            "Packages/Models/Source/Models/Models.swift": Self.site("Models"),
            "Packages/Models/Source/ModelsExtra/Extra.swift": Self.site("ModelsExtra"),
        ])
        let report = try fixture.audit()
        #expect(Self.created(report) == ["Kit", "KitCore", "KitUI", "Models"])
        #expect(report.projects.first?.targets.first?.swiftFiles == 5)
        // Files of the packages' other targets are the packages', not unclaimed: no other target sees them.
        #expect(Self.packageNotes(report) == [
            "package-manifest-read \(fixture.at("Packages/Kit/Package.swift", "1️⃣"))",
            "package-manifest-read \(fixture.at("Packages/Models/Package.swift", "3️⃣"))",
            "package-remote-not-read \(fixture.at("Packages/Kit/Package.swift", "2️⃣"))",
        ])
        #expect(Self.message(report, .packageManifestRead).first == "the manifest of local package 'Kit' (Packages/Kit) was read statically: its code was not run")
        #expect(Self.message(report, .packageRemoteNotRead)
                == ["remote package 'https://github.com/example/Remote.git' (product 'Remote') is not read: its code is not in the repository"])
    }

    /// A product that names no package: from a folder reference whose manifest declares it (OmnivoreKit's
    /// product App), or from a package in the project's folders (an Xcode 16 synchronized folder of packages).
    @Test func productsNamingNoPackage() throws {
        let fixture = try Self.fixture([
            Link(product: "App"), Link(product: "FeatureKit"), Link(product: "Ghost"), Link(product: "plugin:Lint"),
            Link(product: "Networking", remote: "https://github.com/example/Networking"),
        ], folderReferences: ["Vendor/AppKit"], [
            "Vendor/AppKit/Package.swift": """
                import PackageDescription
                let package = Package(name: "AppKit", products: [.library(name: "App", targets: ["App"]), .library(name: "Views", targets: ["Views"])],
                                      targets: [.target(name: "App", dependencies: ["Views"]), .target(name: "Views")])

                """,
            "Vendor/AppKit/Sources/App/App.swift": Self.site("App"),
            "Vendor/AppKit/Sources/Views/Views.swift": Self.site("Views"),
            "Packages/Feature/Package.swift": """
                import PackageDescription
                let package = Package(name: "Feature", products: [.library(name: "FeatureKit", targets: ["Feature"])],
                                      targets: [.target(name: "Feature", path: "Code")])

                """,
            "Packages/Feature/Code/Feature.swift": Self.site("Feature"),
        ])
        let report = try fixture.audit()
        #expect(Self.created(report) == ["App", "Feature", "Views"])
        let target = fixture.at("App.xcodeproj/project.pbxproj", token: "TAPP = ")
        #expect(Self.packageNotes(report).filter { !$0.hasPrefix("package-manifest-read") } == [
            "package-dependency-unresolved \(target)", "package-remote-not-read \(target)",
        ])
        #expect(Self.message(report, .packageDependencyUnresolved)
                == ["product 'Ghost' names no package, and no local package of the project declares it: not read"])
    }

    /// A manifest static reading cannot read at all: every Swift file of the package is taken (as before
    /// manifests were read), tests excepted, and a note says so at the manifest.
    @Test func anUnreadableManifestFallsBackToEveryFile() throws {
        let fixture = try Self.fixture([Link(product: "Kit", package: "Kit")], [
            "Kit/Package.swift": "import PackageDescription\n\nlet made = makePackage()\n",
            "Kit/Sources/Kit/Kit.swift": Self.site("Kit"),
            "Kit/Sources/Other/Other.swift": Self.site("Other"),
            "Kit/Tests/KitTests/KitTests.swift": Self.site("Test"),
        ])
        let report = try fixture.audit()
        #expect(Self.created(report) == ["Kit", "Other"])
        #expect(Self.packageNotes(report) == ["package-manifest-unreadable Kit/Package.swift:1:1"])
        #expect(Self.message(report, .packageManifestUnreadable) == [
            "local package 'Kit': its manifest cannot be read statically: no `let package = Package(…)` at the top level of the manifest "
                + "(--evaluate-manifests lets SwiftPM evaluate it); every Swift file under 'Kit' (except Tests/) is taken as its products' code",
        ])
    }

    /// What static reading cannot follow is listed with its place; the package's files are all taken where
    /// the walk needed the part it could not follow.
    @Test func gapsAreNotedAndFallBack() throws {
        let fixture = try Self.fixture([Link(product: "Kit", package: "Kit")], [
            "Kit/Package.swift": """
                import PackageDescription
                let package = 1️⃣Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])],
                                      targets: [.target(name: "Kit", dependencies: 2️⃣computedDependencies()), .target(name: "Helper")])

                """,
            "Kit/Sources/Kit/Kit.swift": Self.site("Kit"),
            "Kit/Sources/Helper/Helper.swift": Self.site("Helper"),
        ])
        let report = try fixture.audit()
        #expect(Self.created(report) == ["Helper", "Kit"])
        let note = try #require(report.diagnostics.map(\.diagnostic).first { $0.rule == .packageManifestRead })
        #expect(note.location.description == fixture.at("Kit/Package.swift", "1️⃣"))
        #expect(note.notes.map(\.description) == [
            "\(fixture.at("Kit/Package.swift", "2️⃣")): note: not followed: the dependencies of target 'Kit': 'computedDependencies' is not declared in the manifest",
        ])
        #expect(note.message.contains("--evaluate-manifests lets SwiftPM evaluate it"))
    }

    @Test func aProductNamingAMissingTargetAndAMissingProduct() throws {
        let fixture = try Self.fixture([Link(product: "Kit", package: "Kit"), Link(product: "Absent", package: "Kit")], [
            "Kit/Package.swift": """
                import PackageDescription
                let package = 1️⃣Package(name: "Kit", products: [2️⃣.library(name: "Kit", targets: ["Kit", "Missing"])],
                                      targets: [.target(name: "Kit"), .target(name: "Unlinked")])

                """,
            "Kit/Sources/Kit/Kit.swift": Self.site("Kit"),
            "Kit/Sources/Unlinked/Unlinked.swift": Self.site("Unlinked"),
        ])
        let report = try fixture.audit()
        // Absent is no product: the package is not mapped for it, so every file is taken.
        #expect(Self.created(report) == ["Kit", "Unlinked"])
        #expect(Self.packageNotes(report) == [
            "package-manifest-read \(fixture.at("Kit/Package.swift", "1️⃣"))",
            "package-dependency-unresolved \(fixture.at("Kit/Package.swift", "2️⃣"))",
            "package-dependency-unresolved \(fixture.at("Kit/Package.swift", "1️⃣"))",
        ])
        #expect(Self.message(report, .packageDependencyUnresolved) == [
            "product 'Kit' of package 'Kit' names target 'Missing', which its manifest does not declare (SwiftPM refuses it)",
            "package 'Kit' (Kit) declares no product 'Absent': every Swift file of the package is taken",
        ])
    }

    @Test func aDependencyCycleBetweenLocalPackagesEnds() throws {
        let fixture = try Self.fixture([Link(product: "A", package: "Packages/A")], [
            "Packages/A/Package.swift": """
                import PackageDescription
                let package = Package(name: "A", products: [.library(name: "A", targets: ["A"])],
                                      dependencies: [.package(path: "../B")],
                                      targets: [.target(name: "A", dependencies: [.product(name: "B", package: "B")])])

                """,
            "Packages/A/Sources/A/A.swift": Self.site("A"),
            "Packages/B/Package.swift": """
                import PackageDescription
                let package = Package(name: "B", products: [.library(name: "B", targets: ["B"])],
                                      dependencies: [1️⃣.package(path: "../A")],
                                      targets: [.target(name: "B", dependencies: [.product(name: "A", package: "A")])])

                """,
            "Packages/B/Sources/B/B.swift": Self.site("B"),
        ])
        let report = try fixture.audit()
        #expect(Self.created(report) == ["A", "B"])
        #expect(Self.message(report, .packageDependencyUnresolved)
                == ["local packages depend on each other in a cycle (A → B → A), which SwiftPM refuses; each is read once"])
        #expect(report.findings(.packageDependencyUnresolved) == [fixture.at("Packages/B/Package.swift", "1️⃣")])
    }

    /// Paths that leave the package or the repository are not followed: SwiftPM refuses a target outside its
    /// package, and the audit reads nothing outside the repository it was given.
    @Test func pathsOutsideThePackageOrTheRepository() throws {
        let outside = try TemporaryDirectory("outside-the-repository")
        try Data(Self.site("Outside").utf8).write(to: outside.url.appendingPathComponent("Outside.swift"))
        let fixture = try Self.fixture([
            Link(product: "Kit", package: "Kit"), Link(product: "Far", package: "../../far/away"), Link(product: "Lib", package: "Lib"),
        ], [
            "Kit/Package.swift": """
                import PackageDescription
                let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit", "Escape"])],
                                      dependencies: [1️⃣.package(path: "../../elsewhere"), .package(path: "\(outside.url.path)")],
                                      targets: [
                                          .target(name: "Kit", dependencies: [.product(name: "Elsewhere", package: "elsewhere"),
                                                                              .product(name: "Outside", package: "\(outside.url.lastPathComponent)")]),
                                          2️⃣.target(name: "Escape", path: "../Lib/Shared"),
                                      ])

                """,
            "Kit/Sources/Kit/Kit.swift": Self.site("Kit"),
            // Another package's folder: its files are not unclaimed, so only a target could bring them in.
            "Lib/Package.swift": "import PackageDescription\nlet package = Package(name: \"Lib\", products: [.library(name: \"Lib\", targets: [\"Lib\"])], targets: [.target(name: \"Lib\")])\n",
            "Lib/Sources/Lib/Lib.swift": Self.site("Lib"),
            "Lib/Shared/Shared.swift": Self.site("Shared"),
        ])
        let report = try fixture.audit()
        #expect(Self.created(report) == ["Kit", "Lib"])
        let messages = Self.message(report, .packageDependencyUnresolved)
        #expect(messages.contains("the local package '../../far/away' that target 'App' links is outside the repository: not read"))
        #expect(messages.contains("the package dependency '../../elsewhere' of 'Kit' is outside the repository: not read"))
        #expect(messages.contains("the package dependency '\(outside.url.path)' of 'Kit' is outside the repository: not read"))
        #expect(messages.contains("target 'Escape' of package 'Kit' has its sources at '../Lib/Shared', outside the package (SwiftPM refuses it): not read"))
        #expect(report.findings(.packageDependencyUnresolved).contains(fixture.at("Kit/Package.swift", "1️⃣")))
        #expect(report.findings(.packageDependencyUnresolved).contains(fixture.at("Kit/Package.swift", "2️⃣")))
    }

    /// A package reference to a folder that is not there (a submodule not checked out) or has no manifest.
    @Test func missingPackagesAreNotesNotCrashes() throws {
        let fixture = try Self.fixture([Link(product: "Sub", package: "Dependencies/Sub"), Link(product: "Bare", package: "Bare")], [
            "Bare/Sources/Bare/Bare.swift": Self.site("Bare"),
            "Bare/Tests/BareTests/BareTests.swift": Self.site("BareTest"),
        ])
        let report = try fixture.audit()
        #expect(Self.created(report) == ["Bare"])
        #expect(Self.message(report, .packageManifestUnreadable) == [
            "local package 'Dependencies/Sub': the folder is not in the repository (a submodule not checked out?): nothing to read",
            "local package 'Bare': the folder has no Package.swift; every Swift file under it (except Tests/) is taken as its products' code",
        ])
    }

    /// SwiftPM's choice of manifest: the newest `Package@swift-X.swift` at most the tools version, else `Package.swift`.
    @Test func versionSpecificManifests() throws {
        func manifest(_ target: String) -> String {
            "import PackageDescription\nlet package = Package(name: \"V\", products: [.library(name: \"V\", targets: [\"\(target)\"])], targets: [.target(name: \"\(target)\")])\n"
        }
        let fixture = try Self.fixture([Link(product: "V", package: "V")], [
            "V/Package.swift": manifest("Old"),
            "V/Package@swift-5.9.swift": manifest("Older"),
            "V/Package@swift-6.0.swift": manifest("New"),
            "V/Package@swift-99.swift": manifest("Future"),
            "V/Sources/Old/Old.swift": Self.site("Old"),
            "V/Sources/Older/Older.swift": Self.site("Older"),
            "V/Sources/New/New.swift": Self.site("New"),
            "V/Sources/Future/Future.swift": Self.site("Future"),
        ])
        let report = try fixture.audit()
        #expect(Self.created(report) == ["New"])
        #expect(report.findings(.packageManifestRead) == ["V/Package@swift-6.0.swift:2:15"])
    }

    /// `--evaluate-manifests`: SwiftPM evaluates what static reading could not follow, so the product maps to
    /// exactly its targets again; without it, every file of the package is taken.
    @Test(.enabled(if: ManifestTool.swiftIsOnPath, "`swift` is not on PATH: manifests cannot be evaluated"))
    func evaluatedManifests() throws {
        let fixture = try Self.fixture([Link(product: "Kit", package: "Kit")], [
            "Kit/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let names = ["Kit", "Extra", ""].filter { !$0.isEmpty }
                let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])],
                                      targets: names.filter { !$0.isEmpty }.map { .target(name: $0) })

                """,
            "Kit/Sources/Kit/Kit.swift": Self.site("Kit"),
            "Kit/Sources/Extra/Extra.swift": Self.site("Extra"),
        ])
        let statically = try fixture.audit()
        #expect(Self.created(statically) == ["Extra", "Kit"])
        #expect(Self.message(statically, .packageManifestRead).first?.contains("static reading could not follow") == true)
        let evaluated = try fixture.audit { $0.evaluatesManifests = true }
        #expect(Self.created(evaluated) == ["Kit"])
        let message = try #require(Self.message(evaluated, .packageManifestRead).first)
        #expect(message.hasPrefix("the manifest of local package 'Kit' (Kit) was evaluated by SwiftPM (`swift package dump-package`, --evaluate-manifests)"))
        // Nothing was written into the repository.
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/Kit/.build"))
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/Kit/Package.resolved"))
    }
}

/// Whether the toolchain's `swift` can be run (for `--evaluate-manifests`).
enum ManifestTool {
    static let swiftIsOnPath: Bool = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/swift") }
}

/// Objective-C targets of local packages (issue 25): their `.m` files are read like the app's, with SwiftPM's
/// arguments: the public headers folders (`include`, `publicHeadersPath:`) of the targets reached, and the
/// `cSettings` definitions for the build that ships (a Debug-only one is not defined).
@Suite("Audit of Objective-C in local Swift packages",
       .enabled(if: SwiftFactsExtractor.isAvailable && ObjCFactsExtractor.isAvailable, "needs SwiftParser and libclang"))
struct LocalPackagesObjectiveCTests {
    @Test func anObjectiveCPackageTargetIsReadWithItsHeadersAndDefinitions() throws {
        let fixture = try LocalPackagesTests.fixture([LocalPackagesTests.Link(product: "Kit", package: "Kit")], [
            "Kit/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(
                    name: "Kit",
                    products: [.library(name: "Kit", targets: ["KitObjC"])],
                    targets: [
                        .target(name: "KitObjC", dependencies: ["KitTypes"],
                                cSettings: [.define("KIT_SHIPS"), .define("KIT_DEBUG", .when(configuration: .debug))]),
                        .target(name: "KitTypes", publicHeadersPath: "Public"),
                    ]
                )

                """,
            "Kit/Sources/KitTypes/Public/KitTypes.h": "#define KitOrderType @\"com.example.order\"\n",
            "Kit/Sources/KitTypes/KitTypes.m": "#import \"KitTypes.h\"\n",
            "Kit/Sources/KitObjC/include/KitObjC.h": "#import <Foundation/Foundation.h>\n",
            "Kit/Sources/KitObjC/Donation.m": """
                #import <KitTypes.h>
                @implementation Donation
                - (void)donate {
                    (void)[[NSUserActivity alloc] initWithActivityType:1️⃣KitOrderType];
                #ifdef KIT_SHIPS
                    (void)[[NSUserActivity alloc] initWithActivityType:@"com.example.ships"];
                #endif
                #ifdef KIT_DEBUG
                    (void)[[NSUserActivity alloc] initWithActivityType:@"com.example.debug"];
                #endif
                }
                @end
                """,
        ])
        let report = try fixture.audit()
        let app = try #require(report.projects.first?.targets.first)
        #expect(LocalPackagesTests.created(report) == ["order", "ships"])
        #expect(app.created.map(\.language) == ["objc", "objc"])
        #expect(app.created.first.map { "\($0.location)" } == fixture.at("Kit/Sources/KitObjC/Donation.m", "1️⃣"))
    }
}
