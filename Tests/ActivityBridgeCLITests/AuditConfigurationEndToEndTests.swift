import ActivityBridgeCLI
import Foundation
import JSON
import Testing
import TestSupport

/// `activity-bridge audit` through the built binary: which configuration each target is audited with and why
/// (its shared scheme's Archive action, else `Release`, else the project's default; `--configuration` wins), said
/// on the summary line and in JSON; and a repository with sources but nothing to read, which is an error.
@Suite("audit configuration end to end")
struct AuditConfigurationEndToEndTests {
    /// App `App` (TAPP) with project configurations `configurations`, default `Debug`. In `Debug` the bundle
    /// identifier comes from `$(DEV_BUNDLE_ID)`, which no file defines (a developer's git-ignored xcconfig); in the
    /// others it is `com.example.app`.
    static func pbxproj(configurations: [String] = ["Debug", "Release"]) -> String {
        let project = configurations.indices.map {
            "\t\tP\($0) = {isa = XCBuildConfiguration; buildSettings = {}; name = \(configurations[$0]); };\n"
        }.joined()
        let target = configurations.indices.map { index in
            let identifier = configurations[index] == "Debug" ? "\"$(DEV_BUNDLE_ID)\"" : "com.example.app"
            return "\t\tA\(index) = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = \(identifier); }; name = \(configurations[index]); };\n"
        }.joined()
        let list = { (prefix: String) in configurations.indices.map { "\(prefix)\($0), " }.joined() }
        return """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tPROJ = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = GMAIN; targets = (TAPP, ); };
            \t\tGMAIN = {isa = PBXGroup; children = (F0, ); sourceTree = "<group>"; };
            \t\tF0 = {isa = PBXFileReference; path = App/Scene.swift; sourceTree = "<group>"; };
            \t\tB0 = {isa = PBXBuildFile; fileRef = F0; };
            \t\tPHASE = {isa = PBXSourcesBuildPhase; files = (B0, ); };
            \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (\(list("P"))); defaultConfigurationName = Debug; };
            \(project)\t\tTAPP = {isa = PBXNativeTarget; buildConfigurationList = ALIST; buildPhases = (PHASE, ); name = App; productType = "com.apple.product-type.application"; };
            \t\tALIST = {isa = XCConfigurationList; buildConfigurations = (\(list("A"))); defaultConfigurationName = Debug; };
            \(target)\t};
            \trootObject = PROJ;
            }
            """
    }

