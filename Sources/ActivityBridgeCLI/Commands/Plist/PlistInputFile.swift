import Diagnostics
import Foundation
import PropertyList

/// Reads the property list a `plist` subcommand names: a path (relative to the command's
/// directory) or `-` for standard input. Diagnostics name the file as the user typed it.
enum PlistInputFile {
    static let standardInputName = "-"

    /// The help text of a FILE argument.
    static func help(plural: Bool) -> String {
        (plural ? "Property lists to check" : "A property list") + ", XML, binary or OpenStep (pbxproj, .strings) ('-' reads standard input)."
    }

    static func read(_ path: String, context: CommandContext) throws(PropertyListReadError) -> PropertyListDocument {
        guard path != standardInputName else {
            return try PropertyListReader().read(PropertyListReader.contentsOfStandardInput(), file: "<stdin>")
        }
        return try PropertyListReader().read(contentsOf: context.resolve(path), displayPath: path)
    }

    /// The one FILE of `print` and `convert`, read; nil after its diagnostics went to stderr
    /// (the caller exits 1). Warnings of a valid file go to stderr too.
    /// - Throws: `noInput` when it cannot be read.
    static func readSingle(_ path: String, context: CommandContext) throws(CommandError) -> PropertyListDocument? {
        do {
            let document = try read(path, context: context)
            report(document.diagnostics, to: context.standardError)
            return document
        } catch let .invalid(error, warnings) {
            report(warnings + [error], to: context.standardError)
            return nil
        } catch {
            throw .noInput(error.description)
        }
    }

    /// Writes each diagnostic as a `PATH:LINE:COLUMN: severity: message [rule]` line, with its notes; `style`
    /// colours them (`plist lint --color`; stderr's reports stay plain).
    static func report(_ diagnostics: [Diagnostic], to output: CommandOutput, style: TerminalStyle = .plain) {
        guard !diagnostics.isEmpty else { return }
        output.write(diagnostics.map { $0.textLines(style: style) }.joined())
    }
}
