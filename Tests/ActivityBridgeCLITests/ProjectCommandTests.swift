import Foundation
import TestSupport
import Testing

/// `project list`, `project settings` and `validate --project`, through the built binary, on the sample
/// repositories (`Samples/Repositories`) whose values are read off their xcconfig files: Walk Mate's app
/// gets `PRODUCT_BUNDLE_IDENTIFIER = $(APP_BUNDLE_IDENTIFIER)` at WalkMate.xcconfig:5, which Shared.xcconfig:5
/// builds as `com.$(APP_PRODUCT_NAME:lower:rfc1034identifier)` from `APP_PRODUCT_NAME = WalkMate`.
@Suite("project and validate --project (built binary)")
struct ProjectCommandTests {
    static let repositories = TestPaths.packageRoot.appendingPathComponent("Samples/Repositories")
    static let walkMate = "WalkMate/WalkMate.xcodeproj"

    @Test func listNamesEveryProjectTargetAndConfiguration() throws {
        let result = try BuiltBinary.run(["project", "list"], in: Self.repositories)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == """
            Hairdressers/Hairdressers.xcodeproj (configurations: Debug, Release; default Release)
              Hairdressers         com.apple.product-type.application
              HairdressersIntents  com.apple.product-type.app-extension
            WalkMate/WalkMate.xcodeproj (configurations: Debug, Release; default Release)
              WalkMate         com.apple.product-type.application
              WalkMateWidgets  com.apple.product-type.app-extension

            """)
    }

    @Test func listAsJSONAndOfOneProject() throws {
        let result = try BuiltBinary.run(["project", "list", "--format", "json", Self.walkMate], in: Self.repositories)
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
        let projects = try #require(object["projects"] as? [[String: Any]])
        #expect(projects.count == 1)
        #expect(projects.first?["path"] as? String == "WalkMate.xcodeproj")
        #expect(projects.first?["defaultConfiguration"] as? String == "Release")
        let targets = try #require(projects.first?["targets"] as? [[String: Any]])
        #expect(targets.map { $0["name"] as? String } == ["WalkMate", "WalkMateWidgets"])
        #expect(targets.map { $0["kind"] as? String } == ["native", "native"])
    }

    @Test func settingsResolveThroughXcconfigIncludesAndModifiers() throws {
        let result = try BuiltBinary.run(["project", "settings", Self.walkMate, "--target", "WalkMate", "--show-origin"], in: Self.repositories)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = Set(result.standardOutput.split(separator: "\n").map(String.init))
        #expect(lines.contains("PRODUCT_BUNDLE_IDENTIFIER = com.walkmate  # Configurations/WalkMate.xcconfig:5:1 (target-xcconfig)"))
        #expect(lines.contains("INFOPLIST_FILE = WalkMate/Info.plist  # Configurations/WalkMate.xcconfig:6:1 (target-xcconfig)"))
        #expect(lines.contains("APP_PRODUCT_NAME = WalkMate  # Configurations/Shared.xcconfig:3:1 (target-xcconfig)"))
        #expect(lines.contains("CONFIGURATION = Release  # default"))
        // Sorted by name, as xcodebuild prints them.
        let names = result.standardOutput.split(separator: "\n").map { $0.prefix { $0 != " " } }
        #expect(names == names.sorted())
    }

    @Test func settingsAsJSONWithADefineAndAnotherConfiguration() throws {
        let result = try BuiltBinary.run(
            ["project", "settings", Self.walkMate, "--target", "WalkMateWidgets", "--configuration", "Debug",
             "--define", "APP_PRODUCT_NAME=Trail Buddy", "--format", "json", "--show-origin"], in: Self.repositories)
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
        #expect(object["project"] as? String == Self.walkMate)
        #expect(object["target"] as? String == "WalkMateWidgets")
        #expect(object["configuration"] as? String == "Debug")
        let settings = try #require(object["settings"] as? [String: String])
        // The define wins over the xcconfig, and the modifiers fold it into an identifier.
        #expect(settings["PRODUCT_BUNDLE_IDENTIFIER"] == "com.trail-buddy.widgets")
        let origins = try #require(object["origins"] as? [String: [String: Any]])
        #expect(origins["APP_PRODUCT_NAME"]?["level"] as? String == "define")
        #expect(origins["PRODUCT_BUNDLE_IDENTIFIER"]?["file"] as? String == "Configurations/WalkMateWidgets.xcconfig")
        #expect(origins["PRODUCT_BUNDLE_IDENTIFIER"]?["line"] as? Int == 5)
    }

    @Test(arguments: [
        (["project", "settings", walkMate, "--target", "Nope"], Int32(1), "error: no target 'Nope' in 'WalkMate/WalkMate.xcodeproj' (targets: WalkMate, WalkMateWidgets)"),
        (["project", "settings", walkMate, "--target", "WalkMate", "--configuration", "Beta"], 1, "error: no configuration 'Beta' in 'WalkMate/WalkMate.xcodeproj' (configurations: Debug, Release)"),
        (["project", "settings", "Missing.xcodeproj", "--target", "App"], 66, "error: cannot read 'Missing.xcodeproj/project.pbxproj': no such file"),
        (["project", "settings", walkMate], 64, "error: missing option '--target NAME'"),
        (["project", "settings", "WalkMate", "--target", "App"], 64, "error: 'WalkMate' is not an .xcodeproj folder"),
        (["project", "list", "nowhere"], 66, "error: no folder at 'nowhere'"),
        (["validate", "--target", "WalkMate", "x.plist"], 64, "error: --target and --configuration need --project"),
        (["validate", "--project", walkMate, "x.plist"], 64, "error: PLISTs with --project need one target (--target NAME); 'WalkMate/WalkMate.xcodeproj' has 2 to choose from"),
        (["validate"], 64, "error: missing argument PLIST (or --project PATH.xcodeproj)"),
    ])
    func errorsSayWhatIsWrongWithTheirExitCode(arguments: [String], status: Int32, message: String) throws {
        let result = try BuiltBinary.run(arguments, in: Self.repositories)
        #expect(result.status == status)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix(message + "\n"), "\(result.standardError)")
    }

    @Test func validateTakesEachTargetsInfoPlistAndSettings() throws {
        let result = try BuiltBinary.run(["validate", "--project", Self.walkMate, "--format", "json"], in: Self.repositories)
        #expect(result.status == 0, "\(result.standardOutput)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["WalkMate/WalkMate/Info.plist", "WalkMate/WalkMateWidgets/Info.plist"])
        let types = try #require(files.first?["activityTypes"] as? [[String: Any]])
        #expect(types.compactMap { $0["resolved"] as? String }.allSatisfy { $0.hasPrefix("com.walkmate.") })
        #expect(!types.isEmpty)
    }

    /// A project of our own: an undefined setting in a declared type is a note (Xcode expands it to
    /// empty), `--define` still overrides, and a project-less `$(…)` stays a warning.
    @Test func undefinedSettingsAreNotesWithAProject() throws {
        let directory = try TemporaryDirectory("validate-project")
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        _ = try directory.write(Data(Self.pbxproj.utf8), to: "App.xcodeproj/project.pbxproj")
        _ = try directory.write(Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            \t<key>NSUserActivityTypes</key>
            \t<array>
            \t\t<string>$(PRODUCT_BUNDLE_IDENTIFIER).open$(PROVISIONING_SUFFIX)</string>
            \t</array>
            </dict></plist>
            """.utf8), to: "Info.plist")
        let result = try BuiltBinary.run(["validate", "--project", "App.xcodeproj"], in: directory.url)
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput == """
            Info.plist:5:3: note: '$(PRODUCT_BUNDLE_IDENTIFIER).open$(PROVISIONING_SUFFIX)': build setting PROVISIONING_SUFFIX is not defined, so it expands to an empty string (as in Xcode) [build-setting-undefined]
            1 file checked: 0 errors, 0 warnings, 1 note

            """)
        let defined = try BuiltBinary.run(["validate", "--project", "App.xcodeproj", "--define", "PROVISIONING_SUFFIX=.beta", "--format", "json"], in: directory.url)
        #expect(defined.standardOutput.contains(#""resolved":"com.example.app.open.beta""#), "\(defined.standardOutput)")
        let withoutProject = try BuiltBinary.run(["validate", "Info.plist"], in: directory.url)
        #expect(withoutProject.standardOutput.contains("[activity-type-unresolved-variable]"))
    }

    static let pbxproj = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \t\tAA0000000000000000000001 = {isa = PBXProject; buildConfigurationList = AA0000000000000000000002; mainGroup = AA0000000000000000000003; targets = (AA0000000000000000000004); };
        \t\tAA0000000000000000000002 = {isa = XCConfigurationList; buildConfigurations = (AA0000000000000000000005); defaultConfigurationName = Release; };
        \t\tAA0000000000000000000003 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
        \t\tAA0000000000000000000004 = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildConfigurationList = AA0000000000000000000006; buildPhases = (); };
        \t\tAA0000000000000000000005 = {isa = XCBuildConfiguration; name = Release; buildSettings = {SDKROOT = iphoneos; }; };
        \t\tAA0000000000000000000006 = {isa = XCConfigurationList; buildConfigurations = (AA0000000000000000000007); defaultConfigurationName = Release; };
        \t\tAA0000000000000000000007 = {isa = XCBuildConfiguration; name = Release; buildSettings = {INFOPLIST_FILE = Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.app; }; };
        \t};
        \trootObject = AA0000000000000000000001;
        }
        """
}