    /// The shared scheme `App` archiving `App` with `configuration`.
    static func scheme(archiving configuration: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Scheme LastUpgradeVersion = "1500" version = "1.7">
           <BuildAction parallelizeBuildables = "YES" buildImplicitDependencies = "YES">
              <BuildActionEntries>
                 <BuildActionEntry buildForRunning = "YES" buildForArchiving = "YES">
                    <BuildableReference BuildableIdentifier = "primary" BlueprintIdentifier = "TAPP" BuildableName = "App.app"
                       BlueprintName = "App" ReferencedContainer = "container:App.xcodeproj">
                    </BuildableReference>
                 </BuildActionEntry>
              </BuildActionEntries>
           </BuildAction>
           <ArchiveAction buildConfiguration = "\(configuration)" revealArchiveInOrganizer = "YES">
           </ArchiveAction>
        </Scheme>

        """
    }

    static let schemePath = "App.xcodeproj/xcshareddata/xcschemes/App.xcscheme"

    func withRepository<T>(configurations: [String] = ["Debug", "Release"], scheme: String? = nil, _ body: (URL) throws -> T) throws -> T {
        let directory = try TemporaryDirectory.create("audit-configuration-e2e")
        defer { try? FileManager.default.removeItem(at: directory) }
        var files = ["App.xcodeproj/project.pbxproj": Self.pbxproj(configurations: configurations), "App/Info.plist": AuditEndToEndTests.infoPlist(),
                     "App/Scene.swift": AuditEndToEndTests.scene()]
        if let scheme { files[Self.schemePath] = scheme }
        try FixtureTree.write(files, into: directory)
        return try body(directory)
    }

    /// The summary line; `broken`: audited with Debug, where the declared type is '.open' (2 errors, 1 warning, 2 notes).
    static func summary(_ configuration: String, _ why: String, broken: Bool = false) -> String {
        "App.xcodeproj: App (\(configuration), \(why)): 1 Swift file, 1 declared, 1 created, 1 handled activity types, 0 App Intents, "
            + "0 App Shortcuts: \(broken ? "2 errors, 1 warning, 2 notes" : "0 errors, 0 warnings, 0 notes")\n"
    }

    @Test func theSchemesArchiveConfigurationIsAudited() throws {
        try withRepository(configurations: ["Debug", "Release", "AppStore"], scheme: Self.scheme(archiving: "AppStore")) { directory in
            let result = try BuiltBinary.run(["audit"], in: directory)
            #expect(result.status == 0)
            #expect(result.standardOutput == Self.summary("AppStore", "scheme 'App' archive action"))
        }
    }

    @Test func withoutASchemeReleaseIsAuditedNotTheDebugDefault() throws {
        try withRepository { directory in
            let result = try BuiltBinary.run(["audit"], in: directory)
            // Under Debug the declared type would be '.open' (DEV_BUNDLE_ID is defined nowhere): an error.
            #expect(result.status == 0)
            #expect(result.standardOutput == Self.summary("Release", "named Release"))
        }
    }

    @Test func withoutReleaseTheDefaultIsAuditedAndSaysSo() throws {
        try withRepository(configurations: ["Debug"]) { directory in
            let result = try BuiltBinary.run(["audit"], in: directory)
            #expect(result.status == 1)
            #expect(result.standardOutput.hasSuffix(Self.summary("Debug", "default", broken: true)))
        }
    }

    @Test func theRequestedConfigurationWinsOverTheScheme() throws {
        try withRepository(scheme: Self.scheme(archiving: "Release")) { directory in
            let result = try BuiltBinary.run(["audit", "--configuration", "Debug"], in: directory)
            #expect(result.status == 1)
            #expect(result.standardOutput.contains("error: target App creates activity type 'com.example.app.open'"))
            #expect(result.standardOutput.hasSuffix(Self.summary("Debug", "--configuration", broken: true)))
        }
    }

    @Test func jsonSaysWhichConfigurationAndWhy() throws {
        try withRepository(scheme: Self.scheme(archiving: "Release")) { directory in
            let result = try BuiltBinary.run(["audit", "--format", "json"], in: directory)
            #expect(result.status == 0)
            let document = try JSONParser().parse(result.standardOutput)
            let project = document["projects"].flatMap { if case let .array(a) = $0 { a.first } else { nil } }
            // The project keeps its "configuration" key (the first application target's), and says why beside it.
            #expect(project?["configuration"] == .string("Release"))
            #expect(project?["configurationSource"] == .string("scheme 'App' archive action"))
            let target = project?["targets"].flatMap { if case let .array(a) = $0 { a.first } else { nil } }
            #expect(target?["configuration"] == .string("Release"))
            #expect(target?["configurationSource"] == .string("scheme 'App' archive action"))
            #expect(target?["bundleIdentifier"] == .string("com.example.app"))
            let requested = try BuiltBinary.run(["audit", "--format", "json", "--configuration", "Debug"], in: directory)
            let other = try JSONParser().parse(requested.standardOutput)
            let debug = other["projects"].flatMap { if case let .array(a) = $0 { a.first } else { nil } }
            #expect(debug?["configurationSource"] == .string("--configuration"))
            #expect(debug?["targets"].flatMap { if case let .array(a) = $0 { a.first } else { nil } }?["configuration"] == .string("Debug"))
        }
    }

    @Test func aMalformedSchemeIsANoteAndReleaseIsAudited() throws {
        try withRepository(scheme: "<?xml version=\"1.0\"?>\n<Scheme>\n   <ArchiveAction buildConfiguration = \"Debug\">\n</Scheme>\n") { directory in
            let result = try BuiltBinary.run(["audit"], in: directory)
            #expect(result.status == 0)
            let lines = result.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("\(Self.schemePath):4:1: note: scheme cannot be read: malformed XML: ") == true)
            #expect(lines.first?.hasSuffix("[project-scheme-invalid]") == true)
            #expect(lines.dropLast().last == "App.xcodeproj: App (Release, named Release): 1 Swift file, 1 declared, 1 created, 1 handled activity types, 0 App Intents, 0 App Shortcuts: 0 errors, 0 warnings, 0 notes")
            // The scheme's note is the project's: the last line counts it.
            #expect(lines.last == "audit: 1 project, 1 target: 0 errors, 0 warnings, 1 note")
        }
    }

    // MARK: - audit-no-project

    func withSources<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
        let directory = try TemporaryDirectory.create("audit-no-project-e2e")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FixtureTree.write(files, into: directory)
        return try body(directory)
    }

    @Test func sourcesWithoutAProjectAreAnError() throws {
        try withSources(["App/Scene.swift": AuditEndToEndTests.scene(), "App/Legacy.m": "#import <Foundation/Foundation.h>\n"]) { directory in
            let result = try BuiltBinary.run(["audit"], in: directory)
            #expect(result.status == 1)
            #expect(result.standardOutput == """
                App/Legacy.m:1:1: error: nothing was audited: no Xcode project, XcodeGen spec, Tuist manifest or package manifest could be read, but the repository has 1 Swift file and 1 Objective-C file; looked for *.xcodeproj (with project.pbxproj), *.xcworkspace, XcodeGen project.yml, Tuist Project.swift (outside Tuist/) and Package.swift; name a project with --project [audit-no-project]
                0 projects, no app targets checked: 1 error, 0 warnings, 0 notes

                """)
            let json = try BuiltBinary.run(["audit", "--format", "json"], in: directory)
            #expect(json.status == 1)
            let document = try JSONParser().parse(json.standardOutput)
            let diagnostic = document["diagnostics"].flatMap { if case let .array(a) = $0 { a.first } else { nil } }
            #expect(diagnostic?["rule"] == .string("audit-no-project"))
            #expect(diagnostic?["severity"] == .string("error"))
            #expect(document["summary"]?["errors"] == .integer(1))
            // --disable drops it like any rule.
            #expect(try BuiltBinary.run(["audit", "--disable", "audit-no-project"], in: directory).status == 0)
        }
    }

    @Test func aTuistManifestIsReadNotNothingAudited() throws {
        try withSources(["Project.swift": "import ProjectDescription\nlet project = Project(name: \"App\", targets: [])\n",
                         "Tuist/ProjectDescriptionHelpers/Helpers.swift": "import ProjectDescription\n",
                         "App/Sources/Scene.swift": AuditEndToEndTests.scene()]) { directory in
            let result = try BuiltBinary.run(["audit"], in: directory)
            #expect(result.status == 0)
            #expect(!result.standardOutput.contains("audit-no-project"))
        }
    }

    @Test("Tuist's own Tuist/Package.swift, or an app's local packages, make no repository a package")
    func nestedManifestsAreNoPackage() throws {
        let manifest = "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Kit\")\n"
        try withSources(["Project.swift": "import ProjectDescription\nlet project = Project(name: \"App\", targets: [])\n",
                         "Tuist/Package.swift": manifest, "Modules/Kit/Package.swift": manifest,
                         "App/Sources/Scene.swift": AuditEndToEndTests.scene()]) { directory in
            // The Tuist project is read (TuistEndToEndTests): neither manifest makes the repository a package.
            let result = try BuiltBinary.run(["audit", "--format", "json"], in: directory)
            let document = try JSONParser().parse(result.standardOutput)
            let projects = TuistEndToEndTests.elements(document["projects"])
            #expect(projects.first?["path"] == .string("Project.swift"))
        }
        try withSources(["Modules/Kit/Package.swift": manifest, "App/Scene.swift": AuditEndToEndTests.scene()]) { directory in
            let result = try BuiltBinary.run(["audit"], in: directory)
            #expect(result.status == 1)
            #expect(result.standardOutput.contains("[audit-no-project]"))
        }
    }

    @Test(arguments: [
        ["Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Kit\")\n",
         "Sources/Kit/Kit.swift": "public let kit = 1\n"],
        ["README.md": "no code here\n"],
    ])
    func aPackageOrNoSourceIsNoError(_ files: [String: String]) throws {
        try withSources(files) { directory in
            let result = try BuiltBinary.run(["audit"], in: directory)
            #expect(result.status == 0)
            #expect(result.standardOutput == "0 projects, no app targets checked: 0 errors, 0 warnings, 0 notes\n")
        }
    }
}
