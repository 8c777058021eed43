import ActivityBridgeCLI
import Foundation
import JSON
import Testing
import TestSupport

/// `activity-bridge audit` through the real built binary: formats, flags, suppression and exit codes.
@Suite("audit end to end")
struct AuditEndToEndTests {
    /// A one-target project: an app `target` building `sources` (a Sources phase), its Info.plist at
    /// App/Info.plist, bundle identifier `bundleIdentifier`.
    static func pbxproj(target: String = "App", sources: [String] = ["App/Scene.swift"], bundleIdentifier: String = "com.example.app") -> String {
        let references = sources.indices.map { "\t\tF\($0) = {isa = PBXFileReference; path = \(sources[$0]); sourceTree = \"<group>\"; };\n"
            + "\t\tB\($0) = {isa = PBXBuildFile; fileRef = F\($0); };\n" }.joined()
        return """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tPROJ = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = GMAIN; targets = (TAPP, ); };
            \t\tGMAIN = {isa = PBXGroup; children = (\(sources.indices.map { "F\($0), " }.joined())); sourceTree = "<group>"; };
            \(references)\t\tPHASE = {isa = PBXSourcesBuildPhase; files = (\(sources.indices.map { "B\($0), " }.joined())); };
            \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (PREL, ); defaultConfigurationName = Release; };
            \t\tPREL = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
            \t\tTAPP = {isa = PBXNativeTarget; buildConfigurationList = ALIST; buildPhases = (PHASE, ); name = \(target); productType = "com.apple.product-type.application"; };
            \t\tALIST = {isa = XCConfigurationList; buildConfigurations = (AREL, ); defaultConfigurationName = Release; };
            \t\tAREL = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = \(bundleIdentifier); }; name = Release; };
            \t};
            \trootObject = PROJ;
            }
            """
    }

