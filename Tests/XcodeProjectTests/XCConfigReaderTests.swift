import TestSupport
import Diagnostics
import Testing
import PropertyList
@testable import BuildSettings

@Suite("xcconfig files")
struct XCConfigReaderTests {
    @Test func readsAssignmentsCommentsSemicolonsAndConditions() {
        let file = XCConfigReader().parse("""
            // A comment line
            PRODUCT_NAME = Walk Mate // trailing comment
              SWIFT_VERSION=5.0;
            OTHER[sdk=iphoneos*][config=Debug] = device-debug
            MULTI[sdk=iphoneos*,arch=arm64] = both
            EMPTY =

            URL = https:/$()/example.com
            """, path: "Config/Base.xcconfig", level: .projectXcconfig)
        #expect(file.diagnostics == [])
        #expect(file.assignments.map(\.name) == ["PRODUCT_NAME", "SWIFT_VERSION", "OTHER", "MULTI", "EMPTY", "URL"])
        #expect(file.assignments.map(\.value) == ["Walk Mate", "5.0", "device-debug", "both", "", "https:/$()/example.com"])
        #expect(file.assignments[2].conditions == [
            BuildSettingCondition(key: "sdk", pattern: "iphoneos*"), BuildSettingCondition(key: "config", pattern: "Debug"),
        ])
        #expect(file.assignments[3].conditions.map(\.description) == ["[sdk=iphoneos*]", "[arch=arm64]"])
        #expect(file.assignments[1].origin == BuildSettingOrigin(
            .projectXcconfig, at: SourceLocation(file: "Config/Base.xcconfig", line: 3, column: 3)))
    }

    @Test func malformedLinesAreLocatedWarningsAndSkipped() {
        let file = XCConfigReader().parse("""
            GOOD = 1
            this is not an assignment
            1BAD = 2
            NAME[sdk=iphoneos = 3
            #include <System.xcconfig>
            """, path: "A.xcconfig", level: .targetXcconfig)
        #expect(file.assignments.map(\.name) == ["GOOD"])
        #expect(file.diagnostics.map(\.rule) == Array(repeating: .xcconfigSyntax, count: 4))
        #expect(file.diagnostics.map(\.location.line) == [2, 3, 4, 5])
        #expect(file.diagnostics[0].description
            == "A.xcconfig:2:1: warning: expected 'NAME = VALUE', '#include \"FILE\"' or a '//' comment, found 'this is not an assignment' [xcconfig-syntax]")
    }

    @Test func includesAreReadInPlaceRelativeToTheIncludingFile() throws {
        let folder = try FixtureTree(purpose: "XcodeProjectTests")
        try folder.write("A = common\nB = common\n", to: "Config/Shared/Common.xcconfig")
        try folder.write("""
            A = before
            #include "Shared/Common.xcconfig"
            B = after // wins over the include
            #include? "Missing/Optional.xcconfig"
            """, to: "Config/App.xcconfig")
        let file = try #require(XCConfigReader(files: ProjectFiles(root: folder.root)).read("Config/App.xcconfig", level: .projectXcconfig))
        #expect(file.diagnostics == [])
        #expect(file.includedFiles == ["Config/Shared/Common.xcconfig"])
        #expect(file.assignments.map { "\($0.name)=\($0.value)@\($0.origin.location!.file):\($0.origin.location!.line)" } == [
            "A=before@Config/App.xcconfig:1", "A=common@Config/Shared/Common.xcconfig:1",
            "B=common@Config/Shared/Common.xcconfig:2", "B=after@Config/App.xcconfig:3",
        ])
    }

    @Test("a relative include is looked for where Xcode looks: the includer's folder, its includers', the project's root")
    func includesAreFoundInTheIncludersFoldersThenTheSearchPaths() throws {
        let folder = try FixtureTree(purpose: "XcodeProjectTests")
        // Xcode/iOS/App.xcconfig includes "Xcode/Shared/BU.xcconfig" (relative to the project's root, not its
        // folder); that one includes "Common" (no extension), which is beside it; and "Targets/App.xcconfig",
        // which only the first includer's folder has.
        try folder.write("#include \"Xcode/Shared/BU.xcconfig\"\nA = app\n", to: "Xcode/iOS/App.xcconfig")
        try folder.write("#include \"Common\"\n#include \"Targets/App.xcconfig\"\nB = bu\n", to: "Xcode/Shared/BU.xcconfig")
        try folder.write("C = common\n", to: "Xcode/Shared/Common.xcconfig")
        try folder.write("D = target\n", to: "Xcode/iOS/Targets/App.xcconfig")
        let reader = XCConfigReader(files: ProjectFiles(root: folder.root))
        let file = try #require(reader.read("Xcode/iOS/App.xcconfig", level: .targetXcconfig, searchPaths: ["."]))
        #expect(file.diagnostics == [])
        #expect(file.includedFiles == ["Xcode/Shared/BU.xcconfig", "Xcode/Shared/Common.xcconfig", "Xcode/iOS/Targets/App.xcconfig"])
        #expect(file.assignments.map { "\($0.name)=\($0.value)" } == ["C=common", "D=target", "B=bu", "A=app"])
        // Without the project's root as a search path the first include is not found, and says where it looked.
        let alone = try #require(reader.read("Xcode/iOS/App.xcconfig", level: .targetXcconfig))
        #expect(alone.diagnostics.map(\.description) == [
            "Xcode/iOS/App.xcconfig:1:1: warning: included file 'Xcode/Shared/BU.xcconfig' does not exist (looked for Xcode/iOS/Xcode/Shared/BU.xcconfig) [xcconfig-include-missing]",
        ])
    }

    @Test func aMissingIncludeIsAWarningAtTheIncludeLine() throws {
        let folder = try FixtureTree(purpose: "XcodeProjectTests")
        try folder.write("A = 1\n  #include \"Pods/Pods-App.release.xcconfig\"\nB = 2\n", to: "App.xcconfig")
        let file = try #require(XCConfigReader(files: ProjectFiles(root: folder.root)).read("App.xcconfig", level: .targetXcconfig))
        #expect(file.assignments.map(\.name) == ["A", "B"])
        #expect(file.diagnostics.map(\.description) == [
            "App.xcconfig:2:3: warning: included file 'Pods/Pods-App.release.xcconfig' does not exist (looked for Pods/Pods-App.release.xcconfig) [xcconfig-include-missing]",
        ])
    }

    @Test func includeCyclesAreDiagnosedAndCut() throws {
        let folder = try FixtureTree(purpose: "XcodeProjectTests")
        try folder.write("#include \"B.xcconfig\"\nA = 1\n", to: "A.xcconfig")
        try folder.write("B = 2\n#include \"A.xcconfig\"\n", to: "B.xcconfig")
        try folder.write("#include \"./Self.xcconfig\"\nS = 1\n", to: "Self.xcconfig")
        let reader = XCConfigReader(files: ProjectFiles(root: folder.root))
        let file = try #require(reader.read("A.xcconfig", level: .projectXcconfig))
        #expect(file.assignments.map(\.name) == ["B", "A"])
        #expect(file.diagnostics.map(\.description) == [
            "B.xcconfig:2:1: warning: 'A.xcconfig' includes a file that includes it: the include is skipped [xcconfig-include-cycle]",
        ])
        let itself = try #require(reader.read("Self.xcconfig", level: .projectXcconfig))
        #expect(itself.assignments.map(\.name) == ["S"])
        #expect(itself.diagnostics.map(\.rule) == [.xcconfigIncludeCycle])
        #expect(itself.diagnostics.first?.message == "'./Self.xcconfig' includes itself: the include is skipped")
    }

    @Test func includeDepthIsLimited() throws {
        let folder = try FixtureTree(purpose: "XcodeProjectTests")
        for level in 0..<40 { try folder.write("#include \"L\(level + 1).xcconfig\"\nV\(level) = \(level)\n", to: "L\(level).xcconfig") }
        try folder.write("END = yes\n", to: "L40.xcconfig")
        let file = try #require(XCConfigReader(files: ProjectFiles(root: folder.root)).read("L0.xcconfig", level: .projectXcconfig))
        #expect(file.diagnostics.map(\.rule) == [.xcconfigIncludeDepth])
        #expect(file.diagnostics.first?.location == SourceLocation(file: "L31.xcconfig", line: 1, column: 1))
        #expect(file.assignments.count == XCConfigReader.maximumIncludeDepth)
        #expect(!file.assignments.contains { $0.name == "END" })
    }

    @Test func anUnreadableFileIsNil() {
        #expect(XCConfigReader(files: ProjectFiles(root: "/nonexistent-folder")).read("A.xcconfig", level: .projectXcconfig) == nil)
    }
}
