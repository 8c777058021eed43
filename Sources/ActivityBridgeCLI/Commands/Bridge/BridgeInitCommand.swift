import ActivityBridge
import Foundation
import PropertyList

/// Drafts the bridge manifest of an app model (``BridgeManifestDraft``). Each unmapped declared type is a note on
/// stderr (and a comment in the draft). Exit 0 drafted, 1 the model has errors, 64 usage, 66 no model.
enum BridgeInitCommand: Command {
    static let model = Option(
        "--app-model", value: "APP.plist", required: true,
        help: "The app model whose declared activity types and intents the draft maps.")
    static let output = CommonOptions.output("Write the draft to OUT (replaced atomically) instead of standard output.")

    static let configuration = CommandConfiguration(
        path: "bridge init",
        overview: "Draft a bridge manifest: each declared type whose name matches an intent's intentClassName (or name) maps to it.",
        arguments: [model.declaration, output.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let path = try parsed.requiredValue(model)
        guard let model = try AppModelFiles.load([path], consequence: "nothing was drafted", context: context).first else { return .failure }
        let draft = BridgeManifestDraft(model: model)
        for type in draft.unmapped {
            context.standardError.write("note: '\(type)' is declared but no intent's intentClassName or name matches; it stays with the legacy handler\n")
        }
        let data: Data
        do { data = try draft.xmlData() } catch { throw CommandError.failure(error.description) }
        if let destination = try CommonOptions.destination(output, parsed) {
            try AtomicFileWriter.write(data, to: context.resolve(destination), displayPath: destination)
        } else {
            context.standardOutput.write(data)
        }
        return .success
    }
}