    /// An Info.plist declaring `types`.
    static func infoPlist(types: [String] = ["$(PRODUCT_BUNDLE_IDENTIFIER).open"]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>NSUserActivityTypes</key>
        \t<array>
        \(types.map { "\t\t<string>\($0)</string>\n" }.joined())\t</array>
        </dict>
        </plist>

        """
    }

    /// Creates and handles the declared type; `extra` is added to the function body.
    static func scene(_ extra: String = "") -> String {
        """
        import UIKit

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func donate() {
                let activity = NSUserActivity(activityType: "com.example.app.open")
                activity.becomeCurrent()
        \(extra)    }

            func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                if userActivity.activityType == "com.example.app.open" { print("open") }
            }
        }

        """
    }

    func withRepository<T>(scene: String = scene(), _ body: (URL) throws -> T) throws -> T {
        let directory = try TemporaryDirectory.create("audit-e2e")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FixtureTree.write(["App.xcodeproj/project.pbxproj": Self.pbxproj(), "App/Info.plist": Self.infoPlist(), "App/Scene.swift": scene], into: directory)
        return try body(directory)
    }

    static let undeclared = "        let other = NSUserActivity(activityType: \"com.example.app.other\")\n        other.becomeCurrent()\n"

    @Test func cleanRepositoryExitsZero() throws {
        try withRepository { directory in
            let result = try BuiltBinary.run(["audit"], in: directory)
            #expect(result.status == 0)
            #expect(result.standardOutput == "App.xcodeproj: App (Release, named Release): 1 Swift file, 1 declared, 1 created, 1 handled activity types, 0 App Intents, 0 App Shortcuts: 0 errors, 0 warnings, 0 notes\n")
            #expect(result.standardError.isEmpty)
        }
    }

    @Test func anUndeclaredTypeIsAnErrorAtItsPlace() throws {
        try withRepository(scene: Self.scene(Self.undeclared)) { directory in
            let result = try BuiltBinary.run(["audit", directory.path], in: URL(fileURLWithPath: "/"))
            #expect(result.status == 1)
            #expect(result.standardOutput.hasPrefix(
                "App/Scene.swift:7:50: error: target App creates activity type 'com.example.app.other', which its Info.plist (App/Info.plist) does not declare in NSUserActivityTypes: the system never delivers it [activity-type-undeclared-in-code]\n"
                + "App/Scene.swift:7:50: warning: activity type 'com.example.app.other' is created here, but no code of any target of the app handles it"))
            #expect(result.standardOutput.hasSuffix(": 1 error, 1 warning, 0 notes\n"))
        }
    }

    @Test func suppressedByCommentOrDisabled() throws {
        let ignored = "        // activity-bridge:ignore activity-type-undeclared-in-code, activity-type-never-handled\n" + Self.undeclared
        try withRepository(scene: Self.scene(ignored)) { directory in
            let result = try BuiltBinary.run(["audit"], in: directory)
            #expect(result.status == 0)
            #expect(result.standardOutput.hasSuffix(": 0 errors, 0 warnings, 0 notes\n"))
        }
        try withRepository(scene: Self.scene(Self.undeclared)) { directory in
            let result = try BuiltBinary.run(["audit", "--disable", "activity-type-undeclared-in-code"], in: directory)
            #expect(result.status == 0)
            #expect(result.standardOutput.contains("[activity-type-never-handled]"))
            let strict = try BuiltBinary.run(["audit", "--disable", "activity-type-undeclared-in-code", "--warnings-as-errors"], in: directory)
            #expect(strict.status == 1)
        }
    }

    @Test func jsonHasTheContractsKeys() throws {
        try withRepository(scene: Self.scene(Self.undeclared)) { directory in
            let result = try BuiltBinary.run(["audit", "--format", "json", "."], in: directory)
            #expect(result.status == 1)
            let document = try JSONParser().parse(result.standardOutput)
            guard case let .object(top) = document else { Issue.record("not an object"); return }
            #expect(top.map(\.key) == ["projects", "diagnostics", "summary"])
            let project = document["projects"].flatMap { if case let .array(a) = $0 { a.first } else { nil } }
            #expect(project?["path"] == .string("App.xcodeproj"))
            #expect(project?["configuration"] == .string("Release"))
            let target = project?["targets"].flatMap { if case let .array(a) = $0 { a.first } else { nil } }
            if case let .object(members)? = target {
                #expect(members.map(\.key) == ["name", "productType", "bundleIdentifier", "infoPlist", "activityTypes", "appIntents",
                                               "appShortcuts", "customIntents", "swiftFiles", "unresolved", "configuration", "configurationSource"])
            } else { Issue.record("no target") }
            let declared = target?["activityTypes"]?["declared"]
            #expect(declared == .array([.object([
                ("value", .string("$(PRODUCT_BUNDLE_IDENTIFIER).open")), ("resolved", .string("com.example.app.open")),
                ("file", .string("App/Info.plist")), ("line", .integer(6)), ("column", .integer(3)),
            ])]))
            let diagnostic = document["diagnostics"].flatMap { if case let .array(a) = $0 { a.first } else { nil } }
            #expect(diagnostic?["rule"] == .string("activity-type-undeclared-in-code"))
            #expect(diagnostic?["file"] == .string("App/Scene.swift"))
            #expect(diagnostic?["line"] == .integer(7))
            #expect(diagnostic?["column"] == .integer(50))
            #expect(diagnostic?["target"] == .string("App"))
            #expect(document["summary"] == .object([
                ("projects", .integer(1)), ("targets", .integer(1)), ("swiftFiles", .integer(1)), ("errors", .integer(1)),
                ("warnings", .integer(1)), ("notes", .integer(0)),
            ]))
        }
    }

    @Test func sarifNamesTheRuleAndRegion() throws {
        try withRepository(scene: Self.scene(Self.undeclared)) { directory in
            let result = try BuiltBinary.run(["audit", "--format", "sarif"], in: directory)
            #expect(result.status == 1)
            #expect(result.standardOutput.contains("\"version\":\"2.1.0\""))
            #expect(result.standardOutput.contains("\"ruleId\":\"activity-type-undeclared-in-code\""))
            #expect(result.standardOutput.contains("\"startLine\":7"))
            #expect(result.standardOutput.contains("\"startColumn\":50"))
        }
    }

    @Test func usageAndMissingInputs() throws {
        try withRepository { directory in
            let usage = try BuiltBinary.run(["audit", "--format", "xml"], in: directory)
            #expect(usage.status == 64)
            #expect(usage.standardOutput.isEmpty)
            #expect(usage.standardError.hasPrefix("error: "))
            let twoPaths = try BuiltBinary.run(["audit", ".", "other"], in: directory)
            #expect(twoPaths.status == 64)
            let missing = try BuiltBinary.run(["audit", "no-such-folder"], in: directory)
            #expect(missing.status == 66)
            #expect(missing.standardError.hasPrefix("error: cannot read 'no-such-folder': no such directory\n"))
            let project = try BuiltBinary.run(["audit", "--project", "Other.xcodeproj"], in: directory)
            #expect(project.status == 66)
            #expect(project.standardError.hasPrefix("error: cannot read 'Other.xcodeproj': no such project"))
            let named = try BuiltBinary.run(["audit", "--project", "App.xcodeproj", "--target", "App", "--configuration", "Release"], in: directory)
            #expect(named.status == 0)
        }
    }

    @Test func progressGoesToStderrOnlyOnATerminal() throws {
        try withRepository { directory in
            // In process: a context that says stderr is a terminal gets progress lines there, stdout unchanged.
            let terminal = CommandContext(standardOutput: CommandOutput(), standardError: CommandOutput(), showsProgress: true,
                                          currentDirectory: directory.path)
            #expect(ActivityBridgeCommand.main(["audit"], context: terminal) == 0)
            #expect(terminal.standardError.capturedText.contains("App.xcodeproj: App: parsing 1 Swift files"))
            #expect(terminal.standardError.capturedText.hasSuffix("\r\u{1B}[K"))
            let piped = CommandContext.captured(currentDirectory: directory.path)
            #expect(ActivityBridgeCommand.main(["audit"], context: piped) == 0)
            #expect(piped.standardError.capturedText.isEmpty)
            #expect(piped.standardOutput.capturedText == terminal.standardOutput.capturedText)
        }
    }
}
