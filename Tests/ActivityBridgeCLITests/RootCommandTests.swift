import Foundation
import Testing
@testable import ActivityBridgeCLI
import SwiftFacts
import TestSupport

@Suite("activity-bridge root command")
struct RootCommandTests {
    @Test func versionPrintsToStandardOutput() throws {
        let result = try BuiltBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput == BuildInfo.versionText(version: ActivityBridgeCommand.version))
        let lines = result.standardOutput.split(separator: "\n")
        // The first line stays what scripts read.
        #expect(lines.first == "activity-bridge \(ActivityBridgeCommand.version)")
        #expect(lines.count == 4)
    }

    /// The commit comes from Package.swift (`git rev-parse --short HEAD` when the manifest was evaluated):
    /// a commit of this checkout, or "unknown" without git.
    @Test func versionNamesTheCommitAndTheReaders() throws {
        let output = try BuiltBinary.run(["--version"]).standardOutput
        let commit = try #require(output.split(separator: "\n").first { $0.hasPrefix("commit: ") }).dropFirst("commit: ".count)
        #expect(commit == "unknown" || (commit.count >= 7 && commit.allSatisfy { $0.isHexDigit || $0 == "-" || $0.isLetter }))
        if commit != "unknown", FileManager.default.fileExists(atPath: BuiltBinary.packageRoot.appendingPathComponent(".git").path) {
            let known = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", BuiltBinary.packageRoot.path, "cat-file", "-t",
                                                                                    String(commit.prefix { $0 != "-" })])
            #expect(known.standardOutput == "commit\n", "\(commit) is no commit of this checkout")
        }
        let swift = SwiftFactsExtractor.isAvailable ? "Swift reader: built in (" : "Swift reader: not built ("
        #expect(output.contains("\n" + swift))
        // The Objective-C reader is built in; whether a libclang loads decides the rest of its line.
        #expect(output.contains("\nObjective-C reader: built in"))
        let noLibClang = try BuiltBinary.run(["--version"], environment: ["ACTIVITY_BRIDGE_LIBCLANG": ""]).standardOutput
        #expect(noLibClang.contains("\nObjective-C reader: built in, but off: Objective-C checks are off: no libclang could be loaded"))
    }

    @Test func helpHasTheSpecSections() throws {
        let result = try BuiltBinary.run(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("OVERVIEW:"))
        #expect(result.standardOutput.contains("USAGE: activity-bridge"))
        #expect(result.standardOutput.contains("OPTIONS:"))
        #expect(result.standardError.isEmpty)
    }

    @Test func unknownSubcommandIsAUsageError() throws {
        let result = try BuiltBinary.run(["frobnicate"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == """
            error: unknown subcommand 'frobnicate'
            Usage: activity-bridge <subcommand> [options]
            See 'activity-bridge --help'.

            """)
    }

    @Test func unknownOptionIsAUsageError() throws {
        let context = CommandContext.captured()
        let code = CommandRunner.run(ActivityBridgeCommand.self, arguments: ["--frob"], context: context)
        #expect(code == .usage)
        #expect(context.standardError.capturedText.hasPrefix("error: unknown option '--frob'\n"))
    }
}
