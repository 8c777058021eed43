import Foundation
import PropertyList

/// `activity-bridge plist lint [--disable RULE]... FILE...`: parses each file and prints `FILE: OK`,
/// or one diagnostic line per problem (to stdout).
///
/// A valid file with warnings (a repeated dictionary key) prints its warning lines, then
/// `FILE: OK`. Every file is checked even after a bad one. Exit 1 when any file is invalid;
/// when a file cannot be read, its `error: cannot read …` comes after the other files' results
/// and the exit code is 66, which takes precedence over 1.
enum PlistLintCommand: Command {
    static let files = Positional("FILE", repeatable: true, help: PlistInputFile.help(plural: true))

    static let configuration = CommandConfiguration(
        path: "plist lint",
        overview: "Check that property lists are well-formed and valid.",
        arguments: [CommonOptions.disable.declaration, files.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let filter = try CommonOptions.filter(parsed)
        var anyInvalid = false
        var unreadable: [String] = []
        for path in parsed.values(files) {
            do {
                let document = try PlistInputFile.read(path, context: context)
                PlistInputFile.report(filter.apply(document.diagnostics), to: context.standardOutput)
                context.standardOutput.write("\(path): OK\n")
            } catch let .invalid(error, warnings) {
                anyInvalid = true
                PlistInputFile.report(filter.apply(warnings) + [error], to: context.standardOutput)
            } catch {
                unreadable.append(error.description)
            }
        }
        if !unreadable.isEmpty {
            throw CommandError.noInput(unreadable.joined(separator: "; "))
        }
        return anyInvalid ? .failure : .success
    }
}
