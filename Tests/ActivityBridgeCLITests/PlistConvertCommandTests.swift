import Foundation
import PropertyList
import Testing
import TestSupport

/// End-to-end tests of `activity-bridge plist convert` on the built binary.
@Suite("activity-bridge plist convert")
struct PlistConvertCommandTests {
    static let value: PropertyListValue = [
        "title": "Open Berlin & more",
        "userInfo": ["favoriteID": "9F1C2D3E-0000-4000-8000-000000000001", "distanceKm": 7.5],
        "count": 3,
        "when": .date(Date(timeIntervalSinceReferenceDate: 757_382_400)),
        "blob": .data(Data([1, 2, 3])),
        "flags": [true, false],
    ]

    static func files() throws -> URL {
        try PlistLintCommandTests.directory([
            "in.plist": try PropertyListXMLWriter().data(for: value),
            "in.bplist": BinaryPropertyListWriter().data(for: value),
            "inf.bplist": BinaryPropertyListWriter().data(for: ["reals": [1.0, .real(.infinity)]]),
            "bad.plist": Data(PlistLintCommandTests.unclosed.utf8),
            "out.json": Data("previous contents\n".utf8),
        ])
    }

    /// Names in `directory` other than `expected`: leftover temporary files.
    static func strayFiles(in directory: URL, expected: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !expected.contains($0) }
    }

    static let inputs: Set<String> = ["in.plist", "in.bplist", "inf.bplist", "bad.plist", "out.json"]

    @Test func binaryToXMLOnStandardOutputIsApplesLayout() throws {
        let directory = try Self.files()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BuiltBinary.run(["plist", "convert", "--to", "xml1", "in.bplist"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardOutputData == (try Data(contentsOf: directory.appendingPathComponent("in.plist"))))
        #expect(result.standardOutput.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC"))
        #expect(result.standardError.isEmpty)
    }

    @Test func xmlToBinaryFileAndBack() throws {
        let directory = try Self.files()
        defer { try? FileManager.default.removeItem(at: directory) }
        let toBinary = try BuiltBinary.run(["plist", "convert", "--to", "binary1", "in.plist", "-o", "out.bplist"], in: directory)
        #expect(toBinary.status == 0)
        #expect(toBinary.standardOutput.isEmpty)
        let written = try Data(contentsOf: directory.appendingPathComponent("out.bplist"))
        #expect(written == BinaryPropertyListWriter().data(for: Self.value))
        let back = try BuiltBinary.run(["plist", "convert", "--to=xml1", "out.bplist", "--output", "again.plist"], in: directory)
        #expect(back.status == 0)
        #expect(try Data(contentsOf: directory.appendingPathComponent("again.plist")) == (try Data(contentsOf: directory.appendingPathComponent("in.plist"))))
        #expect(try Self.strayFiles(in: directory, expected: Self.inputs.union(["out.bplist", "again.plist"])).isEmpty)
    }

    @Test func jsonFollowsTheSpecMapping() throws {
        let directory = try Self.files()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BuiltBinary.run(["plist", "convert", "--to", "json", "in.bplist", "-o", "out.json"], in: directory)
        #expect(result.status == 0)
        #expect(try String(contentsOf: directory.appendingPathComponent("out.json"), encoding: .utf8) == """
            {"title":"Open Berlin & more","userInfo":{"favoriteID":"9F1C2D3E-0000-4000-8000-000000000001","distanceKm":7.5},\
            "count":3,"when":"2025-01-01T00:00:00Z","blob":"AQID","flags":[true,false]}

            """)
    }

    @Test func convertingAFileOntoItselfWorks() throws {
        let directory = try Self.files()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BuiltBinary.run(["plist", "convert", "--to", "binary1", "in.plist", "-o", "in.plist"], in: directory)
        #expect(result.status == 0)
        #expect(try Data(contentsOf: directory.appendingPathComponent("in.plist")) == BinaryPropertyListWriter().data(for: Self.value))
    }

    @Test func nonFiniteRealsCannotBeJSONAndLeaveOutUnchanged() throws {
        let directory = try Self.files()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BuiltBinary.run(["plist", "convert", "--to", "json", "inf.bplist", "-o", "out.json"], in: directory)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == """
            error: cannot write the value at reals[1] as json: the real inf has no JSON form (JSON numbers are finite)
            Usage: activity-bridge plist convert --to xml1|binary1|json [-o OUT] FILE
            See 'activity-bridge plist convert --help'.

            """)
        #expect(try String(contentsOf: directory.appendingPathComponent("out.json"), encoding: .utf8) == "previous contents\n")
        #expect(try Self.strayFiles(in: directory, expected: Self.inputs).isEmpty)
    }

    @Test func invalidOrMissingInputLeavesOutUnchanged() throws {
        let directory = try Self.files()
        defer { try? FileManager.default.removeItem(at: directory) }
        let invalid = try BuiltBinary.run(["plist", "convert", "--to", "json", "bad.plist", "-o", "out.json"], in: directory)
        #expect(invalid.status == 1)
        #expect(invalid.standardError.hasPrefix("bad.plist:3:1: error: "))
        let missing = try BuiltBinary.run(["plist", "convert", "--to", "json", "gone.plist", "-o", "out.json"], in: directory)
        #expect(missing.status == 66)
        #expect(missing.standardError.hasPrefix("error: cannot read 'gone.plist': no such file\n"))
        #expect(try String(contentsOf: directory.appendingPathComponent("out.json"), encoding: .utf8) == "previous contents\n")
        #expect(try Self.strayFiles(in: directory, expected: Self.inputs).isEmpty)
    }

    @Test func unwritableOutIsAnErrorWithoutLeftovers() throws {
        let directory = try Self.files()
        defer { try? FileManager.default.removeItem(at: directory) }
        let noDirectory = try BuiltBinary.run(["plist", "convert", "--to", "xml1", "in.plist", "-o", "nowhere/out.plist"], in: directory)
        #expect(noDirectory.status == 1)
        #expect(noDirectory.standardError.hasPrefix("error: cannot write 'nowhere/out.plist': No such file or directory\n"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("taken"), withIntermediateDirectories: false)
        let ontoDirectory = try BuiltBinary.run(["plist", "convert", "--to", "xml1", "in.plist", "-o", "taken"], in: directory)
        #expect(ontoDirectory.status == 1)
        #expect(ontoDirectory.standardError.hasPrefix("error: cannot write 'taken': is a directory\n"))
        #expect(try Self.strayFiles(in: directory, expected: Self.inputs.union(["taken"])).isEmpty)
    }

    @Test func usageErrors() throws {
        let noFormat = try BuiltBinary.run(["plist", "convert", "in.plist"])
        #expect(noFormat.status == 64)
        #expect(noFormat.standardError.hasPrefix("error: missing option '--to FORMAT' (expected one of xml1, binary1, json)\n"))
        let badFormat = try BuiltBinary.run(["plist", "convert", "--to", "yaml", "in.plist"])
        #expect(badFormat.status == 64)
        #expect(badFormat.standardError.hasPrefix("error: invalid value 'yaml' for '--to': expected one of xml1, binary1, json\n"))
        let noFile = try BuiltBinary.run(["plist", "convert", "--to", "json"])
        #expect(noFile.status == 64)
        #expect(noFile.standardError.hasPrefix("error: missing argument FILE\n"))
        let noValue = try BuiltBinary.run(["plist", "convert", "in.plist", "--to"])
        #expect(noValue.status == 64)
        let help = try BuiltBinary.run(["plist", "convert", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("-o, --output OUT"))
    }
}
