import Diagnostics
import Foundation
import Testing
import BuildSettings
import TestSupport
@testable import XcodeProject

/// Shared schemes (`xcshareddata/xcschemes/*.xcscheme`) and the configuration each target ships with
/// (``XcodeProject/shippingConfiguration(for:requested:)``): `--configuration`, else the Archive action of the shared
/// scheme that builds the target, else `Release`, else `defaultConfigurationName`.
@Suite("Shared schemes and the configuration that ships")
struct SchemeTests {
    /// Two app targets, `App` (TAPP) and `Widget` (TWID, an extension); project configurations `configurations`
    /// (each target has the same names), the project's default `defaultName`.
    static func pbxproj(configurations: [String] = ["Debug", "Release", "Beta"], defaultName: String = "Debug") -> String {
        func list(_ prefix: String) -> String {
            configurations.indices.map { "\(prefix)\($0), " }.joined()
        }
        func objects(_ prefix: String, settings: String) -> String {
            configurations.indices.map {
                "\t\t\(prefix)\($0) = {isa = XCBuildConfiguration; buildSettings = {\(settings)}; name = \(configurations[$0]); };\n"
            }.joined()
        }
        return """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tPROJ = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = GMAIN; targets = (TAPP, TWID, ); };
            \t\tGMAIN = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (\(list("P"))); defaultConfigurationName = \(defaultName); };
            \(objects("P", settings: ""))\t\tTAPP = {isa = PBXNativeTarget; buildConfigurationList = ALIST; buildPhases = (); name = App; productType = "com.apple.product-type.application"; };
            \t\tALIST = {isa = XCConfigurationList; buildConfigurations = (\(list("A"))); defaultConfigurationName = \(defaultName); };
            \(objects("A", settings: "PRODUCT_BUNDLE_IDENTIFIER = com.example.app; "))\t\tTWID = {isa = PBXNativeTarget; buildConfigurationList = WLIST; buildPhases = (); name = Widget; productType = "com.apple.product-type.app-extension"; };
            \t\tWLIST = {isa = XCConfigurationList; buildConfigurations = (\(list("W"))); defaultConfigurationName = \(defaultName); };
            \(objects("W", settings: "PRODUCT_BUNDLE_IDENTIFIER = com.example.app.widget; "))\t};
            \trootObject = PROJ;
            }
            """
    }

