import Foundation

/// A command of `activity-bridge`: its configuration (name, overview, declared arguments or
/// subcommands) and a run function that receives the arguments already parsed against it.
///
/// `run` returns an exit code, or throws a ``CommandError``, which the runner prints with the usage line.
package protocol Command: Sendable {
    static var configuration: CommandConfiguration { get }
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode
}

extension Command {
    /// Groups: a missing or unknown subcommand is a usage error.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        throw CommandError.usage("missing subcommand")
    }
}

/// What a command is: the words that invoke it, what it does, what it accepts, its subcommands.
package struct CommandConfiguration: Sendable {
    /// The words after `activity-bridge`, e.g. `plist lint`; empty for the root.
    package var path: String
    package var overview: String
    /// Every argument, in the order usage and help list them.
    package var arguments: [ArgumentDeclaration]
    package var subcommands: [any Command.Type]
    /// Usage text after the path when it cannot be derived (the root and groups); nil: derived.
    package var usageOverride: String?

    package init(path: String, overview: String, arguments: [ArgumentDeclaration] = [],
                subcommands: [any Command.Type] = [], usage: String? = nil) {
        self.path = path
        self.overview = overview
        self.arguments = arguments
        self.subcommands = subcommands
        usageOverride = usage
    }

    /// The command's own name: the last word of its path.
    package var name: String { path.split(separator: " ").last.map(String.init) ?? "" }

    /// `Usage: activity-bridge validate [--format text|json|sarif] … PLIST...`: options first, then positionals.
    package var usageLine: String { "Usage: activity-bridge \(usage)" }

    package var usage: String {
        if let usageOverride { return [path, usageOverride].filter { !$0.isEmpty }.joined(separator: " ") }
        if !subcommands.isEmpty { return "\(path) <subcommand> [options]" }
        let options = arguments.filter { $0.kind != .positional }.map(\.usageText)
        let positionals = arguments.filter { $0.kind == .positional }.map(\.usageText)
        return ([path] + options + positionals).joined(separator: " ")
    }

    /// This command and every command under it, depth first, each before its subcommands, subcommands by
    /// name: what the completion scripts and the help goldens walk, so a command added to the tree is in both.
    package var tree: [CommandConfiguration] {
        // A work list, not a recursive local function (which Swift 6.3's SIL generation crashes on with
        // `any Command.Type`).
        var walked: [CommandConfiguration] = []
        var pending = [self]
        while let configuration = pending.popLast() {
            walked.append(configuration)
            pending += configuration.subcommands.map { command in command.configuration }.sorted { $0.name < $1.name }.reversed()
        }
        return walked
    }

    package var seeHelpLine: String {
        path.isEmpty ? "See 'activity-bridge --help'." : "See 'activity-bridge \(path) --help'."
    }

    /// The `--help` text: OVERVIEW, USAGE, ARGUMENTS, OPTIONS and SUBCOMMANDS sections.
    package var helpText: String {
        var text = "OVERVIEW: \(overview)\n\nUSAGE: activity-bridge \(usage)\n"
        let positionals = arguments.filter { $0.kind == .positional }
        if !positionals.isEmpty {
            text += "\nARGUMENTS:\n" + Self.table(positionals.map { ($0.helpName, $0.helpText) })
        }
        let options = arguments.filter { $0.kind != .positional }.map { ($0.helpName, $0.helpText) }
        text += "\nOPTIONS:\n" + Self.table(options + [("-h, --help", "Show help information.")])
        if !subcommands.isEmpty {
            let entries = subcommands.map { command in command.configuration }.sorted { $0.name < $1.name }.map { ($0.name, $0.overview) }
            text += "\nSUBCOMMANDS:\n" + Self.table(entries)
            text += "\n  See 'activity-bridge \(path.isEmpty ? "" : path + " ")<subcommand> --help' for detailed help.\n"
        }
        return text
    }

    private static func table(_ entries: [(String, String)]) -> String {
        let width = min(28, (entries.map(\.0.count).max() ?? 0) + 2)
        return entries.map { name, help in
            "  \(name.padding(toLength: max(width, name.count + 2), withPad: " ", startingAt: 0))\(help)\n"
        }.joined()
    }
}

/// Dispatches arguments through a command tree, parses them against the command's declarations and
/// turns errors into messages and exit codes.
package enum CommandRunner {
    package static func run(_ root: any Command.Type, arguments: [String], context: CommandContext) -> ExitCode {
        var command = root
        var rest = arguments[...]
        while let next = rest.first, let sub = command.configuration.subcommands.first(where: { $0.configuration.name == next }) {
            command = sub
            rest = rest.dropFirst()
        }
        let remaining = Array(rest)
        let beforeTerminator = remaining.prefix { $0 != "--" }
        if beforeTerminator.contains("--help") || beforeTerminator.contains("-h") || remaining.first == "help" {
            context.standardOutput.write(command.configuration.helpText)
            return .success
        }
        do {
            let configuration = command.configuration
            if !configuration.subcommands.isEmpty, let first = remaining.first, !first.hasPrefix("-") {
                throw CommandError.usage("unknown subcommand '\(first)'")
            }
            let parsed = try ParsedArguments(remaining, declarations: configuration.arguments)
            return try command.run(parsed, context: context)
        } catch let error as CommandError {
            report(error, of: command, context: context)
            return error.exitCode
        } catch {
            report(.internalError(String(describing: error)), of: command, context: context)
            return .software
        }
    }

    static func report(_ error: CommandError, of command: any Command.Type, context: CommandContext) {
        let configuration = command.configuration
        context.standardError.write("error: \(error.message)\n\(configuration.usageLine)\n\(configuration.seeHelpLine)\n")
    }
}
