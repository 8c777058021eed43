import Foundation
import PropertyList
import Testing
import TestSupport

/// End-to-end tests of `activity-bridge plist print` on the built binary.
@Suite("activity-bridge plist print")
struct PlistPrintCommandTests {
    static let value: PropertyListValue = [
        "b": .data(Data(repeating: 0x79, count: 25)),
        "c": [:],
        "d": [],
        "f": true,
        "g": [[1, -2]],
        "h": .date(Date(timeIntervalSinceReferenceDate: 0)),
        "i": 1e16,
        "s": "quoted \"text\"",
    ]

    static let expected = """
        {
          "b" => {length = 25, bytes = 0x7979797979797979... 7979797979797979}
          "c" => {
          }
          "d" => [
          ]
          "f" => true
          "g" => [
            0 => [
              0 => 1
              1 => -2
            ]
          ]
          "h" => 2001-01-01 00:00:00 +0000
          "i" => 1e+16
          "s" => "quoted "text""
        }

        """

    @Test func printsXMLAndBinaryAsTheSameTree() throws {
        let directory = try PlistLintCommandTests.directory([
            "v.plist": try PropertyListXMLWriter().data(for: Self.value),
            "v.bplist": BinaryPropertyListWriter().data(for: Self.value),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["v.plist", "v.bplist"] {
            let result = try BuiltBinary.run(["plist", "print", name], in: directory)
            #expect(result.status == 0)
            #expect(result.standardOutput == Self.expected)
            #expect(result.standardError.isEmpty)
        }
        // The keys above are sorted, so plutil -p (which sorts) must print the very same text.
        if ExternalTool.hasPlutil {
            let output = try ExternalTool.run(ExternalTool.plutil, ["-p", directory.appendingPathComponent("v.bplist").path])
            #expect(output.standardOutput == Self.expected)
        }
    }

    @Test func scalarRootAndUID() throws {
        let directory = try PlistLintCommandTests.directory([
            "s.plist": try PropertyListXMLWriter().data(for: "just text"),
            "u.bplist": BinaryPropertyListWriter().data(for: ["$top": ["root": .uid(1)]]),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try BuiltBinary.run(["plist", "print", "s.plist"], in: directory).standardOutput == "\"just text\"\n")
        #expect(try BuiltBinary.run(["plist", "print", "u.bplist"], in: directory).standardOutput == """
            {
              "$top" => {
                "root" => <UID: 1>
              }
            }

            """)
    }

    @Test func invalidAndMissingFiles() throws {
        let directory = try PlistLintCommandTests.directory(["bad.plist": Data(PlistLintCommandTests.unclosed.utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = try BuiltBinary.run(["plist", "print", "bad.plist"], in: directory)
        #expect(bad.status == 1)
        #expect(bad.standardOutput.isEmpty)
        #expect(bad.standardError.hasPrefix("bad.plist:3:1: error: "))
        let missing = try BuiltBinary.run(["plist", "print", "nope.plist"], in: directory)
        #expect(missing.status == 66)
        #expect(missing.standardError.hasPrefix("error: cannot read 'nope.plist': no such file\nUsage: activity-bridge plist print FILE\n"))
        let two = try BuiltBinary.run(["plist", "print", "a", "b"], in: directory)
        #expect(two.status == 64)
        #expect(two.standardError.hasPrefix("error: unexpected argument 'b'\n"))
    }
}
