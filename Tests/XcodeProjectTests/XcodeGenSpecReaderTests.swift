import Diagnostics
import Foundation
import TestSupport
import Testing
import BuildSettings
import PropertyList
@testable import XcodeProject

@Suite("XcodeGen specs")
struct XcodeGenSpecReaderTests {
    static let app = """
        name: Shop
        options:
          bundleIdPrefix: com.example
        settings:
          base:
            MARKETING_VERSION: 1.0
            ENABLE_BITCODE: NO
          configs:
            debug:
              SWIFT_ACTIVE_COMPILATION_CONDITIONS: DEBUG
        targets:
          ShopApp:
            type: application
            platform: iOS
            sources:
              - path: App
                excludes: ["Legacy", "**/*.md"]
            info:
              path: App/Info.plist
            settings:
              groups: [signing]
              base:
                OTHER_SWIFT_FLAGS: [-warn-concurrency, "-D FEATURE"]
              configs:
                Release:
                  PRODUCT_NAME: Shop
            dependencies:
              - target: ShopWidget
              - package: Kit
                product: KitUI
          ShopWidget:
            type: app-extension
            platform: iOS
            sources: Widget
            settings:
              PRODUCT_BUNDLE_IDENTIFIER: com.example.ShopApp.widget
          Core:
            type: framework
            platform: iOS
        settingGroups:
          signing:
            CODE_SIGN_STYLE: Automatic
        packages:
          Kit:
            path: Packages/Kit
        """

    static let appFiles: [String: String] = [
        "project.yml": app,
        "App/Info.plist": "<plist version=\"1.0\"><dict/></plist>",
        "App/AppDelegate.swift": "",
        "App/Views/List.swift": "",
        "App/Views/README.md": "",
        "App/Legacy/Old.swift": "",
        "App/Assets.xcassets/Contents.json": "{}",
        "App/Intents.intentdefinition": "",
        "Widget/Widget.swift": "",
        "Widget/Info.plist": "<plist version=\"1.0\"><dict/></plist>",
        "Packages/Kit/Package.swift": "",
    ]

