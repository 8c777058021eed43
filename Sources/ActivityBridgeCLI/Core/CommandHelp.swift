/// The static description of a command, rendered as its `--help` text.
public struct CommandHelp: Sendable {
    public struct Entry: Sendable {
        public var name: String
        public var help: String
        public init(_ name: String, _ help: String) {
            self.name = name
            self.help = help
        }
    }

    /// The words after `activity-bridge`, e.g. `plist lint`.
    public var path: String
    public var overview: String
    /// The usage line without the leading `activity-bridge`.
    public var usage: String
    public var arguments: [Entry]
    public var options: [Entry]
    public var subcommands: [Entry]

    public init(
        path: String, overview: String, usage: String,
        arguments: [Entry] = [], options: [Entry] = [], subcommands: [Entry] = []
    ) {
        self.path = path
        self.overview = overview
        self.usage = usage
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
    }

    public var usageLine: String { "Usage: activity-bridge \(usage)" }
    public var seeHelpLine: String {
        path.isEmpty ? "See 'activity-bridge --help'." : "See 'activity-bridge \(path) --help'."
    }

    /// OVERVIEW, USAGE, ARGUMENTS, OPTIONS and SUBCOMMANDS sections.
    public func render() -> String {
        var text = "OVERVIEW: \(overview)\n\nUSAGE: activity-bridge \(usage)\n"
        if !arguments.isEmpty { text += "\nARGUMENTS:\n" + Self.table(arguments) }
        text += "\nOPTIONS:\n" + Self.table(options + [Entry("-h, --help", "Show help information.")])
        if !subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n" + Self.table(subcommands)
            text += "\n  See 'activity-bridge \(path.isEmpty ? "" : path + " ")<subcommand> --help' for detailed help.\n"
        }
        return text
    }

    private static func table(_ entries: [Entry]) -> String {
        let width = min(28, (entries.map(\.name.count).max() ?? 0) + 2)
        return entries.map { entry in
            let padded = entry.name.padding(toLength: max(width, entry.name.count + 2), withPad: " ", startingAt: 0)
            return "  \(padded)\(entry.help)\n"
        }.joined()
    }
}
