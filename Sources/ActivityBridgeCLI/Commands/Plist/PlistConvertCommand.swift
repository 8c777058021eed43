import Foundation
import PropertyList

/// Writes to standard output, or to OUT atomically (a temporary file in OUT's directory, then a
/// rename), so a failed conversion never leaves a partial or changed OUT. JSON follows the mapping
/// of ``PropertyListJSONWriter``; a real JSON cannot hold (inf, -inf, nan) is an error, exit 1.
enum PlistConvertCommand: Command {
    static let format = Option<PropertyListFormat>(
        "--to", value: "FORMAT", choices: PropertyListFormat.writable.map(\.rawValue), required: true,
        help: "Output format (xml1: Apple's XML layout, binary1: bplist00)"
    ) { text throws(CommandError) in
        guard let format = PropertyListFormat(rawValue: text), PropertyListFormat.writable.contains(format) else {
            throw .usage("unknown format '\(text)'")
        }
        return format
    }
    static let output = CommonOptions.output("Write to OUT (replaced atomically) instead of standard output.")
    static let file = Positional("FILE", help: PlistInputFile.help(plural: false))

    static let configuration = CommandConfiguration(
        path: "plist convert",
        overview: "Convert a property list to XML, binary or JSON.",
        arguments: [format.declaration, output.declaration, file.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.requiredValue(format)
        guard let document = try PlistInputFile.readSingle(parsed.requiredValue(file), context: context) else { return .failure }

        let data: Data
        do {
            data = try PropertyListWriter(format: format).data(for: document.root)
        } catch {
            throw CommandError.failure(error.description)
        }
        if let destination = try CommonOptions.destination(output, parsed) {
            try AtomicFileWriter.write(data, to: context.resolve(destination), displayPath: destination)
        } else {
            context.standardOutput.write(data)
        }
        return .success
    }
}
