/// `activity-bridge plist <subcommand>`: check, print and convert property lists
/// (`spec/cli.md`, "plist"). Input format (XML, binary or OpenStep) is detected from the content.
enum PlistCommand: Command {
    static var subcommands: [String: any Command.Type] {
        [
            "lint": PlistLintCommand.self,
            "print": PlistPrintCommand.self,
            "convert": PlistConvertCommand.self,
        ]
    }

    static var help: CommandHelp {
        CommandHelp(
            path: "plist",
            overview: "Check, print and convert property lists (XML, binary or OpenStep, detected from the content).",
            usage: "plist <subcommand> [options] FILE...",
            subcommands: subcommands.keys.sorted().compactMap { name in
                subcommands[name].map { CommandHelp.Entry(name, $0.help.overview) }
            }
        )
    }
}
