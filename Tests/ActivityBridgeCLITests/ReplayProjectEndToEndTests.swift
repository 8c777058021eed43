import Foundation
import TestSupport
import Testing

/// `replay --project`: the build settings of each app's Xcode target expand `$(…)` in its declared
/// types (a sample's Info.plist, an app model's `activityTypes`), `--define` winning; a `$(…)` left
/// unexpanded is a located warning in the report, not a silent `undeclared`. Run with the built binary.
@Suite("replay --project (end to end)")
struct ReplayProjectEndToEndTests {
    /// A project of our own: `Tally` (Debug and Release bundle ids differ), `TallyWidgets`, and
    /// `Expanding` whose Info.plist is not expanded.
    static func pbxproj(targets: [(name: String, debug: String, release: String)]) -> String {
        var objects = ""
        var targetIDs: [String] = []
        for (offset, target) in targets.enumerated() {
            let base = 10 + offset * 10
            let id = { (n: Int) in String(format: "AA00000000000000000000%02d", n) }
            targetIDs.append(id(base))
            objects += """
                \t\t\(id(base)) = {isa = PBXNativeTarget; name = \(target.name); productType = "com.apple.product-type.application"; buildConfigurationList = \(id(base + 1)); buildPhases = (); };
                \t\t\(id(base + 1)) = {isa = XCConfigurationList; buildConfigurations = (\(id(base + 2)), \(id(base + 3))); defaultConfigurationName = Release; };
                \t\t\(id(base + 2)) = {isa = XCBuildConfiguration; name = Debug; buildSettings = {\(target.debug)}; };
                \t\t\(id(base + 3)) = {isa = XCBuildConfiguration; name = Release; buildSettings = {\(target.release)}; };

                """
        }
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 56;
            \tobjects = {
            \t\tAA0000000000000000000001 = {isa = PBXProject; buildConfigurationList = AA0000000000000000000002; mainGroup = AA0000000000000000000003; targets = (\(targetIDs.joined(separator: ", "))); };
            \t\tAA0000000000000000000002 = {isa = XCConfigurationList; buildConfigurations = (AA0000000000000000000004, AA0000000000000000000005); defaultConfigurationName = Release; };
            \t\tAA0000000000000000000003 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            \t\tAA0000000000000000000004 = {isa = XCBuildConfiguration; name = Debug; buildSettings = {SDKROOT = iphoneos; }; };
            \t\tAA0000000000000000000005 = {isa = XCBuildConfiguration; name = Release; buildSettings = {SDKROOT = iphoneos; }; };
            \(objects)\t};
            \trootObject = AA0000000000000000000001;
            }
            """
    }

    static let tallyProject = pbxproj(targets: [
        ("Tally", "PRODUCT_BUNDLE_IDENTIFIER = com.example.tally.debug; ", "PRODUCT_BUNDLE_IDENTIFIER = com.example.tally; "),
        ("TallyWidgets", "PRODUCT_BUNDLE_IDENTIFIER = com.example.tally.widgets; ", "PRODUCT_BUNDLE_IDENTIFIER = com.example.tally.widgets; "),
        ("Verbatim", "PRODUCT_BUNDLE_IDENTIFIER = com.example.verbatim; INFOPLIST_EXPAND_BUILD_SETTINGS = NO; ",
         "PRODUCT_BUNDLE_IDENTIFIER = com.example.verbatim; INFOPLIST_EXPAND_BUILD_SETTINGS = NO; "),
    ])

    /// An app model whose declared type is written as its Info.plist has it (line 4, column 34).
    static func model(named name: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>name</key><string>\(name)</string>
          <key>activityTypes</key><array><string>$(PRODUCT_BUNDLE_IDENTIFIER).add</string></array>
          <key>handledActivityTypes</key><array><string>$(PRODUCT_BUNDLE_IDENTIFIER).add</string></array>
        </dict></plist>
        """
    }

    static func script(app: String, type: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>name</key><string>Add</string>
          <key>app</key><string>\(app)</string>
          <key>steps</key><array>
            <dict><key>do</key><string>continue</string><key>activity</key><dict>
              <key>activityType</key><string>\(type)</string></dict>
              <key>expect</key><dict><key>outcome</key><string>handled</string></dict></dict>
          </array>
        </dict></plist>
        """
    }

    static let passed = "script.plist: Add\n  PASS  step 1 continue: handled\n1 passed, 0 failed\n"

    /// The project, the model `tally` and a script continuing `type`.
    static func tally(type: String, project: String = tallyProject, modelName: String = "tally") throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("replay-project")
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("Tally.xcodeproj"), withIntermediateDirectories: true)
        try directory.write(Data(project.utf8), to: "Tally.xcodeproj/project.pbxproj")
        try directory.write(Data(model(named: modelName).utf8), to: "model.plist")
        try directory.write(Data(script(app: modelName, type: type).utf8), to: "script.plist")
        return directory
    }

    static let base = ["replay", "--app-model", "model.plist", "script.plist"]

    @Test func theTargetNamedLikeTheAppGivesItsSettings() throws {
        let directory = try Self.tally(type: "com.example.tally.add")
        let result = try BuiltBinary.run(Self.base + ["--project", "Tally.xcodeproj"], in: directory.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput == Self.passed)
        #expect(result.standardError.isEmpty)
    }

    @Test func configurationTargetAndDefineChooseTheSettings() throws {
        let debug = try Self.tally(type: "com.example.tally.debug.add")
        let inDebug = try BuiltBinary.run(Self.base + ["--project", "Tally.xcodeproj", "--configuration", "Debug"], in: debug.url)
        #expect(inDebug.standardOutput == Self.passed, "\(inDebug.standardError)")
        // The Release type is not the Debug build's.
        let inRelease = try BuiltBinary.run(Self.base + ["--project", "Tally.xcodeproj"], in: debug.url)
        #expect(inRelease.status == 1)
        #expect(inRelease.standardOutput.contains(#"FAIL  step 1 continue: undeclared — outcome: expected "handled", got "undeclared""#))

        let widgets = try Self.tally(type: "com.example.tally.widgets.add")
        let other = try BuiltBinary.run(Self.base + ["--project", "Tally.xcodeproj", "--target", "TallyWidgets"], in: widgets.url)
        #expect(other.standardOutput == Self.passed, "\(other.standardError)")

        // --define wins over the project, as in `project settings`.
        let defined = try Self.tally(type: "org.example.mine.add")
        let wins = try BuiltBinary.run(Self.base + ["--project", "Tally.xcodeproj", "--define", "PRODUCT_BUNDLE_IDENTIFIER=org.example.mine"],
                                       in: defined.url)
        #expect(wins.standardOutput == Self.passed, "\(wins.standardError)")
    }

    /// Without settings the model's `$(…)` stays as written: the report says so at the model's
    /// `<string>` (line 4, column 34), then the step fails as on the device.
    @Test func anUnexpandedTypeIsALocatedWarning() throws {
        let directory = try Self.tally(type: "com.example.tally.add")
        let result = try BuiltBinary.run(Self.base, in: directory.url)
        #expect(result.status == 1)
        #expect(result.standardOutput == """
            script.plist: Add
              WARN  model.plist:4:34: declared activity type '$(PRODUCT_BUNDLE_IDENTIFIER).add' of tally stays as written (build setting PRODUCT_BUNDLE_IDENTIFIER is not defined): no activity type can equal it, so its continuations replay as undeclared; define PRODUCT_BUNDLE_IDENTIFIER (replay --define PRODUCT_BUNDLE_IDENTIFIER=VALUE, or --project) [activity-type-unresolved-variable]
              FAIL  step 1 continue: undeclared — outcome: expected "handled", got "undeclared"
            0 passed, 1 failed

            """)
        let json = try BuiltBinary.run(Self.base + ["--format", "json"], in: directory.url)
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutputData) as? [String: Any])
        let scripts = try #require(object["scripts"] as? [[String: Any]])
        let warnings = try #require(scripts.first?["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1)
        #expect(warnings.first?["file"] as? String == "model.plist")
        #expect(warnings.first?["line"] as? Int == 4)
        #expect(warnings.first?["column"] as? Int == 34)
        #expect(warnings.first?["rule"] as? String == "activity-type-unresolved-variable")
        let junit = try BuiltBinary.run(Self.base + ["--format", "junit"], in: directory.url)
        #expect(junit.standardOutput.contains("<system-out>model.plist:4:34: warning: declared activity type &apos;$(PRODUCT_BUNDLE_IDENTIFIER).add&apos; of tally stays as written"))
        // With the settings the report has no warning at all.
        let expanded = try BuiltBinary.run(Self.base + ["--project", "Tally.xcodeproj", "--format", "json"], in: directory.url)
        #expect(!expanded.standardOutput.contains("warnings"))
    }

    /// `INFOPLIST_EXPAND_BUILD_SETTINGS = NO`: Xcode leaves the Info.plist's `$(…)` alone, so does replay.
    @Test func aTargetThatDoesNotExpandLeavesTheTypeAsWritten() throws {
        let directory = try Self.tally(type: "com.example.verbatim.add", modelName: "Verbatim")
        let result = try BuiltBinary.run(Self.base + ["--project", "Tally.xcodeproj"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("WARN  model.plist:4:34: declared activity type '$(PRODUCT_BUNDLE_IDENTIFIER).add' of Verbatim stays as written"))
        #expect(result.standardError == "note: target Verbatim sets INFOPLIST_EXPAND_BUILD_SETTINGS = NO: Verbatim's declared types are not expanded\n")
    }

    @Test(arguments: [
        (["--project", "Tally.xcodeproj"], "Tallies", 64,
         "error: no target of 'Tally.xcodeproj' is named like app 'Tallies' (targets: Tally, TallyWidgets, Verbatim); pass --target NAME"),
        (["--project", "Tally.xcodeproj", "--target", "Nope"], "tally", 1,
         "error: no target 'Nope' in 'Tally.xcodeproj' (targets: Tally, TallyWidgets, Verbatim)"),
        (["--project", "Tally.xcodeproj", "--configuration", "Beta"], "tally", 1,
         "error: no configuration 'Beta' in 'Tally.xcodeproj' (configurations: Debug, Release)"),
        (["--project", "Missing.xcodeproj"], "tally", 66, "error: cannot read 'Missing.xcodeproj/project.pbxproj': no such file"),
        (["--target", "Tally"], "tally", 64, "error: --target and --configuration need --project"),
        (["--configuration", "Debug"], "tally", 64, "error: --target and --configuration need --project"),
    ])
    func projectErrorsRunNothing(options: [String], app: String, status: Int32, message: String) throws {
        let directory = try Self.tally(type: "com.example.tally.add", modelName: app)
        let result = try BuiltBinary.run(Self.base + options, in: directory.url)
        #expect(result.status == status)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
    }

    /// A script naming no known app is that script's error, as without --project: no target is looked for.
    @Test func anUnknownAppNeedsNoTarget() throws {
        let directory = try Self.tally(type: "com.example.tally.add")
        try directory.write(Data(Self.script(app: "nope", type: "x").utf8), to: "script.plist")
        let result = try BuiltBinary.run(Self.base + ["--project", "Tally.xcodeproj"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput == """
            script.plist: Add
              ERROR script.plist:4:17: error: unknown app 'nope' (known: hairdressers, tally, walkmate) [replay-script]
            0 passed, 1 failed

            """)
    }

    @Test func twoTargetsNamedLikeTheAppAreAmbiguous() throws {
        let project = Self.pbxproj(targets: [
            ("Tally", "", "PRODUCT_BUNDLE_IDENTIFIER = com.example.a; "), ("TALLY", "", "PRODUCT_BUNDLE_IDENTIFIER = com.example.b; "),
        ])
        let directory = try Self.tally(type: "com.example.a.add", project: project)
        let result = try BuiltBinary.run(Self.base + ["--project", "Tally.xcodeproj"], in: directory.url)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix(
            "error: several targets of 'Tally.xcodeproj' are named like app 'tally' (Tally, TALLY) (targets: Tally, TALLY); pass --target NAME\n"))
        let chosen = try BuiltBinary.run(Self.base + ["--project", "Tally.xcodeproj", "--target", "Tally"], in: directory.url)
        #expect(chosen.standardOutput == Self.passed, "\(chosen.standardError)")
    }

    /// A sample app's own Info.plist, as its repository has it (`Samples/Repositories`): a
    /// resource root's copy replaces the compiled-in one, and its `$(PRODUCT_BUNDLE_IDENTIFIER)`
    /// expands with the sample project's xcconfig (target `Hairdressers` for app `hairdressers`).
    @Test func aSamplesRepositoryInfoPlistExpandsWithItsProject() throws {
        let directory = try TemporaryDirectory("replay-project-sample")
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("Plists"), withIntermediateDirectories: true)
        let repository = TestPaths.packageRoot.appendingPathComponent("Samples/Repositories/Hairdressers")
        try directory.write(Data(contentsOf: repository.appendingPathComponent("Hairdressers/Info.plist")), to: "Plists/Hairdressers-Info.plist")
        try directory.write(Data(Self.script(app: "hairdressers", type: "com.donnywals.hairdressers.appointment")
            .replacingOccurrences(of: "</string></dict>\n", with: "</string>\n<key>userInfo</key><dict><key>hairdresser</key><string>Jane</string><key>day</key><string>Monday</string></dict></dict>\n")
            .replacingOccurrences(of: "<key>steps</key>", with: "<key>bridge</key><false/><key>steps</key>").utf8), to: "script.plist")
        let project = repository.appendingPathComponent("Hairdressers.xcodeproj").path
        let result = try BuiltBinary.run(["replay", "--project", project, "script.plist"], in: directory.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput == Self.passed)

        // The Info.plist's line 29: `<string>$(PRODUCT_BUNDLE_IDENTIFIER).appointment</string>`, column 3.
        let unexpanded = try BuiltBinary.run(["replay", "script.plist"], in: directory.url)
        #expect(unexpanded.status == 1)
        #expect(unexpanded.standardOutput.contains(
            "  WARN  Plists/Hairdressers-Info.plist:29:3: declared activity type '$(PRODUCT_BUNDLE_IDENTIFIER).appointment' of hairdressers stays as written"))
    }

    /// A real app: Harbour builds its activity types from its bundle id
    /// (`"\(Bundle.main.bundleIdentifier!).ContainerDetailsActivity"`,
    /// Harbour/Shared/Helpers/HarbourUserActivityIdentifier.swift:14), so a model written the same way
    /// needs the project's PRODUCT_BUNDLE_IDENTIFIER (`xyz.shameful.Harbour`, project.pbxproj:636; the
    /// widget extension's is `xyz.shameful.Harbour.Widgets`).
    @Test(.enabled(if: SharedCorpus.appsArePresent, "needs ../shared/corpus/apps (Harbour)"))
    func harboursModelExpandsWithItsRealProject() throws {
        let project = SharedCorpus.apps.appendingPathComponent("Harbour/Harbour.xcodeproj").path
        let directory = try Self.tally(type: "xyz.shameful.Harbour.add", modelName: "Harbour")
        let result = try BuiltBinary.run(Self.base + ["--project", project], in: directory.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput == Self.passed)
        let widgets = try BuiltBinary.run(Self.base + ["--project", project, "--target", "HarbourWidgets"], in: directory.url)
        #expect(widgets.status == 1)
        #expect(widgets.standardOutput.contains("undeclared"))
        try directory.write(Data(Self.script(app: "Harbour", type: "xyz.shameful.Harbour.Widgets.add").utf8), to: "script.plist")
        let widgetType = try BuiltBinary.run(Self.base + ["--project", project, "--target", "HarbourWidgets"], in: directory.url)
        #expect(widgetType.standardOutput == Self.passed, "\(widgetType.standardError)")
    }
}
