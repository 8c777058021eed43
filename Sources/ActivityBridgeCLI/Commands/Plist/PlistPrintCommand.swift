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
            arguments: [CommandHelp.Entry("FILE", "A property list, XML or binary ('-' reads standard input).")]
        )
    }

    static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: ArgumentSpec())
        let paths = try parsed.requirePositionals("FILE")
        guard paths.count == 1, let path = paths.first else {
            throw CommandError.usage("expected one FILE, got \(paths.count)")
        }
        let document: PropertyListDocument
        do {
            document = try PlistInputFile.read(path, context: context)
        } catch let .invalid(error, warnings) {
            PlistInputFile.report(warnings + [error], to: context.standardError)
            return .failure
        } catch {
            throw CommandError.noInput(error.description)
        }
        PlistInputFile.report(document.diagnostics, to: context.standardError)
        context.standardOutput.write(document.root.treeDescription)
        return .success
    }
}
