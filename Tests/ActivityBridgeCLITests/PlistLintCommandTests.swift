import Diagnostics
import Foundation
import PropertyList
import Testing
import TestSupport

/// End-to-end tests of `activity-bridge plist lint` on the built binary.
@Suite("activity-bridge plist lint")
struct PlistLintCommandTests {
    static let valid = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>NSUserActivityTypes</key><array><string>com.walkmate.favorite.open</string></array></dict></plist>

        """
    static let duplicateKey = """
        <plist version="1.0"><dict>
        <key>a</key><integer>1</integer>
        <key>a</key><integer>2</integer>
        </dict></plist>

        """
    static let unclosed = """
        <plist version="1.0"><dict>
        <key>a</key><string>x</string>

        """

    /// A temporary directory with the files `files` (name → contents), removed by `body`'s caller.
    static func directory(_ files: [String: Data]) throws -> URL {
        try TemporaryDirectory.create(with: files)
    }

    @Test func validFilesAreOK() throws {
        let binary = BinaryPropertyListWriter().data(for: ["a": [1, 2.5, "x"]])
        let directory = try Self.directory(["good.plist": Data(Self.valid.utf8), "good.bplist": binary])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BuiltBinary.run(["plist", "lint", "good.plist", "good.bplist"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardOutput == "good.plist: OK\ngood.bplist: OK\n")
        #expect(result.standardError.isEmpty)
    }

    @Test func duplicateKeysAreWarningsAndTheFileStaysOK() throws {
        let directory = try Self.directory(["dup.plist": Data(Self.duplicateKey.utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BuiltBinary.run(["plist", "lint", "dup.plist"], in: directory)
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("dup.plist:3:1: warning: ") == true)
        #expect(lines.first?.hasSuffix("[duplicate-key]") == true)
        #expect(lines.last == "dup.plist: OK")
        let quiet = try BuiltBinary.run(["plist", "lint", "--disable", "duplicate-key", "dup.plist"], in: directory)
        #expect(quiet.status == 0)
        #expect(quiet.standardOutput == "dup.plist: OK\n")
    }

    @Test func invalidFilesPrintALocatedDiagnosticAndExitOne() throws {
        var binary = [UInt8](BinaryPropertyListWriter().data(for: ["a": [1, 2]]))
        binary[8] = 0xC2  // the root dictionary becomes a set marker
        let directory = try Self.directory([
            "bad.plist": Data(Self.unclosed.utf8), "bad.bplist": Data(binary), "good.plist": Data(Self.valid.utf8),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try BuiltBinary.run(["plist", "lint", "bad.plist", "good.plist", "bad.bplist"], in: directory)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("bad.plist:3:1: error: "))
        #expect(lines[0].hasSuffix("[plist-syntax]"))
        #expect(lines[1] == "good.plist: OK")
        #expect(lines[2] == "bad.bplist:1:9: error: invalid binary property list: sets (marker 0xC2) are not property-list values at byte 8 [plist-syntax]")
        #expect(result.standardError.isEmpty)
    }

    @Test func unreadableFilesAreReportedAfterTheOthersWithExitSixtySix() throws {
        let directory = try Self.directory(["good.plist": Data(Self.valid.utf8), "bad.plist": Data(Self.unclosed.utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("folder.plist"), withIntermediateDirectories: false)
        let result = try BuiltBinary.run(
            ["plist", "lint", "missing.plist", "good.plist", "bad.plist", "folder.plist"], in: directory)
        #expect(result.status == 66)
        #expect(result.standardOutput.hasPrefix("good.plist: OK\nbad.plist:3:1: error: "))
        #expect(result.standardError == """
            error: cannot read 'missing.plist': no such file; cannot read 'folder.plist': is a directory
            Usage: activity-bridge plist lint [--format text|github] [--disable RULE]... [--color auto|never|always] FILE...
            See 'activity-bridge plist lint --help'.

            """)
    }

    @Test func usageErrors() throws {
        let none = try BuiltBinary.run(["plist", "lint"])
        #expect(none.status == 64)
        #expect(none.standardError.hasPrefix("error: missing argument FILE\nUsage: activity-bridge plist lint [--format text|github] [--disable RULE]... [--color auto|never|always] FILE...\n"))
        let unknown = try BuiltBinary.run(["plist", "lint", "--strict", "x.plist"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.hasPrefix("error: unknown option '--strict'"))
        let group = try BuiltBinary.run(["plist", "frob"])
        #expect(group.status == 64)
        #expect(group.standardError.hasPrefix("error: unknown subcommand 'frob'\nUsage: activity-bridge plist <subcommand>"))
    }

    @Test func helpListsTheSubcommandsAndArguments() throws {
        let group = try BuiltBinary.run(["plist", "--help"])
        #expect(group.status == 0)
        for name in ["convert", "lint", "print"] { #expect(group.standardOutput.contains("\n  \(name) ")) }
        let root = try BuiltBinary.run(["--help"])
        #expect(root.standardOutput.contains("\n  plist "))
        let lint = try BuiltBinary.run(["plist", "lint", "-h"])
        #expect(lint.status == 0)
        #expect(lint.standardOutput.hasPrefix("OVERVIEW: Check that property lists are well-formed and valid.\n\nUSAGE: activity-bridge plist lint [--format text|github] [--disable RULE]... [--color auto|never|always] FILE...\n"))
        #expect(lint.standardOutput.contains("ARGUMENTS:\n  FILE"))
    }
}
