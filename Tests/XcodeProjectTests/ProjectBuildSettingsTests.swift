import Diagnostics
import Testing
import BuildSettings
import PropertyList
@testable import XcodeProject

@Suite("A target's build settings from its project")
struct ProjectBuildSettingsTests {
    let fixture: ProjectFixture
    let project: XcodeProject

    init() throws {
        fixture = try ProjectFixture(ProjectModelTests.pbxproj, files: ProjectModelTests.files)
        project = try fixture.read()
    }

    var app: XcodeTarget { project.target(named: "Walk Mate")! }

    func xcconfig(_ name: String, _ line: Int, _ level: BuildSettingLevel) -> BuildSettingOrigin {
        BuildSettingOrigin(level, at: SourceLocation(file: "Proj/Config/\(name)", line: line, column: 1))
    }

    @Test func levelsInXcodesOrderWithInheritedAndOrigins() {
        let settings = project.buildSettings(for: app, configuration: "Release")
        #expect(settings.configuration == "Release")
        #expect(settings.diagnostics == [])
        #expect(settings.xcconfigFiles == ["Proj/Config/Project.xcconfig", "Proj/Config/App.xcconfig", "Proj/Config/Shared.xcconfig"])
        let resolved = settings.resolved
        #expect(resolved["FLAGS"] == "-project-xcconfig -project -target-xcconfig -target")
        #expect(resolved.assignments(of: "FLAGS").map(\.origin.level) == [.projectXcconfig, .project, .targetXcconfig, .target])
        #expect(resolved.settings["FLAGS"]?.origin == BuildSettingOrigin(.target, at: fixture.location(of: "FLAGS = \"$(inherited) -target\"")))
        // The target xcconfig's include wins over the project xcconfig; the identifier is set at project level.
        #expect(resolved["PRODUCT_BUNDLE_IDENTIFIER"] == "org.walkmate.Walk-Mate")
        #expect(resolved.settings["PRODUCT_BUNDLE_IDENTIFIER"]?.origin
            == BuildSettingOrigin(.project, at: fixture.location(of: "PRODUCT_BUNDLE_IDENTIFIER = ")))
        #expect(resolved.settings["BUNDLE_PREFIX"]?.origin == xcconfig("Shared.xcconfig", 1, .targetXcconfig))
        #expect(resolved["CODE_SIGN_IDENTITY"] == "iPhone Distribution")
        #expect(resolved["OTHER_LDFLAGS"] == " -framework \"Foo Bar\"")
        #expect(resolved["INFOPLIST_FILE"] == "Proj/App/Info.plist")
        #expect(project.path(relativeToProject: "App/Info.plist") == "Proj/App/Info.plist")
    }

    @Test func builtInDefaults() {
        let resolved = project.buildSettings(for: app, configuration: "Release").resolved
        let expected: [String: String] = [
            "TARGET_NAME": "Walk Mate", "PRODUCT_NAME": "Walk Mate", "PRODUCT_MODULE_NAME": "Walk_Mate",
            "EXECUTABLE_NAME": "Walk Mate", "WRAPPER_EXTENSION": "app", "FULL_PRODUCT_NAME": "Walk Mate.app",
            "SRCROOT": "Proj", "PROJECT_DIR": "Proj", "PROJECT_NAME": "App", "CONFIGURATION": "Release",
            "PLATFORM_NAME": "iphoneos", "SDKROOT": "iphoneos", "EFFECTIVE_PLATFORM_NAME": "-iphoneos",
            "INFOPLIST_EXPAND_BUILD_SETTINGS": "YES", "INFOPLIST_PATH": "Walk Mate.app/Info.plist",
            "BUILT_PRODUCTS_DIR": "Proj/build/Release-iphoneos", "PRODUCT_BUNDLE_PACKAGE_TYPE": "APPL",
        ]
        for (name, value) in expected { #expect(resolved[name] == value, "\(name)") }
        #expect(resolved.settings["TARGET_NAME"]?.origin == BuildSettingOrigin(.default))
        // PRODUCT_NAME defaults to $(TARGET_NAME) where nothing sets it.
        let widgets = project.buildSettings(for: project.target(named: "Widgets")!, configuration: "Debug").resolved
        #expect(widgets["PRODUCT_NAME"] == "Widgets")
        #expect(widgets["WRAPPER_EXTENSION"] == "appex")
        #expect(widgets["FULL_PRODUCT_NAME"] == "Widgets.appex")
        #expect(widgets.settings["PRODUCT_NAME"]?.origin == BuildSettingOrigin(.default))
    }

    @Test func definesOverrideEverythingAndInheritFromBelow() {
        let settings = project.buildSettings(
            for: app, configuration: "Release",
            defines: BuildSettings(["FLAGS": "$(inherited) -define", "BUNDLE_PREFIX": "net.override"]))
        #expect(settings.resolved["FLAGS"] == "-project-xcconfig -project -target-xcconfig -target -define")
        #expect(settings.resolved["PRODUCT_BUNDLE_IDENTIFIER"] == "net.override.Walk-Mate")
        #expect(settings.resolved.settings["BUNDLE_PREFIX"]?.origin == BuildSettingOrigin(.define))
    }

    @Test func configurationsDiffer() {
        let debug = project.buildSettings(for: app, configuration: "Debug").resolved
        #expect(debug["FLAGS"] == " -project-debug")
        #expect(debug["CODE_SIGN_IDENTITY"] == nil)
        #expect(debug["PRODUCT_NAME"] == "Walk Mate")   // $(TARGET_NAME)
        // Without a configuration: the project's default (Release).
        #expect(project.buildSettings(for: app).configuration == "Release")
    }

    @Test func aMissingConfigurationFallsBackToTheTargetsDefault() {
        let settings = project.buildSettings(for: project.target(named: "Widgets")!, configuration: "Release")
        #expect(settings.configuration == "Debug")
        #expect(settings.diagnostics.map(\.description) == [
            "\(fixture.location(of: "TEXT = ")): warning: target Widgets has no configuration 'Release'; its default configuration 'Debug' is used [project-configuration-missing]",
        ])
    }

    @Test func undefinedReferencesAreEmptyAndReported() {
        let settings = project.buildSettings(for: app, configuration: "Release",
                                             defines: BuildSettings(["DISPLAY": "$(PRODUCT_NAME)$(PROVISIONING_SUFFIX)"]))
        #expect(settings.resolved["DISPLAY"] == "Walk Mate")
        #expect(settings.resolved.settings["DISPLAY"]?.problems.map(\.name) == ["PROVISIONING_SUFFIX"])
        let plistText = settings.resolved.expand("$(PRODUCT_BUNDLE_IDENTIFIER).open.$(NOPE)")
        #expect(plistText.value == "org.walkmate.Walk-Mate.open.")
        #expect(plistText.problems.map(\.name) == ["NOPE"])
    }

    @Test func aMissingBaseXcconfigIsAWarningWhereItIsNamed() throws {
        let fixture = try ProjectFixture(ProjectModelTests.pbxproj, files: ["Proj/Config/App.xcconfig": "#include \"Gone.xcconfig\"\nA = 1\n"])
        let project = try fixture.read()
        let settings = project.buildSettings(for: project.target(named: "Walk Mate")!, configuration: "Release")
        #expect(settings.diagnostics.map(\.description) == [
            "\(fixture.location(of: "FXC", occurrence: 3)): warning: base configuration file 'Proj/Config/Project.xcconfig' does not exist; its settings are not applied [xcconfig-missing]",
            "Proj/Config/App.xcconfig:1:1: warning: included file 'Gone.xcconfig' does not exist (looked for Proj/Config/Gone.xcconfig) [xcconfig-include-missing]",
        ])
        #expect(settings.resolved["A"] == "1")
        #expect(settings.resolved["FLAGS"] == " -project -target")
    }
}