    @Test func targetsConfigurationsAndProductTypes() throws {
        let fixture = try SpecFixture(Self.appFiles)
        let project = try fixture.read()
        #expect(project.path == "project.yml")
        #expect(project.name == "Shop")
        #expect(project.directory == ".")
        #expect(project.isXcodeGenSpec)
        #expect(project.definitionFile == "project.yml")
        #expect(project.configurationNames == ["Debug", "Release"])
        #expect(project.defaultConfigurationName == "Debug")
        // Sorted by name, as XcodeGen generates them.
        #expect(project.targets.map(\.name) == ["Core", "ShopApp", "ShopWidget"])
        #expect(project.targets.map(\.productType) == [
            "com.apple.product-type.framework", "com.apple.product-type.application", "com.apple.product-type.app-extension",
        ])
        #expect(project.targets.filter(\.isApplicationOrExtension).map(\.name) == ["ShopApp", "ShopWidget"])
        #expect(project.diagnostics.isEmpty, "\(project.diagnostics)")
        let app = try #require(project.target(named: "ShopApp"))
        #expect(app.location == fixture.location(of: "ShopApp:"))
        #expect(app.dependencies.map(\.name) == ["ShopWidget"])
        #expect(app.dependencies.first?.targetID == project.target(named: "ShopWidget")?.id)
        #expect(app.packageProducts == [PackageProductDependency(productName: "KitUI", package: .local(.repository("Packages/Kit")))])
        #expect(project.localPackages == [LocalSwiftPackage(path: .repository("Packages/Kit"), isPackageReference: true)])
    }

    @Test func sourcesExpandFoldersWithExcludes() throws {
        let fixture = try SpecFixture(Self.appFiles)
        defer { withExtendedLifetime(fixture) {} }  // the folders are listed when asked, not when read
        let project = try fixture.read()
        let app = try #require(project.target(named: "ShopApp"))
        // Legacy/ and *.md excluded, the asset catalog not entered, Info.plist is no source; what is left out
        // is the folder's exceptions (so the audit does not count it as unclaimed).
        #expect(app.synchronizedFolders.first?.excluded == ["Info.plist", "Legacy/Old.swift", "Views/README.md"])
        #expect(project.sourceFiles(of: app) == [
            .repository("App/AppDelegate.swift"), .repository("App/Intents.intentdefinition"), .repository("App/Views/List.swift"),
        ])
        #expect(project.swiftFiles(of: app) == ["App/AppDelegate.swift", "App/Views/List.swift"])
    }

    @Test func settingsLevelsAndLocations() throws {
        let fixture = try SpecFixture(Self.appFiles)
        let project = try fixture.read()
        let app = try #require(project.target(named: "ShopApp"))
        let debug = project.buildSettings(for: app)
        #expect(debug.configuration == "Debug")
        #expect(debug.resolved["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] == "DEBUG")  // `debug` matches Debug
        #expect(debug.resolved["MARKETING_VERSION"] == "1.0")
        #expect(debug.resolved["ENABLE_BITCODE"] == "NO")
        #expect(debug.resolved["CODE_SIGN_STYLE"] == "Automatic")
        #expect(debug.resolved["OTHER_SWIFT_FLAGS"] == "-warn-concurrency \"-D FEATURE\"")
        #expect(debug.resolved["PRODUCT_NAME"] == "ShopApp")
        #expect(debug.resolved["SDKROOT"] == "iphoneos")
        #expect(debug.resolved["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.ShopApp")
        #expect(debug.resolved.settings["PRODUCT_BUNDLE_IDENTIFIER"]?.origin.location == fixture.location(of: "com.example"))
        #expect(debug.resolved.settings["MARKETING_VERSION"]?.origin == BuildSettingOrigin(.project, at: fixture.location(of: "MARKETING_VERSION")))
        #expect(debug.resolved.settings["CODE_SIGN_STYLE"]?.origin == BuildSettingOrigin(.target, at: fixture.location(of: "CODE_SIGN_STYLE")))
        #expect(project.infoPlistPath(debug) == "App/Info.plist")
        #expect(debug.resolved.settings["INFOPLIST_FILE"]?.origin.location == fixture.location(of: "App/Info.plist"))

        let release = project.buildSettings(for: app, configuration: "Release")
        #expect(release.resolved["PRODUCT_NAME"] == "Shop")
        #expect(release.resolved["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] == nil)

        // An explicit bundle identifier wins over bundleIdPrefix; an Info.plist among the sources is INFOPLIST_FILE.
        let widget = project.buildSettings(for: try #require(project.target(named: "ShopWidget")))
        #expect(widget.resolved["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.ShopApp.widget")
        #expect(project.infoPlistPath(widget) == "Widget/Info.plist")
    }

    @Test func configsAreSortedAndTheDefaultIsTheFirstUnlessNamed() throws {
        let spec = """
            name: P
            configs:
              Release Production: release
              Debug Staging: debug
              Debug Development: debug
            settings:
              configs:
                debug:
                  A: debug-any
                Debug Staging:
                  B: staging-only
            targets:
              App: {type: application, platform: iOS}
            """
        let project = try SpecFixture(["project.yml": spec]).read()
        #expect(project.configurationNames == ["Debug Development", "Debug Staging", "Release Production"])
        #expect(project.defaultConfigurationName == "Debug Development")
        let app = try #require(project.target(named: "App"))
        #expect(project.buildSettings(for: app, configuration: "Debug Staging").resolved["A"] == "debug-any")
        #expect(project.buildSettings(for: app, configuration: "Debug Staging").resolved["B"] == "staging-only")
        #expect(project.buildSettings(for: app, configuration: "Debug Development").resolved["B"] == nil)
        #expect(project.buildSettings(for: app, configuration: "Release Production").resolved["A"] == nil)

        let named = try SpecFixture(["project.yml": spec.replacingOccurrences(of: "name: P", with: "name: P\noptions:\n  defaultConfig: Release Production")]).read()
        #expect(named.defaultConfigurationName == "Release Production")
    }

    @Test func includesMergeAndResolvePathsFromTheirOwnFolder() throws {
        let fixture = try SpecFixture([
            "ios/app-project.yml": """
                name: App
                settings:
                  base:
                    bundleIdPrefix: com.example.app
                include:
                  - path: ../shared.yml
                  - ./targets.yml
                targets:
                  App:
                    type: application
                    sources: [App]
                    settings:
                      INFOPLIST_FILE: App/Info.plist
                """,
            "shared.yml": """
                configs:
                  Debug: debug
                  Release: release
                settings:
                  configs:
                    Release:
                      PRODUCT_BUNDLE_IDENTIFIER: ${bundleIdPrefix}
                targets:
                  Extra:
                    type: framework
                    sources: [Shared]
                    configFiles:
                      Release: Configs/Extra.xcconfig
                """,
            "ios/targets.yml": """
                targets:
                  App:
                    sources: [Generated]
                    dependencies:
                      - target: Extra
                """,
            "Shared/Util.swift": "", "ios/App/Main.swift": "", "ios/Generated/Gen.swift": "",
            "Configs/Extra.xcconfig": "SWIFT_VERSION = 6.0\n",
        ])
        let project = try fixture.read("ios/app-project.yml")
        #expect(project.diagnostics.isEmpty, "\(project.diagnostics)")
        #expect(project.directory == "ios")
        #expect(project.targets.map(\.name) == ["App", "Extra"])
        let app = try #require(project.target(named: "App"))
        // Lists are appended: the including spec's after the included one's.
        #expect(app.synchronizedFolders.map(\.path) == [.repository("ios/Generated"), .repository("ios/App")])
        #expect(project.swiftFiles(of: app) == ["ios/App/Main.swift", "ios/Generated/Gen.swift"])
        #expect(app.dependencies.map(\.name) == ["Extra"])
        let extra = try #require(project.target(named: "Extra"))
        #expect(project.swiftFiles(of: extra) == ["Shared/Util.swift"])
        let settings = project.buildSettings(for: app, configuration: "Release")
        #expect(settings.resolved["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.app")
        #expect(settings.resolved.settings["PRODUCT_BUNDLE_IDENTIFIER"]?.origin.location == fixture.location(of: "PRODUCT_BUNDLE_IDENTIFIER", in: "shared.yml"))
        #expect(project.infoPlistPath(settings) == "ios/App/Info.plist")
        let extraSettings = project.buildSettings(for: extra, configuration: "Release")
        #expect(extraSettings.resolved["SWIFT_VERSION"] == "6.0")
        #expect(extraSettings.xcconfigFiles == ["Configs/Extra.xcconfig"])
    }

    @Test func replaceKeysAndRelativePathsFalse() throws {
        let fixture = try SpecFixture([
            "project.yml": """
                name: P
                include:
                  - path: base/base.yml
                    relativePaths: false
                targets:
                  App:
                    sources:REPLACE: [Mine]
                """,
            "base/base.yml": """
                targets:
                  App:
                    type: application
                    sources: [Theirs]
                """,
            "Mine/A.swift": "", "Theirs/B.swift": "", "base/Theirs/C.swift": "",
        ])
        let project = try fixture.read()
        #expect(project.swiftFiles(of: try #require(project.target(named: "App"))) == ["Mine/A.swift"])

        let notReplacedFixture = try SpecFixture([
            "project.yml": fixture.files["project.yml"]!.replacingOccurrences(of: "sources:REPLACE", with: "sources"),
            "base/base.yml": fixture.files["base/base.yml"]!, "Mine/A.swift": "", "Theirs/B.swift": "", "base/Theirs/C.swift": "",
        ])
        defer { withExtendedLifetime(notReplacedFixture) {} }
        let notReplaced = try notReplacedFixture.read()
        // relativePaths: false: the included file's paths start from the spec's folder.
        #expect(notReplaced.target(named: "App")?.synchronizedFolders.map(\.path) == [.repository("Theirs"), .repository("Mine")])
        #expect(notReplaced.swiftFiles(of: try #require(notReplaced.target(named: "App"))) == ["Mine/A.swift", "Theirs/B.swift"])
    }

    @Test func templatesAndPlatformLists() throws {
        let project = try SpecFixture([
            "project.yml": """
                name: P
                targetTemplates:
                  Base:
                    type: framework
                    settings:
                      PRODUCT_NAME: ${target_name}Kit
                  App:
                    templates: [Base]
                    type: application
                targets:
                  Shop:
                    templates: [App]
                    platform: [iOS, tvOS]
                    settings:
                      INFOPLIST_FILE: $platform/Info.plist
                """,
        ]).read()
        #expect(project.diagnostics.isEmpty, "\(project.diagnostics)")
        #expect(project.targets.map(\.name) == ["Shop_iOS", "Shop_tvOS"])
        #expect(project.targets.map(\.productType) == ["com.apple.product-type.application", "com.apple.product-type.application"])
        let tv = project.buildSettings(for: try #require(project.target(named: "Shop_tvOS")))
        #expect(tv.resolved["PRODUCT_NAME"] == "ShopKit")
        #expect(tv.resolved["INFOPLIST_FILE"] == "tvOS/Info.plist")
        #expect(tv.resolved["SDKROOT"] == "appletvos")
    }

    // MARK: What cannot be read, located

    @Test func unknownTargetTypeAndMissingThingsAreLocated() throws {
        let fixture = try SpecFixture([
            "project.yml": """
                name: P
                include:
                  - missing.yml
                targets:
                  App:
                    type: aplication
                    sources: [Nowhere, {path: Optional, optional: true}]
                  Lib:
                    platform: iOS
                    templates: [Nope]
                """,
        ])
        let project = try fixture.read()
        let found = project.diagnostics.map { "\($0.location) \($0.rule.rawValue)" }
        #expect(found == [
            "\(fixture.location(of: "missing.yml")) xcodegen-include-missing",
            "\(fixture.location(of: "[Nope]")) xcodegen-invalid",
            "\(fixture.location(of: "aplication")) xcodegen-unknown-target-type",
            "\(fixture.location(of: "Nowhere")) xcodegen-source-missing",
            "\(fixture.location(of: "Lib:")) xcodegen-invalid",
        ])
        #expect(project.target(named: "App")?.productType == nil)
        #expect(project.diagnostics[0].message.contains("does not exist"))
    }

    @Test func includeCyclesAreReportedOnce() throws {
        let fixture = try SpecFixture([
            "project.yml": "name: P\ninclude: [a.yml]\ntargets:\n  App: {type: application}\n",
            "a.yml": "include: [b.yml]\nsettings: {base: {A: a}}\n",
            "b.yml": "include:\n  - a.yml\n  - project.yml\nsettings: {base: {B: b}}\n",
        ])
        let project = try fixture.read()
        #expect(project.diagnostics.map(\.rule) == [.xcodegenIncludeCycle, .xcodegenIncludeCycle])
        #expect(project.diagnostics.map(\.location) == [
            fixture.location(of: "a.yml", in: "b.yml"), fixture.location(of: "project.yml", in: "b.yml"),
        ])
        let settings = project.buildSettings(for: try #require(project.target(named: "App")))
        #expect(settings.resolved["A"] == "a" && settings.resolved["B"] == "b")
    }

    @Test func syntaxErrorsAreLocated() throws {
        let fixture = try SpecFixture(["project.yml": "name: P\ntargets:\n  App: [unclosed\n", "inc.yml": "a: [\n"])
        guard case let .invalid(diagnostics)? = fixture.readError() else { Issue.record("expected .invalid"); return }
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].rule == .xcodegenSyntax)
        #expect(diagnostics[0].location.file == "project.yml")
        #expect(diagnostics[0].location.line == 4)
        #expect(diagnostics[0].message.hasPrefix("YAML syntax: "))

        // In an include, the same is a diagnostic of the project, and the rest is read.
        let included = try SpecFixture(["project.yml": "name: P\ninclude: [inc.yml]\ntargets: {App: {type: tool}}\n", "inc.yml": "a: [\n"]).read()
        #expect(included.diagnostics.map(\.rule) == [.xcodegenSyntax])
        #expect(included.diagnostics.first?.location.file == "inc.yml")
        #expect(included.targets.map(\.name) == ["App"])
    }

    @Test func notASpec() throws {
        for text in ["- a\n- b\n", "", "just text\n"] {
            let fixture = try SpecFixture(["project.yml": text])
            guard case let .notAProject(diagnostic)? = fixture.readError() else { Issue.record("expected .notAProject for \(text)"); continue }
            #expect(diagnostic.location.file == "project.yml")
            #expect(diagnostic.location.line == 1)
        }
        #expect({ if case .unreadableFile? = try? SpecFixture([:]).readError() { true } else { false } }())
        let wrongKinds = try SpecFixture(["project.yml": "name: P\nconfigs: [Debug]\ntargets:\n  App: [1]\n  B: {type: tool, settings: {X: {y: 1}}}\n"]).read()
        #expect(wrongKinds.diagnostics.map(\.rule) == [.xcodegenInvalid, .xcodegenInvalid, .xcodegenInvalid])
        #expect(wrongKinds.configurationNames == ["Debug", "Release"])
    }

    // MARK: Hostile input

    @Test(.timeLimit(.minutes(1))) func aliasBombIsStoppedAtTheAlias() throws {
        var text = "name: P\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 { text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        text += "targets: {}\n"
        let fixture = try SpecFixture(["project.yml": text])
        let started = ContinuousClock.now
        guard case let .invalid(diagnostics)? = fixture.readError() else { Issue.record("expected .invalid"); return }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(diagnostics.first?.rule == .xcodegenSyntax)
        #expect(diagnostics.first?.message.contains("YAML nodes, each alias counted") == true)
        #expect((diagnostics.first?.location.line ?? 0) >= 6)
        #expect(diagnostics.first?.location.file == "project.yml")
    }

    @Test func mergeKeysAndAnchorsWithinBudget() throws {
        let project = try SpecFixture(["project.yml": """
            name: P
            x-common: &common
              type: application
              platform: iOS
            targets:
              A:
                <<: *common
              B:
                <<: *common
                type: framework
            """]).read()
        #expect(project.targets.map(\.productType) == ["com.apple.product-type.application", "com.apple.product-type.framework"])
    }

    @Test(.timeLimit(.minutes(1))) func deepNestingIsLocated() throws {
        let fixture = try SpecFixture(["project.yml": "name: P\ntargets: " + String(repeating: "[", count: 100_000) + "\n"])
        guard case let .invalid(diagnostics)? = fixture.readError() else { Issue.record("expected .invalid"); return }
        #expect(diagnostics.first?.message.contains("nested deeper than") == true)
        #expect(diagnostics.first?.location.line == 2)
    }

    @Test(.timeLimit(.minutes(1))) func hugeFilesAndManyTargetsAreBounded() throws {
        // Over the size limit: refused before it is read.
        let folder = try FixtureTree(purpose: "XcodeProjectTests")
        let big = URL(fileURLWithPath: folder.root).appendingPathComponent("project.yml")
        _ = FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(XcodeGenLimits.maximumFileSize + 1))
        try handle.close()
        #expect(throws: XcodeProjectReadError.self) { try XcodeGenSpecReader(files: ProjectFiles(root: folder.root)).read("project.yml") }
        #expect(ProjectFiles(root: folder.root).xcodeGenSpecs() == ["project.yml"])  // found, so that the audit says why it is not read

        // Many targets × many configurations × a template's settings: refused at a limit, located, in bounded time.
        var text = "name: P\nconfigs:\n" + (0..<100).map { "  C\($0): debug\n" }.joined()
        text += "targetTemplates:\n  T:\n    settings:\n" + (0..<300).map { "      S\($0): v\n" }.joined()
        text += "targets:\n" + (0..<100).map { "  T\($0): {type: tool, templates: [T]}\n" }.joined()
        let started = ContinuousClock.now
        guard case let .invalid(diagnostics)? = try SpecFixture(["project.yml": text]).readError() else { Issue.record("expected .invalid"); return }
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(diagnostics.first?.message.contains("steps to evaluate") == true)
        #expect(diagnostics.first?.location.file == "project.yml")
    }

    @Test("info.properties is the Info.plist XcodeGen writes: its defaults, then the properties, located in the spec")
    func generatedInfoPlist() throws {
        let fixture = try SpecFixture([
            "project.yml": "name: App\ninclude:\n  - path: App/target.yml\n",
            "App/target.yml": """
                targets:
                  App:
                    type: application
                    platform: iOS
                    info:
                      path: Info.plist
                      properties:
                        CFBundleDisplayName: Shop
                        NSUserActivityTypes: [com.example.open, OrderIntent]
                        UIApplicationSupportsIndirectInputEvents: true
                  Plain:
                    type: application
                    platform: iOS
                """,
        ])
        let project = try fixture.read()
        let generated = try #require(project.generatedInfoPlists["App"])
        #expect(project.generatedInfoPlists["Plain"] == nil)
        #expect(generated.writtenTo == "App/Info.plist")
        guard case .dictionary(let root) = generated.document.root else { Issue.record("no dictionary"); return }
        #expect(root["NSUserActivityTypes"] == .array([.string("com.example.open"), .string("OrderIntent")]))
        #expect(root["CFBundleDisplayName"] == .string("Shop"))
        #expect(root["CFBundleIdentifier"] == .string("$(PRODUCT_BUNDLE_IDENTIFIER)"))  // XcodeGen's default
        #expect(root["UIApplicationSupportsIndirectInputEvents"] == .bool(true))
        let locations = try #require(generated.document.locations)
        #expect(locations.file == "App/target.yml")
        #expect(locations.value(at: PropertyListPath([.key("NSUserActivityTypes"), .index(1)]))?.line == 9)
    }

    // MARK: Finding specs

    @Test func specsAreFoundWhereNoProjectIsCommitted() throws {
        let fixture = try SpecFixture([
            "a/project.yml": "name: A\ninclude: [common.yml]\ntargets: {}\n",
            "a/common.yml": "name: Common\ntargets: {}\n",          // included by a spec: a fragment
            "b/b-project.yml": "name: B\ntargets: {}\n",
            // Every target in included files: a spec all the same.
            "e/project.yml": "name: E\ninclude:\n  - path: App/target.yml\n",
            "e/App/target.yml": "targets:\n  App: {type: application, platform: iOS}\n",
            "c/project.yml": "name: C\ntargets: {}\n",
            "c/C.xcodeproj/project.pbxproj": "{}",                   // generated and committed: read instead
            "d/ci.yml": "name: build\non: push\njobs: {}\n",         // another tool's YAML
            "Pods/x/project.yml": "name: X\ntargets: {}\n",
            ".github/project.yml": "name: G\ntargets: {}\n",
        ])
        #expect(ProjectFiles(root: fixture.folder.root).xcodeGenSpecs() == ["a/project.yml", "b/b-project.yml", "e/project.yml"])
        #expect(try XcodeProjectReader(files: ProjectFiles(root: fixture.folder.root)).readProjectOrSpec("b/b-project.yml").name == "B")
    }
}
