/// A command of `activity-bridge`: static help plus a run function; groups list subcommands.
///
/// `run` receives the arguments after the command's own name (help flags already handled) and
/// returns an exit code, or throws a ``CommandError``, which the runner prints with the usage line.
public protocol Command {
    static var help: CommandHelp { get }
    /// Subcommands by name; a command with subcommands needs no `run` of its own.
    static var subcommands: [String: any Command.Type] { get }
    static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode
}

extension Command {
    public static var subcommands: [String: any Command.Type] { [:] }

    /// Groups: a missing or unknown subcommand is a usage error.
    public static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        if let first = arguments.first {
            throw CommandError.usage("unknown subcommand '\(first)'")
        }
        throw CommandError.usage("missing subcommand")
    }
}

/// Dispatches arguments through a command tree and turns errors into messages and exit codes.
public enum CommandRunner {
    public static func run(_ root: any Command.Type, arguments: [String], context: CommandContext) -> ExitCode {
        var command = root
        var rest = arguments[...]
        while let next = rest.first, let sub = command.subcommands[next] {
            command = sub
            rest = rest.dropFirst()
        }
        let remaining = Array(rest)
        let beforeTerminator = remaining.prefix { $0 != "--" }
        if beforeTerminator.contains("--help") || beforeTerminator.contains("-h") || remaining.first == "help" {
            context.standardOutput.write(command.help.render())
            return .success
        }
        do {
            return try command.run(remaining, context: context)
        } catch let error as CommandError {
            report(error, of: command, context: context)
            return error.exitCode
        } catch {
            report(.internalError(String(describing: error)), of: command, context: context)
            return .software
        }
    }

    static func report(_ error: CommandError, of command: any Command.Type, context: CommandContext) {
        let help = command.help
        context.standardError.write("error: \(error.message)\n\(help.usageLine)\n\(help.seeHelpLine)\n")
    }
}
