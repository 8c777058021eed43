import Diagnostics
import Foundation
import SwiftFacts
import Testing
import TestSupport

/// `TuistManifestReader`: each shape Tuist manifests are written in (the old and the current ProjectDescription
/// spellings, each Info.plist kind, settings with xcconfig files, helpers with parameters and defaults, enums),
/// read statically by the real SwiftParser (never run), what it cannot follow a located gap, and bounded on
/// hostile input.
@Suite("Tuist manifests read statically", .enabled(if: parserAvailable, "built without the toolchain's SwiftParser: manifests cannot be read statically"))
struct TuistManifestReaderTests {
    static func file(_ text: String, _ path: String = "Project.swift") -> TuistManifestReader.File {
        TuistManifestReader.File(bytes: MarkedText(text).data, displayPath: path)
    }

    static func read(_ text: String, helpers: [(String, String)] = [], path: String = "Project.swift") throws(TuistManifestError) -> TuistManifest {
        try TuistManifestReader.readProject(file(text, path), helpers: helpers.map { file($0.1, $0.0) }, root: ".")
    }

    static func at(_ text: String, _ marker: String, _ file: String = "Project.swift") -> Diagnostics.SourceLocation? {
        MarkedText(text).position(marker).map { Diagnostics.SourceLocation(file: file, line: $0.line, column: $0.column) }
    }

