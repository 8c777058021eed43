/// The root command: `activity-bridge [--version] <subcommand>`.
package enum ActivityBridgeCommand: Command {
    package static let version = "0.1.0"

    static let showVersion = Flag("--version", help: "Show the version, the commit it was built from and the readers it has.")

    /// Every top-level command. Add one line per command.
    package static let configuration = CommandConfiguration(
        path: "",
        overview: "Validate, replay and migrate NSUserActivity and App Intents donations off the device.",
        arguments: [showVersion.declaration],
        subcommands: [
            AuditCommand.self, BridgeCommand.self, CompletionsCommand.self, ConvertCommand.self, DiffCommand.self, DonationsCommand.self, IntentsCommand.self, MigrateCommand.self,
            PlistCommand.self, ProjectCommand.self,
            ReplayCommand.self, ValidateCommand.self,
        ],
        usage: "<subcommand> [options]")

    package static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        guard parsed.isSet(showVersion) else { throw CommandError.usage("missing subcommand") }
        context.standardOutput.write(BuildInfo.versionText(version: version))
        return .success
    }

    /// Runs the tool with the process's arguments (without the program name).
    package static func main(_ arguments: [String], context: CommandContext = .live()) -> Int32 {
        BundledLibraries.preferBundledLibClang()
        return CommandRunner.run(Self.self, arguments: arguments, context: context).rawValue
    }
}
