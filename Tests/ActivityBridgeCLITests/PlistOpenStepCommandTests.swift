import Foundation
import PropertyList
import TestSupport
import Testing

/// End-to-end: `plist lint|print|convert` on OpenStep files (a pbxproj, a `.strings` file),
/// detected by content, through the built binary.
@Suite("activity-bridge plist on OpenStep files")
struct PlistOpenStepCommandTests {
    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {
        \t\tAA0000000000000000000001 /* App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tname = "Walk Mate";
        \t\t\tbuildPhases = (
        \t\t\t\tAA0000000000000000000002 /* Sources */,
        \t\t\t);
        \t\t};
        \t};
        \trootObject = AA0000000000000000000001;
        }

        """
    static let brokenProject = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tAA0000000000000000000001 = {
        \t\t\tisa = PBXNativeTarget
        \t\t};
        \t};
        }

        """
    static let strings = """
        /* InfoPlist.strings */
        "CFBundleDisplayName" = "Walk Mate";
        "NSLocationWhenInUseUsageDescription" = "Shows walks \\"near you\\".";

        """

    static func directory(_ files: [String: Data]) throws -> URL {
        let directory = try TemporaryDirectory.create()
        for (name, data) in files { try data.write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    @Test func lintAcceptsAProjectAndAStringsFileInUTF8AndUTF16() throws {
        let utf16 = Data([0xFF, 0xFE]) + Self.strings.data(using: .utf16LittleEndian)!
        let directory = try Self.directory([
            "project.pbxproj": Data(Self.project.utf8), "InfoPlist.strings": Data(Self.strings.utf8), "UTF16.strings": utf16,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BuiltBinary.run(["plist", "lint", "project.pbxproj", "InfoPlist.strings", "UTF16.strings"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardOutput == "project.pbxproj: OK\nInfoPlist.strings: OK\nUTF16.strings: OK\n")
        #expect(result.standardError.isEmpty)
    }

    @Test func lintLocatesAMissingSemicolonAndExitsOne() throws {
        let directory = try Self.directory(["project.pbxproj": Data(Self.brokenProject.utf8), "ok.strings": Data(Self.strings.utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BuiltBinary.run(["plist", "lint", "project.pbxproj", "ok.strings"], in: directory)
        #expect(result.status == 1)
        #expect(result.standardOutput == """
            project.pbxproj:6:3: error: expected ';' after the value of 'isa', found '}' [plist-syntax]
            ok.strings: OK

            """)
    }

    @Test func lintWarnsAboutADuplicateStringsKey() throws {
        let text = "\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";\n"
        let directory = try Self.directory(["L.strings": Data(text.utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BuiltBinary.run(["plist", "lint", "L.strings"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            L.strings:3:1: warning: duplicate key 'a' in a dictionary: the later value replaces the earlier one [duplicate-key]
            L.strings: OK

            """)
    }

    @Test func printShowsStringsInDocumentOrder() throws {
        let directory = try Self.directory(["project.pbxproj": Data(Self.project.utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BuiltBinary.run(["plist", "print", "project.pbxproj"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            {
              "archiveVersion" => "1"
              "objects" => {
                "AA0000000000000000000001" => {
                  "isa" => "PBXNativeTarget"
                  "name" => "Walk Mate"
                  "buildPhases" => [
                    0 => "AA0000000000000000000002"
                  ]
                }
              }
              "rootObject" => "AA0000000000000000000001"
            }

            """)
    }

    @Test func convertToXMLAndJSONAndBackFromStandardInput() throws {
        let directory = try Self.directory(["InfoPlist.strings": Data(Self.strings.utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = try BuiltBinary.run(["plist", "convert", "--to", "json", "InfoPlist.strings"], in: directory)
        #expect(json.status == 0)
        #expect(json.standardOutput.hasPrefix(#"{"CFBundleDisplayName":"Walk Mate","NSLocationWhenInUseUsageDescription":"Shows walks \"near you\"."}"#))

        let xml = try BuiltBinary.run(["plist", "convert", "--to", "xml1", "InfoPlist.strings", "-o", "InfoPlist.plist"], in: directory)
        #expect(xml.status == 0)
        let written = try String(contentsOf: directory.appendingPathComponent("InfoPlist.plist"), encoding: .utf8)
        #expect(written.contains("<key>CFBundleDisplayName</key>\n\t<string>Walk Mate</string>"))
        #expect(written.contains("<string>Shows walks \"near you\".</string>"))
        let back = try PropertyListReader().read(contentsOf: directory.appendingPathComponent("InfoPlist.plist").path)
        #expect(back.format == .xml)
        #expect(back.root == ["CFBundleDisplayName": "Walk Mate", "NSLocationWhenInUseUsageDescription": "Shows walks \"near you\"."])
    }

    @Test func convertOfABrokenProjectPrintsTheDiagnosticAndWritesNothing() throws {
        let directory = try Self.directory(["project.pbxproj": Data(Self.brokenProject.utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BuiltBinary.run(["plist", "convert", "--to", "xml1", "project.pbxproj", "-o", "out.plist"], in: directory)
        #expect(result.status == 1)
        #expect(result.standardError.contains("project.pbxproj:6:3: error: expected ';' after the value of 'isa', found '}' [plist-syntax]"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.plist").path))
    }

    @Test("every pbxproj of the app corpus lints OK",
          .enabled(if: FileManager.default.fileExists(atPath: SharedCorpus.root.appendingPathComponent("corpus/apps").path),
                   "../shared/corpus/apps is absent"))
    func corpusProjectsLint() throws {
        let apps = SharedCorpus.root.appendingPathComponent("corpus/apps")
        var paths: [String] = []
        for case let relative as String in FileManager.default.enumerator(atPath: apps.path)!
            where relative.hasSuffix("/project.pbxproj") {
            paths.append(relative)
        }
        #expect(paths.count >= 30)
        let result = try BuiltBinary.run(["plist", "lint"] + paths.sorted(), in: apps)
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput.split(separator: "\n").count == paths.count)
    }
}
