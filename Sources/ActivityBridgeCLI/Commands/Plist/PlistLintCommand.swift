import Foundation
import PropertyList

/// `activity-bridge plist lint FILE...`: parses each file and prints `FILE: OK`, or one
/// diagnostic line per problem (to stdout).
///
/// A valid file with warnings (a repeated dictionary key) prints its warning lines, then
/// `FILE: OK`. Every file is checked even after a bad one. Exit 1 when any file is invalid;
/// when a file cannot be read, its `error: cannot read …` comes after the other files' results
/// and the exit code is 66, which takes precedence over 1.
enum PlistLintCommand: Command {
    static var help: CommandHelp {
        CommandHelp(
            path: "plist lint",
            overview: "Check that property lists are well-formed and valid.",
            usage: "plist lint FILE...",
            arguments: [CommandHelp.Entry("FILE", "Property lists to check, XML, binary or OpenStep (pbxproj, .strings) ('-' reads standard input).")]
        )
    }

    static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: ArgumentSpec())
        let paths = try parsed.requirePositionals("FILE")
        var anyInvalid = false
        var unreadable: [String] = []
        for path in paths {
            do {
                let document = try PlistInputFile.read(path, context: context)
                PlistInputFile.report(document.diagnostics, to: context.standardOutput)
                context.standardOutput.write("\(path): OK\n")
            } catch let .invalid(error, warnings) {
                anyInvalid = true
                PlistInputFile.report(warnings + [error], to: context.standardOutput)
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
