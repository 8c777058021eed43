/// `activity-bridge plist <subcommand>`: check, print and convert property lists
/// (ActivityBridgeCLI.docc, "plist"). The input format (XML or binary) is detected from the content.
enum PlistCommand: Command {
    static let configuration = CommandConfiguration(
        path: "plist",
        overview: "Check, print and convert property lists (XML or binary, detected from the content).",
        subcommands: [PlistLintCommand.self, PlistPrintCommand.self, PlistConvertCommand.self],
        usage: "<subcommand> [options] FILE...")
}