    /// A scheme building `targets` (identifier, name, buildForArchiving) and, when `archive` is given, archiving with it.
    static func scheme(_ targets: [(id: String, name: String, archiving: Bool)], archive: String?) -> String {
        let entries = targets.map { target in
            """
                     <BuildActionEntry buildForTesting = "YES" buildForRunning = "YES" buildForProfiling = "YES" buildForArchiving = "\(target.archiving ? "YES" : "NO")" buildForAnalyzing = "YES">
                        <BuildableReference
                           BuildableIdentifier = "primary"
                           BlueprintIdentifier = "\(target.id)"
                           BuildableName = "\(target.name).app"
                           BlueprintName = "\(target.name)"
                           ReferencedContainer = "container:App.xcodeproj">
                        </BuildableReference>
                     </BuildActionEntry>

            """
        }.joined()
        let archiveAction = archive.map {
            """
                  <ArchiveAction
                     buildConfiguration = "\($0)"
                     revealArchiveInOrganizer = "YES">
                  </ArchiveAction>

            """
        } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme
               LastUpgradeVersion = "1500"
               version = "1.7">
               <BuildAction
                  parallelizeBuildables = "YES"
                  buildImplicitDependencies = "YES">
                  <BuildActionEntries>
            \(entries)      </BuildActionEntries>
               </BuildAction>
               <LaunchAction
                  buildConfiguration = "Debug"
                  launchStyle = "0">
               </LaunchAction>
            \(archiveAction)</Scheme>

            """
    }

    static let app = (id: "TAPP", name: "App", archiving: true)
    static let widget = (id: "TWID", name: "Widget", archiving: true)

    static func schemePath(_ name: String) -> String { "Proj/App.xcodeproj/xcshareddata/xcschemes/\(name).xcscheme" }

    func project(_ schemes: [String: String] = [:], configurations: [String] = ["Debug", "Release", "Beta"],
                 defaultName: String = "Debug") throws -> XcodeProject {
        var files: [String: String] = [:]
        for (name, text) in schemes { files[Self.schemePath(name)] = text }
        return try ProjectFixture(Self.pbxproj(configurations: configurations, defaultName: defaultName), files: files).read()
    }

    func choice(_ project: XcodeProject, _ target: String, requested: String? = nil) throws -> ShippingConfiguration {
        project.shippingConfiguration(for: try #require(project.target(named: target)), requested: requested)
    }

    @Test func aSchemesArchiveActionNamesTheConfiguration() throws {
        let project = try project(["App": Self.scheme([Self.app], archive: "Beta")])
        let scheme = try #require(project.schemes.first)
        #expect(scheme.name == "App")
        #expect(scheme.path == Self.schemePath("App"))
        #expect(scheme.archiveConfiguration == "Beta")
        #expect(scheme.archiveLocation == SourceLocation(file: Self.schemePath("App"), line: 24, column: 7))
        #expect(scheme.builtTargets.map(\.blueprintIdentifier) == ["TAPP"])
        #expect(scheme.builtTargets.map(\.blueprintName) == ["App"])
        #expect(scheme.builtTargets.first?.location == SourceLocation(file: Self.schemePath("App"), line: 10, column: 13))
        let app = try choice(project, "App")
        #expect(app.name == "Beta")
        #expect(app.source == .scheme("App"))
        #expect(app.sourceDescription == "scheme 'App' archive action")
        #expect(app.diagnostics.isEmpty)
        #expect(project.diagnostics.isEmpty)
        // The settings follow it.
        #expect(project.buildSettings(for: try #require(project.target(named: "App")), configuration: app.name).configuration == "Beta")
    }

    @Test func aSchemeWithoutArchiveActionFallsToRelease() throws {
        let project = try project(["App": Self.scheme([Self.app], archive: nil)])
        #expect(project.schemes.first?.archiveConfiguration == nil)
        let app = try choice(project, "App")
        #expect(app.name == "Release")
        #expect(app.source == .namedRelease)
        #expect(app.sourceDescription == "named Release")
    }

    @Test func aSchemeBuildingAnotherTargetIsNotThisTargets() throws {
        let project = try project(["Widget": Self.scheme([Self.widget], archive: "Beta")])
        #expect(try choice(project, "App").name == "Release")
        #expect(try choice(project, "App").source == .namedRelease)
        #expect(try choice(project, "Widget").name == "Beta")
        #expect(try choice(project, "Widget").source == .scheme("Widget"))
    }

    @Test func anEntryNotBuiltForArchivingDoesNotCount() throws {
        let project = try project(["App": Self.scheme([Self.app, (id: "TWID", name: "Widget", archiving: false)], archive: "Beta")])
        #expect(try choice(project, "App").source == .scheme("App"))
        #expect(try choice(project, "Widget").source == .namedRelease)
    }

    @Test func schemesThatDisagreeTakeTheOneNamedLikeTheTargetWithANote() throws {
        let project = try project(["App Store": Self.scheme([Self.app], archive: "Release"), "App": Self.scheme([Self.app], archive: "Beta")])
        #expect(project.schemes.map(\.name) == ["App", "App Store"])
        let app = try choice(project, "App")
        #expect(app.name == "Beta")
        #expect(app.source == .scheme("App"))
        let note = try #require(app.diagnostics.first)
        #expect(app.diagnostics.count == 1)
        #expect(note.rule == .projectSchemesDisagree)
        #expect(note.severity == .note)
        #expect(note.location == SourceLocation(file: Self.schemePath("App"), line: 24, column: 7))
        #expect(note.message == "the shared schemes that archive target App archive different configurations: 'App' (Beta), 'App Store' (Release); App is audited with 'Beta' of scheme 'App', the one named like the target (--configuration chooses another)")
    }

    @Test func schemesThatDisagreeWithoutOneNamedLikeTheTargetTakeTheFirstByName() throws {
        let project = try project(["Store": Self.scheme([Self.app], archive: "Release"), "Beta Build": Self.scheme([Self.app], archive: "Beta")])
        let app = try choice(project, "App")
        #expect(app.name == "Beta")
        #expect(app.source == .scheme("Beta Build"))
        #expect(app.diagnostics.map(\.rule) == [.projectSchemesDisagree])
        #expect(app.diagnostics.first?.message.contains("the first by name") == true)
    }

    @Test func schemesThatAgreeGiveNoNote() throws {
        let project = try project(["App": Self.scheme([Self.app], archive: "Beta"), "App Store": Self.scheme([Self.app], archive: "Beta")])
        #expect(try choice(project, "App").diagnostics.isEmpty)
        #expect(try choice(project, "App").source == .scheme("App"))
    }

    @Test func aSchemeNamingAConfigurationTheProjectLacksIsPassedOver() throws {
        let project = try project(["App": Self.scheme([Self.app], archive: "AppStore")])
        let app = try choice(project, "App")
        #expect(app.name == "Release")
        #expect(app.source == .namedRelease)
        #expect(app.diagnostics.map(\.rule) == [.projectSchemesDisagree])
        #expect(app.diagnostics.first?.message == "scheme 'App' archives target App with configuration 'AppStore', which the project does not have (it has 'Debug', 'Release', 'Beta'): the scheme is not used")
    }

    @Test func malformedSchemeIsALocatedNoteAndIsNotUsed() throws {
        let broken = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Scheme version = \"1.7\">\n   <ArchiveAction buildConfiguration = \"Beta\">\n</Scheme>\n"
        let project = try project(["App": broken, "Other": Self.scheme([Self.widget], archive: "Beta")])
        #expect(project.schemes.map(\.name) == ["Other"])
        let note = try #require(project.diagnostics.first)
        #expect(project.diagnostics.count == 1)
        #expect(note.rule == .projectSchemeInvalid)
        #expect(note.severity == .note)
        #expect(note.location == SourceLocation(file: Self.schemePath("App"), line: 4, column: 1))
        #expect(note.message.hasPrefix("scheme cannot be read: malformed XML: "))
        #expect(try choice(project, "App").source == .namedRelease)
        #expect(try choice(project, "Widget").source == .scheme("Other"))
    }

    @Test(arguments: [
        ("", "empty scheme file"),
        ("<?xml version=\"1.0\"?>\n<Workspace version = \"1.0\">\n</Workspace>\n", "not a scheme: the root element is <Workspace>"),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE Scheme [<!ENTITY a \"aaaa\">]>\n<Scheme><ArchiveAction buildConfiguration = \"&a;\"/></Scheme>\n", "a DOCTYPE"),
        ("not xml at all", "malformed XML"),
        ("<Scheme><BuildAction>", "malformed XML"),
    ])
    func unreadableSchemeShapes(_ text: String, _ expected: String) throws {
        let project = try project(["App": text])
        #expect(project.schemes.isEmpty)
        #expect(project.diagnostics.map(\.rule) == [.projectSchemeInvalid])
        #expect(project.diagnostics.first?.message.contains(expected) == true, "\(project.diagnostics)")
        #expect(project.diagnostics.first?.location.file == Self.schemePath("App"))
        #expect(try choice(project, "App").source == .namedRelease)
    }

    @Test func aSchemeThatIsADirectoryOrTooLargeIsANote() throws {
        let folder = try FixtureTree([
            "Proj/App.xcodeproj/project.pbxproj": Self.pbxproj(),
            Self.schemePath("Huge"): String(repeating: " ", count: XcodeSchemeLimits.maximumFileSize + 1),
            Self.schemePath("Folder") + "/inside": "",
        ], purpose: "XcodeProjectTests")
        let project = try XcodeProjectReader(files: ProjectFiles(root: folder.root)).read("Proj/App.xcodeproj")
        #expect(project.schemes.isEmpty)
        #expect(project.diagnostics.map(\.rule) == [.projectSchemeInvalid, .projectSchemeInvalid])
        #expect(project.diagnostics.map(\.location.file) == [Self.schemePath("Folder"), Self.schemePath("Huge")])
    }

    @Test func withoutReleaseTheDefaultConfiguration() throws {
        let project = try project(configurations: ["Debug", "Staging"], defaultName: "Staging")
        let app = try choice(project, "App")
        #expect(app.name == "Staging")
        #expect(app.source == .projectDefault)
        #expect(app.sourceDescription == "default")
    }

    @Test func releaseIsPreferredToADebugDefault() throws {
        let project = try project(configurations: ["Debug", "Release"], defaultName: "Debug")
        #expect(project.defaultConfigurationName == "Debug")
        #expect(try choice(project, "App").name == "Release")
        #expect(try choice(project, "App").source == .namedRelease)
    }

    @Test func theRequestedConfigurationWins() throws {
        let project = try project(["App": Self.scheme([Self.app], archive: "Beta"), "App Store": Self.scheme([Self.app], archive: "Release")])
        let app = try choice(project, "App", requested: "Debug")
        #expect(app.name == "Debug")
        #expect(app.source == .requested)
        #expect(app.sourceDescription == "--configuration")
        // No note about schemes the request overrides.
        #expect(app.diagnostics.isEmpty)
    }

    @Test func noSchemesFolderIsNoSchemes() throws {
        let project = try project()
        #expect(project.schemes.isEmpty)
        #expect(project.diagnostics.isEmpty)
    }
}
