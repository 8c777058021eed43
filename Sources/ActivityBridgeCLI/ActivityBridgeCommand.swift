/// The root command: `activity-bridge [--version] <subcommand>`.
public enum ActivityBridgeCommand: Command {
    public static let version = "0.1.0"

    /// Every top-level command. Add one line per command.
    public static var subcommands: [String: any Command.Type] {
        [
            "donations": DonationsCommand.self,
            "intents": IntentsCommand.self,
            "plist": PlistCommand.self,
            "migrate": MigrateCommand.self,
            "replay": ReplayCommand.self,
            "validate": ValidateCommand.self,
        ]
    }

    public static var help: CommandHelp {
        CommandHelp(
            path: "",
            overview: "Validate, replay and migrate NSUserActivity and App Intents donations off the device.",
            usage: "<subcommand> [options]",
            options: [CommandHelp.Entry("--version", "Show the version.")],
            subcommands: subcommands.keys.sorted().map { CommandHelp.Entry($0, subcommands[$0]!.help.overview) }
        )
    }

    public static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        if arguments == ["--version"] {
            context.standardOutput.write("activity-bridge \(version)\n")
            return .success
        }
        if let first = arguments.first {
            throw CommandError.usage(first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown subcommand '\(first)'")
        }
        throw CommandError.usage("missing subcommand")
    }

    /// Runs the tool with the process's arguments (without the program name).
    public static func main(_ arguments: [String], context: CommandContext = .live()) -> Int32 {
        CommandRunner.run(Self.self, arguments: arguments, context: context).rawValue
    }
}
