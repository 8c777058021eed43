import TestSupport
import Diagnostics
import Testing
import BuildSettings
import PropertyList
@testable import XcodeProject

@Suite("Broken projects: located diagnostics, never a crash or hang")
struct ProjectDiagnosticsTests {
    static let broken = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tPROJ = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = GMAIN; targets = (TAPP, MISSINGTARGET, FLOOP, ); };
        \t\tGMAIN = {isa = PBXGroup; children = (GA, DEADBEEF, FTOP, ); sourceTree = "<group>"; };
        \t\tGA = {isa = PBXGroup; children = (GB, ); path = A; sourceTree = "<group>"; };
        \t\tGB = {isa = PBXGroup; children = (GA, FLOOP, ); path = B; sourceTree = "<group>"; };
        \t\tGSELF = {isa = PBXGroup; children = (GSELF, FSELF, ); path = S; sourceTree = "<group>"; };
        \t\tFLOOP = {isa = PBXFileReference; path = Loop.swift; sourceTree = "<group>"; };
        \t\tFSELF = {isa = PBXFileReference; path = Self.swift; sourceTree = "<group>"; };
        \t\tFTOP = {isa = PBXFileReference; path = Top.swift; sourceTree = "<group>"; };
        \t\tBTOP = {isa = PBXBuildFile; fileRef = FTOP; };
        \t\tBLOOP = {isa = PBXBuildFile; fileRef = FLOOP; };
        \t\tBSELF = {isa = PBXBuildFile; fileRef = FSELF; };
        \t\tBGONE = {isa = PBXBuildFile; fileRef = GONEFILE; };
        \t\tSRC = {isa = PBXSourcesBuildPhase; files = (BTOP, BLOOP, BSELF, BGONE, NOBUILDFILE, ); };
        \t\tTAPP = {isa = PBXNativeTarget; buildConfigurationList = NOLIST; buildPhases = (SRC, ); name = App; productType = "com.apple.product-type.application"; };
        \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (PRELEASE, NOCONFIG, ); defaultConfigurationName = Release; };
        \t\tPRELEASE = {isa = XCBuildConfiguration; baseConfigurationReference = NOXCCONFIG; buildSettings = {SETTING = {a = b; }; "bad name" = x; }; name = Release; };
        \t};
        \trootObject = PROJ;
        }
        """

    @Test func danglingReferencesAndCyclesAreLocatedWarnings() throws {
        let fixture = try ProjectFixture(Self.broken)
        let project = try fixture.read()
        let byRule = Dictionary(grouping: project.diagnostics, by: \.rule)
        #expect(Set(byRule.keys) == [.projectDanglingReference, .projectReferenceCycle, .projectInvalidObject])
        let dangling: [Diagnostics.SourceLocation] = (byRule[.projectDanglingReference] ?? []).map(\.location)
        let expectedDangling: [Diagnostics.SourceLocation] = ["MISSINGTARGET", "DEADBEEF", "GONEFILE", "NOBUILDFILE", "NOLIST", "NOCONFIG", "NOXCCONFIG"]
            .map { fixture.location(of: $0) }
        #expect(Set(dangling) == Set(expectedDangling))
        #expect(dangling.count == expectedDangling.count)
        let missing = try #require(byRule[.projectDanglingReference]?.first { $0.location == fixture.location(of: "MISSINGTARGET") })
        #expect(missing.severity == .warning)
        #expect(missing.message == "PBXProject PROJ refers in 'targets' to MISSINGTARGET, which is no object of the project; the reference is ignored")
        // GA ↔ GB and GSELF ⊃ GSELF: each cycle once, at the child entry that closes it.
        #expect(byRule[.projectReferenceCycle]?.map(\.location) == [
            fixture.location(of: "GA", occurrence: 3), fixture.location(of: "GSELF", occurrence: 2),
        ])
        #expect(byRule[.projectReferenceCycle]?.map(\.message) == [
            "group GA (A) contains itself through its children: paths under it cannot be resolved",
            "group GSELF (S) contains itself through its children: paths under it cannot be resolved",
        ])
        // A target list naming a file reference; a setting that is no string; a key that is no setting name.
        #expect(byRule[.projectInvalidObject]?.map(\.description) == [
            "\(fixture.location(of: "SETTING")): warning: build setting SETTING is a dict, expected a string or an array of strings [project-invalid-object]",
            "\(fixture.location(of: "\"bad name\"")): warning: 'bad name' is not a build setting name [project-invalid-object]",
            "\(fixture.location(of: "FLOOP")): warning: the project's targets list FLOOP, a PBXFileReference, not a target [project-invalid-object]",
        ])
    }

    @Test func whatCanBeReadIsStillThere() throws {
        let project = try ProjectFixture(Self.broken).read()
        #expect(project.targets.map(\.name) == ["App"])
        let app = try #require(project.targets.first)
        // A file under a group that contains itself has no path (Self.swift); the others resolve.
        #expect(app.sourceFiles == [.repository("Proj/Top.swift"), .repository("Proj/A/B/Loop.swift")])
        #expect(app.buildConfigurations.configurations.isEmpty)
        #expect(project.configurationNames == ["Release"])
        #expect(project.buildConfigurations["Release"]?.baseConfiguration == nil)
        #expect(project.buildConfigurations["Release"]?.settings == [])
        // Evaluating a target without configurations still gives the built-ins.
        let settings = project.buildSettings(for: app)
        #expect(settings.resolved["TARGET_NAME"] == "App")
    }

    @Test func aHugeGroupChainResolvesWithoutRecursion() throws {
        var objects = "\t\tPROJ = {isa = PBXProject; mainGroup = G0; targets = (T, ); };\n"
        let depth = 2_000
        for level in 0..<depth { objects += "\t\tG\(level) = {isa = PBXGroup; children = (G\(level + 1), ); path = d; sourceTree = \"<group>\"; };\n" }
        objects += "\t\tG\(depth) = {isa = PBXGroup; children = (F, ); path = d; sourceTree = \"<group>\"; };\n"
        objects += "\t\tF = {isa = PBXFileReference; path = Deep.swift; sourceTree = \"<group>\"; };\n"
        objects += "\t\tB = {isa = PBXBuildFile; fileRef = F; };\n\t\tS = {isa = PBXSourcesBuildPhase; files = (B, ); };\n"
        objects += "\t\tT = {isa = PBXNativeTarget; buildPhases = (S, ); name = T; };\n"
        let project = try ProjectFixture("// !$*UTF8*$!\n{\n\tobjects = {\n\(objects)\t};\n\trootObject = PROJ;\n}\n").read()
        let file = try #require(project.targets.first?.sourceFiles.first?.filePath)
        #expect(file.hasSuffix("/d/Deep.swift"))
        #expect(file.split(separator: "/").count == depth + 3)
    }

    @Test func readErrors() throws {
        let notAPlist = try ProjectFixture("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXProject\n")
        #expect {
            try notAPlist.read()
        } throws: { error in
            guard case let .invalid(diagnostics) = error as? XcodeProjectReadError else { return false }
            return diagnostics.last?.rule == .plistSyntax && diagnostics.last?.location.file == "Proj/App.xcodeproj/project.pbxproj"
        }
        let noRoot = try ProjectFixture("{ objects = { A = {isa = PBXGroup; }; }; rootObject = A; }")
        #expect {
            try noRoot.read()
        } throws: { error in
            guard case let .notAProject(diagnostic) = error as? XcodeProjectReadError else { return false }
            return diagnostic.message == "not an Xcode project: 'rootObject' names no PBXProject object"
                && diagnostic.location == Diagnostics.SourceLocation(file: "Proj/App.xcodeproj/project.pbxproj", line: 1, column: 1)
        }
        let noObjects = try ProjectFixture("{ rootObject = A; }")
        #expect(throws: XcodeProjectReadError.self) { try noObjects.read() }
        #expect {
            try XcodeProjectReader(files: ProjectFiles(root: noObjects.folder.root)).read("Missing.xcodeproj")
        } throws: { error in
            guard case let .unreadableFile(path, reason) = error as? XcodeProjectReadError else { return false }
            return path == "Missing.xcodeproj/project.pbxproj" && "\(reason)" == "no such file"
        }
    }
}
