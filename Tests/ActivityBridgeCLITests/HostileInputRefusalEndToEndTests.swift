import Foundation
import TestSupport
import Testing

/// Inputs every command that reads files must refuse cleanly (issue 12): a FIFO (never waited on),
/// `/dev/zero` (never read without end), a 1 GB sparse file (refused by its size before it is read) and a
/// directory given as a file. Each: `error: cannot read 'F': REASON` on standard error, exit 66 (cli.md:
/// "an input file is missing or unreadable"), well under 10 s, under 512 MB (`validate` still prints its
/// summary of the other files, as README says).
@Suite("every command: hostile input files refused end to end",
       .enabled(if: MeasuredRun.canMeasure, "needs GNU time at /usr/bin/time to measure the child's peak memory"))
struct HostileInputRefusalEndToEndTests {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case fifo = "FIFO", devZero = "/dev/zero", sparse = "1 GB sparse file", directory = "directory"

        var testDescription: String { rawValue }

        var reason: String {
            switch self {
            case .fifo: "not a regular file (a FIFO)"
            case .devZero: "not a regular file (a device)"
            case .sparse: "is 1073741824 bytes, above the 256 MiB limit for a property list"
            case .directory: "is a directory"
            }
        }

        /// Makes `path` this kind of file.
        func make(_ path: String) throws {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            switch self {
            case .fifo: #expect(mkfifo(path, 0o600) == 0)
            case .devZero: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
            case .sparse:
                #expect(FileManager.default.createFile(atPath: path, contents: Data("<plist>".utf8)))
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                try handle.truncate(atOffset: 1 << 30)
                try handle.close()
            case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            }
        }
    }

    /// A command and the file of it that is made hostile (relative to a fresh folder that also holds a
    /// healthy replay script, app model and manifest for the other arguments).
    struct Command: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var hostile: String

        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let commands: [Command] = [
        Command(arguments: ["validate", "Hostile-Info.plist"], hostile: "Hostile-Info.plist"),
        Command(arguments: ["validate", "--app-model", "Hostile-AppModel.plist", "Good-Info.plist"], hostile: "Hostile-AppModel.plist"),
        Command(arguments: ["validate", "--manifest", "Hostile-Bridge.plist", "Good-Info.plist"], hostile: "Hostile-Bridge.plist"),
        Command(arguments: ["validate", "--project", "Hostile.xcodeproj"], hostile: "Hostile.xcodeproj/project.pbxproj"),
        Command(arguments: ["project", "settings", "--target", "App", "Hostile.xcodeproj"], hostile: "Hostile.xcodeproj/project.pbxproj"),
        Command(arguments: ["audit", "--project", "Hostile.xcodeproj", "."], hostile: "Hostile.xcodeproj/project.pbxproj"),
        Command(arguments: ["replay", "--app-model", "Hostile-AppModel.plist", "script.plist"], hostile: "Hostile-AppModel.plist"),
        Command(arguments: ["bridge", "init", "--app-model", "Hostile-AppModel.plist"], hostile: "Hostile-AppModel.plist"),
        Command(arguments: ["donations", "import", "--store", "store.sqlite", "Hostile-log.plist"], hostile: "Hostile-log.plist"),
        Command(arguments: ["plist", "print", "Hostile.plist"], hostile: "Hostile.plist"),
    ]

    static let appModel = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>formatVersion</key><integer>1</integer><key>name</key><string>notes</string></dict></plist>

        """

    static func folder() throws -> URL {
        let directory = try TemporaryDirectory.create("activity-bridge-hostile-input")
        try Data(appModel.utf8).write(to: directory.appendingPathComponent("Good-AppModel.plist"))
        try Data("<plist><dict><key>NSUserActivityTypes</key><array><string>com.example.open</string></array></dict></plist>".utf8)
            .write(to: directory.appendingPathComponent("Good-Info.plist"))
        try Data("<plist><dict><key>app</key><string>notes</string><key>steps</key><array/></dict></plist>".utf8)
            .write(to: directory.appendingPathComponent("script.plist"))
        return directory
    }

    @Test("refused with its reason and exit 66, at once", arguments: commands, Kind.allCases)
    func refused(command: Command, kind: Kind) throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try kind.make(directory.appendingPathComponent(command.hostile).path)
        let run = try MeasuredRun.run(command.arguments, in: directory)
        run.expectBounded()
        #expect(run.result.status == 66, "\(run.result.standardError)")
        // `cannot read 'F'`, or with what F is: `cannot read app model 'F'`, `cannot read bridge manifest 'F'`.
        #expect(run.result.standardError.hasPrefix("error: cannot read "), "\(run.result.standardError)")
        #expect(run.result.standardError.contains("'\(command.hostile)': \(kind.reason)\n"), "\(run.result.standardError)")
        #expect(run.seconds < 5)
    }

    @Test("audit and project list of a PATH that is no folder: a clear error, exit 66", arguments: [["audit"], ["project", "list"]], Kind.allCases)
    func pathNotAFolder(command: [String], kind: Kind) throws {
        guard kind != .directory else { return }  // a folder is what PATH should be
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try kind.make(directory.appendingPathComponent("Repository").path)
        let run = try MeasuredRun.run(command + ["Repository"], in: directory)
        run.expectBounded()
        #expect(run.result.status == 66, "\(run.result.standardError)")
        let message = command == ["audit"] ? "error: cannot read 'Repository': no such directory\n" : "error: no folder at 'Repository'\n"
        #expect(run.result.standardError.hasPrefix(message), "\(run.result.standardError)")
        #expect(run.result.standardOutput.isEmpty)
    }

    /// `replay` reports a script it cannot read as that script's error (README: exit 1 when "a script had an
    /// error"; 66 for a missing path or a folder without scripts), and runs the other scripts.
    @Test("replay of a script that cannot be read: that script's located error, exit 1; a folder without scripts: 66", arguments: Kind.allCases)
    func replayScript(kind: Kind) throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try kind.make(directory.appendingPathComponent("Hostile-script.plist").path)
        let run = try MeasuredRun.run(["replay", "Hostile-script.plist"], in: directory)
        run.expectBounded()
        if kind == .directory {
            #expect(run.result.status == 66)
            #expect(run.result.standardError.hasPrefix("error: no replay scripts (*.plist) in 'Hostile-script.plist'\n"), "\(run.result.standardError)")
        } else {
            #expect(run.result.status == 1, "\(run.result.standardError)")
            #expect(run.result.standardOutput.contains(
                "  ERROR Hostile-script.plist:1:1: error: cannot read script: \(kind.reason) [replay-script]\n"), "\(run.result.standardOutput)")
        }
    }

    /// A SQLite store that is a FIFO, a device or a directory: SQLite itself would block opening the FIFO, so
    /// the store refuses each before SQLite sees it (exit 66, the path and what it is named).
    @Test("a donation or intent store that is a FIFO, a device or a directory: refused before SQLite opens it, exit 66",
          arguments: [["donations", "stats", "--store", "Hostile.sqlite"], ["intents", "list", "--store", "Hostile.sqlite"],
                      ["migrate", "--from", "Hostile.sqlite", "--to", "intents.sqlite", "--manifest", "Bridge.plist"]],
          [Kind.fifo, Kind.devZero, Kind.directory])
    func storeNotARegularFile(command: [String], kind: Kind) throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try kind.make(directory.appendingPathComponent("Hostile.sqlite").path)
        try FileManager.default.copyItem(at: BuiltBinary.packageRoot.appendingPathComponent("Plists/WalkMate-Bridge.plist"),
                                         to: directory.appendingPathComponent("Bridge.plist"))
        let run = try MeasuredRun.run(command, in: directory)
        run.expectBounded()
        #expect(run.result.status == 66, "\(run.result.standardError)")
        let path = directory.appendingPathComponent("Hostile.sqlite").path
        let message = switch kind {
        case .directory where command[0] == "intents": "'Hostile.sqlite' is a directory, not a store"
        case .directory: "'\(path)' is a directory, not a SQLite database"
        default: "'\(path)' is not a regular file (\(kind == .fifo ? "a FIFO" : "a device")), not a SQLite database"
        }
        #expect(run.result.standardError.contains(message), "\(run.result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("intents.sqlite").path), "nothing was created")
    }

}
