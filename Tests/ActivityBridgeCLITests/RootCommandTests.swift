import Testing
@testable import ActivityBridgeCLI
import TestSupport

@Suite("activity-bridge root command")
struct RootCommandTests {
    @Test func versionPrintsToStandardOutput() throws {
        let result = try BuiltBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "activity-bridge \(ActivityBridgeCommand.version)\n")
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
