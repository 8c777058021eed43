import Foundation
import PropertyList

/// `activity-bridge plist print FILE`: the value as a tree in `plutil -p`'s layout (dictionaries in
/// document order). Warnings go to stderr; an invalid file prints its diagnostics to stderr, exit 1.
enum PlistPrintCommand: Command {
    static var help: CommandHelp {
        CommandHelp(
            path: "plist print",
            overview: "Print a property list as a human-readable tree (like plutil -p).",
            usage: "plist print FILE",
            arguments: [CommandHelp.Entry("FILE", "A property list, XML, binary or OpenStep (pbxproj, .strings) ('-' reads standard input).")]
        )
    }

    static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: ArgumentSpec())
        guard let document = try PlistInputFile.readSingle(parsed, context: context) else { return .failure }
        context.standardOutput.write(document.root.treeDescription)
        return .success
    }
}
