/// Check, print and convert property lists (ActivityBridgeCLI.docc, "plist"). The input format (XML, binary
/// or OpenStep) is detected from the content.
enum PlistCommand: Command {
    static let configuration = CommandConfiguration(
        path: "plist",
        overview: "Check, print and convert property lists (XML, binary or OpenStep, detected from the content).",
        subcommands: [PlistLintCommand.self, PlistPrintCommand.self, PlistConvertCommand.self],
        usage: "<subcommand> [options] FILE...")
}