    @Test func currentSpelling() throws {
        let text = """
            import ProjectDescription

            let project = 1️⃣Project(
                name: "Shop",
                organizationName: "Example",
                targets: [
                    2️⃣.target(
                        name: "Shop",
                        destinations: [.iPhone, .iPad, .macCatalyst],
                        product: .app,
                        bundleId: "com.example.shop",
                        deploymentTargets: .iOS("17.0"),
                        infoPlist: .extendingDefault(with: [
                            3️⃣"NSUserActivityTypes": ["com.example.shop.open"],
                            "ITSAppUsesNonExemptEncryption": false,
                            "UILaunchScreen": ["UIColorName": "Launch"],
                        ]),
                        sources: ["App/Sources/**", .glob("Shared/**/*.swift", excluding: ["Shared/Tests/**"])],
                        entitlements: "App/Shop.entitlements",
                        dependencies: [4️⃣.target(name: "ShopKit"), .external(name: "Remote"), .project(target: "Core", path: "../Core"),
                                       .package(product: "Local"), .sdk(name: "StoreKit", type: .framework)]
                    ),
                    .target(name: "ShopKit", destinations: .iOS, product: .staticFramework, bundleId: "com.example.shop.kit",
                            infoPlist: .default, sources: "Kit/**"),
                ]
            )
            """
        let manifest = try Self.read(text)
        #expect(manifest.name == "Shop")
        #expect(manifest.position == Self.at(text, "1️⃣"))
        #expect(manifest.gaps.isEmpty, "\(manifest.gaps)")
        let shop = try #require(manifest.targets.first)
        #expect(shop.name == "Shop" && shop.product == "app" && shop.bundleId == "com.example.shop")
        #expect(shop.position == Self.at(text, "2️⃣"))
        #expect(shop.platforms == [.iOS] && shop.supportsMacCatalyst)
        #expect(shop.deploymentTargets == [.iOS: "17.0"])
        guard case let .generated(entries, extendingDefault)? = shop.infoPlist else { Issue.record("\(String(describing: shop.infoPlist))"); return }
        #expect(extendingDefault)
        #expect(entries.map(\.key) == ["NSUserActivityTypes", "ITSAppUsesNonExemptEncryption", "UILaunchScreen"])
        #expect(entries[0].value == .array([.string("com.example.shop.open")]))
        #expect(entries[0].keyPosition == Self.at(text, "3️⃣"))
        #expect(entries[1].value == .bool(false))
        #expect(shop.sources.map(\.pattern) == ["App/Sources/**", "Shared/**/*.swift"])
        #expect(shop.sources[1].excluding == ["Shared/Tests/**"])
        #expect(shop.entitlements == "App/Shop.entitlements")
        #expect(shop.dependencies.map(\.dependency) == [
            .target("ShopKit"), .external("Remote"), .project(target: "Core", path: "../Core"), .package(product: "Local"), .other("sdk"),
        ])
        #expect(shop.dependencies[0].position == Self.at(text, "4️⃣"))
        let kit = manifest.targets[1]
        #expect(kit.product == "staticFramework" && kit.infoPlist == .default && kit.sources.map(\.pattern) == ["Kit/**"])
    }

    @Test func oldSpellingAndAFileInfoPlist() throws {
        let manifest = try Self.read("""
            import ProjectDescription

            let project = Project(
                name: "Legacy",
                targets: [
                    Target(name: "Legacy", platform: .macOS, product: .app, bundleId: "com.example.legacy",
                           deploymentTarget: .macOS(targetVersion: "13.0"),
                           infoPlist: .file(path: "Legacy/Info.plist"), sources: ["Legacy/**"]),
                    Target(name: "Tests", platform: .macOS, product: .unitTests, bundleId: "com.example.tests",
                           infoPlist: "Tests/Info.plist"),
                ]
            )
            """, path: "Apps/Legacy/Project.swift")
        #expect(manifest.gaps.isEmpty, "\(manifest.gaps)")
        #expect(manifest.targets.map(\.name) == ["Legacy", "Tests"])
        #expect(manifest.targets[0].platforms == [.macOS])
        #expect(manifest.targets[0].deploymentTargets == [.macOS: "13.0"])
        // Paths are the repository's, from the manifest's folder.
        #expect(manifest.targets[0].infoPlist == .file("Apps/Legacy/Legacy/Info.plist"))
        #expect(manifest.targets[0].sources.map(\.pattern) == ["Apps/Legacy/Legacy/**"])
        #expect(manifest.targets[1].infoPlist == .file("Apps/Legacy/Tests/Info.plist"))
    }

    @Test func dictionaryInfoPlistAndGeneratedEntitlements() throws {
        let manifest = try Self.read("""
            import ProjectDescription
            let project = Project(name: "P", targets: [
                .target(name: "W", destinations: .iOS, product: .appExtension, bundleId: "com.example.w",
                        infoPlist: .dictionary(["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"], "Count": 3]),
                        entitlements: .dictionary(["com.apple.security.application-groups": ["group.x"]])),
            ])
            """)
        let target = try #require(manifest.targets.first)
        guard case let .generated(entries, extendingDefault)? = target.infoPlist else { Issue.record("not generated"); return }
        #expect(!extendingDefault)
        #expect(entries.map(\.key) == ["NSExtension", "Count"])
        #expect(entries[1].value == .integer(3))
        #expect(target.entitlementsAreGenerated && target.entitlements == nil)
    }

    @Test func settingsWithXcconfigFiles() throws {
        let text = """
            import ProjectDescription

            let base: SettingsDictionary = ["SWIFT_VERSION": "6.0", "ENABLE_TESTING": true]
            let project = Project(
                name: "P",
                settings: .settings(
                    base: base.merging(["OTHER": ["-a", "-b"]]),
                    configurations: [
                        .debug(name: "Debug", settings: [1️⃣"SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG"], xcconfig: "Configs/Debug.xcconfig"),
                        .release(name: .release, xcconfig: .relativeToRoot("Configs/Release.xcconfig")),
                        .release(name: "AppStore"),
                    ]),
                targets: [
                    .target(name: "A", destinations: .iOS, product: .app, bundleId: "a",
                            settings: .settings(base: SettingsDictionary().bitcodeEnabled(false).swiftActiveCompilationConditions(["X", "Y"])))
                ]
            )
            """
        let manifest = try TuistManifestReader.readProject(Self.file(text, "App/Project.swift"), root: ".")
        #expect(manifest.gaps.isEmpty, "\(manifest.gaps)")
        let settings = try #require(manifest.settings)
        #expect(settings.base.map { "\($0.name)=\($0.value)" } == ["SWIFT_VERSION=6.0", "ENABLE_TESTING=YES", "OTHER=-a -b"])
        #expect(settings.configurations.map(\.name) == ["Debug", "Release", "AppStore"])
        #expect(settings.configurations.map(\.isRelease) == [false, true, true])
        #expect(settings.configurations[0].xcconfig == "App/Configs/Debug.xcconfig")
        // `.relativeToRoot` is from the Tuist root (here the repository's), not the manifest's folder.
        #expect(settings.configurations[1].xcconfig == "Configs/Release.xcconfig")
        #expect(settings.configurations[0].settings.first?.position == Self.at(text, "1️⃣", "App/Project.swift"))
        let target = try #require(manifest.targets.first?.settings)
        #expect(target.base.map { "\($0.name)=\($0.value)" } == ["ENABLE_BITCODE=NO", "SWIFT_ACTIVE_COMPILATION_CONDITIONS=X Y"])
    }

    @Test func helpersWithParametersDefaultsAndDecidedConditions() throws {
        let helper = """
            import ProjectDescription

            public let prefix = "com.example"

            extension Project {
                public static func app(name: String, isDistribution: Bool = false, extensions: [String] = []) -> Project {
                    let identity = isDistribution ? "Apple Distribution" : "Apple Development"
                    var targets: [Target] = [1️⃣.target(name: name, destinations: .iOS, product: .app, bundleId: "\\(prefix).\\(name.lowercased())",
                                                     infoPlist: .extendingDefault(with: ["CFBundleDisplayName": "\\(name)"]),
                                                     settings: .settings(base: ["CODE_SIGN_IDENTITY": .string(identity)]))]
                    if isDistribution {
                        targets.append(.target(name: name + "Beta", destinations: .iOS, product: .app, bundleId: prefix + ".beta"))
                    }
                    for item in extensions {
                        targets.append(.target(name: item, destinations: .iOS, product: .appExtension, bundleId: prefix + "." + item))
                    }
                    return Project(name: name, targets: targets)
                }
            }
            """
        let manifest = try Self.read("""
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.app(name: "Shop", extensions: ["Widgets"])
            """, helpers: [("Tuist/ProjectDescriptionHelpers/Project+App.swift", helper)])
        #expect(manifest.gaps.isEmpty, "\(manifest.gaps)")
        #expect(manifest.name == "Shop")
        // `isDistribution` is false by default: no Beta target, the development identity.
        #expect(manifest.targets.map(\.name) == ["Shop", "Widgets"])
        #expect(manifest.targets.map(\.bundleId) == ["com.example.shop", "com.example.Widgets"])
        #expect(manifest.targets[0].settings?.base.first?.value == "Apple Development")
        // Positions in the helper name the helper's file.
        #expect(manifest.targets[0].position == Self.at(helper, "1️⃣", "Tuist/ProjectDescriptionHelpers/Project+App.swift"))
        #expect(manifest.helperFiles == ["Tuist/ProjectDescriptionHelpers/Project+App.swift"])
    }

    @Test func enumsWithRawValuesSwitchesAndKeyPaths() throws {
        let manifest = try Self.read("""
            import ProjectDescription

            let domain = "io.example"
            private func signing(bundleId: String, isDistribution: Bool) -> [String: SettingValue] {
                let kind = isDistribution ? "AppStore" : "Development"
                return ["PROVISIONING_PROFILE_SPECIFIER": "match \\(kind) \\(bundleId)"]
            }
            extension SettingsDictionary {
                var objc: Self { return self.merging(["OTHER_LDFLAGS": "$(inherited) -ObjC"]) }
            }
            enum Module: String, CaseIterable {
                case app = "App"
                case widgets = "Widgets"

                var bundleId: String {
                    switch self {
                    case .app: return domain + ".app"
                    case .widgets: return domain + ".app.widgets"
                    }
                }

                var target: Target {
                    switch self {
                    case .app:
                        return Target.target(name: rawValue, destinations: .iOS, product: .app, bundleId: bundleId,
                                             infoPlist: .file(path: "\\(rawValue)/Info.plist"),
                                             settings: .settings(base: SettingsDictionary().objc, configurations: [
                                                .release(name: "Release", settings: signing(bundleId: bundleId, isDistribution: true))]))
                    case .widgets:
                        return .target(name: "AppWidgets", destinations: .iOS, product: .appExtension, bundleId: bundleId)
                    }
                }
            }
            let project = Project(name: "M", targets: Module.allCases.map(\\.target))
            """)
        #expect(manifest.gaps.isEmpty, "\(manifest.gaps)")
        #expect(manifest.targets.map(\.name) == ["App", "AppWidgets"])
        #expect(manifest.targets.map(\.bundleId) == ["io.example.app", "io.example.app.widgets"])
        #expect(manifest.targets[0].infoPlist == .file("App/Info.plist"))
        #expect(manifest.targets[0].settings?.base.map(\.value) == ["$(inherited) -ObjC"])
        #expect(manifest.targets[0].settings?.configurations.first?.settings.map(\.value) == ["match AppStore io.example.app"])
    }

    @Test func whatIsNotFollowedIsALocatedGap() throws {
        let text = """
            import ProjectDescription

            let project = Project(
                name: "P",
                targets: [
                    .target(name: "A", destinations: .iOS, product: .app, bundleId: 1️⃣Environment.bundleId.getString(default: "x")),
                    2️⃣makeTarget(),
                ]
            )
            """
        let manifest = try Self.read(text)
        #expect(manifest.targets.map(\.name) == ["A"])
        #expect(manifest.targets[0].bundleId == nil)
        #expect(manifest.gaps.map(\.position) == [Self.at(text, "1️⃣"), Self.at(text, "2️⃣")])
        #expect(manifest.gaps[0].what.hasPrefix("the bundle identifier of target 'A'"))
        #expect(manifest.gaps[1].what.contains("'makeTarget' is not declared"))
    }

    @Test func aManifestWithoutProjectIsRefusedWhereItStands() {
        #expect(throws: TuistManifestError(reason: "no `let project = Project(…)` at the top level of the manifest (nor a helper call that makes one)",
                                           position: Diagnostics.SourceLocation(file: "Project.swift", line: 1, column: 1))) {
            try Self.read("import ProjectDescription\nlet project = makeProject()\n")
        }
        #expect(throws: TuistManifestError.self) {
            try TuistManifestReader.readProject(TuistManifestReader.File(bytes: Data([0x6C, 0xFF, 0xFE]), displayPath: "Project.swift"), root: ".")
        }
    }

    @Test func aHelperThatCannotBeParsedIsAGapNotASilence() throws {
        let manifest = try TuistManifestReader.readProject(
            Self.file("import ProjectDescription\nlet project = Project(name: \"P\", targets: [])\n"),
            helpers: [TuistManifestReader.File(bytes: Data([0x6C, 0x65, 0x74, 0xFF]), displayPath: "Tuist/ProjectDescriptionHelpers/Bad.swift")],
            root: ".")
        #expect(manifest.name == "P")
        #expect(manifest.gaps.map(\.position.file) == ["Tuist/ProjectDescriptionHelpers/Bad.swift"])
        #expect(manifest.gaps.first?.what.contains("not UTF-8") == true)
    }

    @Test func workspaces() throws {
        let workspace = try TuistManifestReader.readWorkspace(Self.file("""
            import ProjectDescription
            let workspace = Workspace(name: "All", projects: ["App", "Modules/**", .relativeToManifest("Shared")])
            """, "Repo/Workspace.swift"))
        #expect(workspace.name == "All")
        #expect(workspace.projects == ["Repo/App", "Repo/Modules/**", "Repo/Shared"])
    }

    /// A manifest that recurses, doubles arrays and loops on itself ends within the budget, with gaps.
    @Test(.timeLimit(.minutes(1))) func hostileManifestsEndWithinTheBudget() throws {
        let manifest = try Self.read("""
            import ProjectDescription

            func grow(_ x: [String]) -> [String] { grow(x + x) }
            func deep(_ n: String) -> String { deep(n + n) }
            enum Loop: String, CaseIterable {
                case a, b
                var next: Loop { switch self { case .a: return .b; case .b: return self.next } }
            }
            let project = Project(name: deep("x"), targets: grow(["a", "b"]).map { .target(name: $0, destinations: .iOS, product: .app, bundleId: Loop.a.next.next.rawValue) })
            """)
        #expect(manifest.name == nil)
        #expect(!manifest.gaps.isEmpty)
        // Thousands of entries, builders chained, overloads: each costs its size in steps, never a quadratic walk.
        let entries = (0..<12_000).map { "\"K\($0)\": \"v\"" }.joined(separator: ", ")
        let chained = String(repeating: ".bitcodeEnabled(true).swiftVersion(\"6\")", count: 1_000)
        let overloads = (0..<1_000).map { "func f(p\($0): String) -> String { \"x\" }\n" }.joined()
        let large = try Self.read("""
            import ProjectDescription
            \(overloads)
            let big: [String: String] = [\(entries)]
            let project = Project(name: f(p999: "a"), settings: .settings(base: SettingsDictionary()\(chained).merging(big)), targets: [])
            """)
        #expect(large.targets.isEmpty)
        var nested = "import ProjectDescription\nlet project = Project(name: \"P\", targets: [])\nlet x = "
        nested += String(repeating: "[\"a\": ", count: 200) + "1" + String(repeating: "]", count: 200) + "\n"
        #expect(try Self.read(nested).targets.isEmpty)
    }
}
