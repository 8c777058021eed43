import Foundation
import PropertyList

/// The value as a tree in `plutil -p`'s layout (dictionaries in document order). Warnings go to stderr; an invalid file prints its diagnostics to stderr, exit 1.
enum PlistPrintCommand: Command {
    static let file = Positional("FILE", help: PlistInputFile.help(plural: false))

    static let configuration = CommandConfiguration(
        path: "plist print",
        overview: "Print a property list as a human-readable tree (like plutil -p).",
        arguments: [file.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        guard let document = try PlistInputFile.readSingle(parsed.requiredValue(file), context: context) else { return .failure }
        context.standardOutput.write(document.root.treeDescription)
        return .success
    }
}
