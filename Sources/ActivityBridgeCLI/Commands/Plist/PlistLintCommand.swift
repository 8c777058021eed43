import Diagnostics
import Foundation
import PropertyList

/// Parses each file and prints `FILE: OK`, or one diagnostic line per problem (to stdout); `--format github` prints only the problems, as
/// GitHub Actions workflow commands (``GitHubAnnotations``) with paths relative to the repository root.
///
/// A valid file with warnings (a repeated dictionary key) prints its warning lines, then
/// `FILE: OK`. Every file is checked even after a bad one. Exit 1 when any file is invalid;
/// when a file cannot be read, its `error: cannot read …` comes after the other files' results
/// and the exit code is 66, which takes precedence over 1.
enum PlistLintCommand: Command {
    enum Format: String, OutputFormat { case text, github }
    static let format = CommonOptions.format(Format.self)
    static let files = Positional("FILE", repeatable: true, help: PlistInputFile.help(plural: true))

    static let configuration = CommandConfiguration(
        path: "plist lint",
        overview: "Check that property lists are well-formed and valid.",
        arguments: [format.declaration, CommonOptions.disable.declaration, CommonOptions.color.declaration, files.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let filter = try CommonOptions.filter(parsed)
        let format = try parsed.format(format)
        let paths = RepositoryPaths(base: context.currentDirectory)
        let style = try CommonOptions.terminalStyle(parsed, context: context)
        func report(_ diagnostics: [Diagnostic]) {
            switch format {
            case .text: PlistInputFile.report(diagnostics, to: context.standardOutput, style: style)
            case .github: context.standardOutput.write(GitHubAnnotations(diagnostics, repositoryPath: { paths.path($0) }).text)
            }
        }
        var anyInvalid = false
        var unreadable: [String] = []
        for path in parsed.values(files) {
            do {
                let document = try PlistInputFile.read(path, context: context)
                report(filter.apply(document.diagnostics))
                if format == .text { context.standardOutput.write("\(path): OK\n") }
            } catch let .invalid(error, warnings) {
                anyInvalid = true
                report(filter.apply(warnings) + [error])
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
