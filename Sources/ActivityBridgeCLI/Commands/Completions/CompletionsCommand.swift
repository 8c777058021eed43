/// Prints a completion script for the shell, generated from the command declarations (``CompletionTree``): subcommands, options and the choices of options and arguments.
/// Exit 0, or 64 for a missing or unknown shell (the error lists the choices).
enum CompletionsCommand: Command {
    enum Shell: String, CaseIterable { case bash, zsh, fish }

    static let shell = Positional("SHELL", choices: Shell.allCases.map(\.rawValue), help: "The shell to complete in")

    static let configuration = CommandConfiguration(
        path: "completions",
        overview: "Print a shell completion script for bash, zsh or fish, generated from the commands' declarations.",
        arguments: [shell.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        // The parser has checked the word against the declared choices, the cases of `Shell`.
        let word = try parsed.requiredValue(shell)
        guard let shell = Shell(rawValue: word) else { throw CommandError.internalError("'\(word)' is a declared choice but no Shell") }
        context.standardOutput.write(script(for: shell))
        return .success
    }

    static func script(for shell: Shell, root: any Command.Type = ActivityBridgeCommand.self) -> String {
        let tree = CompletionTree(root: root)
        return switch shell {
        case .bash: BashCompletionScript.render(tree)
        case .zsh: ZshCompletionScript.render(tree)
        case .fish: FishCompletionScript.render(tree)
        }
    }
}
