import Foundation

/// The command tree as the completion scripts see it, walked from the root command's declarations: each
/// command's path, subcommands, options (with what their values complete to) and positional arguments. The
/// scripts are generated from this alone, so a command, option or choice added to a declaration is completed
/// without touching them.
struct CompletionTree {
    /// What a value completes to.
    enum Values: Equatable {
        /// Nothing to offer (a name, a number, `NAME=VALUE`).
        case none
        case choices([String])
        case files
        case directories

        /// From a declaration: its choices, else its value name: `DIR` a folder; a name with a dot or `PATH`,
        /// `OUT`, `FILE`, `PLIST`, `SCRIPT` (`PATH.xcodeproj`, `APP.plist`, `SCRIPT_OR_DIR`) a file; else nothing.
        init(_ declaration: ArgumentDeclaration) {
            let name = declaration.kind == .positional ? declaration.name : declaration.valueName
            if !declaration.choices.isEmpty {
                self = .choices(declaration.choices)
            } else if name.contains("=") {
                self = .none
            } else if name == "DIR" || name.hasSuffix("_DIR") {
                self = .directories
            } else if name.contains(".") || ["PATH", "OUT", "FILE", "PLIST", "SCRIPT"].contains(where: name.contains) {
                self = .files
            } else {
                self = .none
            }
        }
    }

    struct Option {
        /// `--format`, then `-o` where there is a short spelling.
        var names: [String]
        var help: String
        /// nil: a flag, which takes no value.
        var values: Values?
    }

    struct Node {
        /// The words after `activity-bridge` (`plist lint`); empty for the root.
        var path: String
        var subcommands: [(name: String, overview: String)]
        var options: [Option]
        /// What the words after the options complete to (the first positional's values); nil: no positionals.
        var positional: Values?
    }

    /// Every command, the root first, each group before its subcommands, subcommands by name.
    let nodes: [Node]

    static let helpOption = Option(names: ["--help", "-h"], help: "Show help information.", values: nil)

    init(root: any Command.Type) {
        nodes = root.configuration.tree.map { configuration in
            let subcommands = configuration.subcommands.map { command in command.configuration }.sorted { $0.name < $1.name }
            let options = configuration.arguments.filter { $0.kind != .positional }.map { declaration in
                Option(names: [declaration.name] + declaration.aliases + (declaration.shortName.map { [$0] } ?? []), help: declaration.help,
                       values: declaration.kind == .flag ? nil : Values(declaration))
            }
            let positional = configuration.arguments.first { $0.kind == .positional }.map(Values.init)
            return Node(path: configuration.path, subcommands: subcommands.map { ($0.name, $0.overview) },
                        options: options + [Self.helpOption], positional: positional)
        }
    }
}

/// Quoting for the generated scripts.
enum ShellQuoting {
    /// A single-quoted word for bash and zsh: `'it'\''s'`.
    static func posix(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// A single-quoted word for fish, where `\` and `'` are escaped inside the quotes.
    static func fish(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// A word for fish, bare when it is plain (letters, digits, `-`, `_`, `.`, `/`, `+`, `=`), else quoted.
    static func fishWord(_ text: String) -> String {
        !text.isEmpty && text.unicodeScalars.allSatisfy({ plain.contains($0) }) ? text : fish(text)
    }

    private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+=".unicodeScalars)
}

extension CompletionTree.Values {
    /// How the bash and zsh tables list it, one word each: `choices` and the choices, `files`, `dirs`, `none`.
    var tableWords: [String] {
        switch self {
        case .none: ["none"]
        case let .choices(choices): ["choices"] + choices
        case .files: ["files"]
        case .directories: ["dirs"]
        }
    }
}

extension CompletionTree {
    /// `case` branches of a table function: one per key whose entry is not empty, `'key') BODY ;;`.
    static func caseBranches(_ entries: [(key: String, body: String)], indent: String) -> String {
        entries.map { "\(indent)\(ShellQuoting.posix($0.key))) \($0.body) ;;\n" }.joined()
    }

    /// Every option of every command that takes a value: (`path|--name`, its values), one per spelling.
    var optionValues: [(key: String, values: Values)] {
        nodes.flatMap { node in
            node.options.flatMap { option in
                option.values.map { values in option.names.map { ("\(node.path)|\($0)", values) } } ?? []
            }
        }
    }
}
