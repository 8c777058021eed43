import Foundation
import PropertyList

/// `activity-bridge plist convert --to xml1|binary1|json [-o OUT] FILE`.
///
/// Writes to standard output, or to OUT atomically (a temporary file in OUT's directory, then a
/// rename), so a failed conversion never leaves a partial or changed OUT. JSON follows the mapping
/// of `spec/cli.md` (see ``PropertyListJSONWriter``); a real JSON cannot hold (inf, -inf, nan) is
/// an error, exit 1.
enum PlistConvertCommand: Command {
    static let formats = PropertyListFormat.writable.map(\.rawValue)

    static var help: CommandHelp {
        CommandHelp(
            path: "plist convert",
            overview: "Convert a property list to XML, binary or JSON.",
            usage: "plist convert --to xml1|binary1|json [-o OUT] FILE",
            arguments: [CommandHelp.Entry("FILE", "A property list, XML, binary or OpenStep (pbxproj, .strings) ('-' reads standard input).")],
            options: [
                CommandHelp.Entry("--to FORMAT", "Output format: xml1 (Apple's XML layout), binary1 (bplist00) or json. Required."),
                CommandHelp.Entry("-o, --output OUT", "Write to OUT (replaced atomically) instead of standard output."),
            ]
        )
    }

    static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        let parsed = try ParsedArguments(
            arguments, spec: ArgumentSpec(valueOptions: ["--to", "--output"], aliases: ["-o": "--output"]))
        guard parsed.value("--to") != nil else { throw CommandError.usage("missing option '--to' (xml1, binary1 or json)") }
        let formatName = try parsed.choice("--to", in: formats, default: "")
        guard let format = PropertyListFormat(rawValue: formatName) else {
            throw CommandError.internalError("format '\(formatName)' passed the choice check")
        }

        guard let document = try PlistInputFile.readSingle(parsed, context: context) else { return .failure }

        let data: Data
        do {
            data = try PropertyListWriter(format: format).data(for: document.root)
        } catch {
            throw CommandError.failure(error.description)
        }
        if let output = parsed.value("--output"), output != "-" {
            try AtomicFileWriter.write(data, to: context.resolve(output), displayPath: output)
        } else {
            context.standardOutput.write(data)
        }
        return .success
    }
}
