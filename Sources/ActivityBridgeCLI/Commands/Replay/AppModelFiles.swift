import ActivityBridge
import Foundation
import PropertyList

/// The `--app-model` files of a command: each read and checked (``AppModelReader``), every
/// diagnostic printed to stderr; a model with errors stops the command.
enum AppModelFiles {
    static let option = Option(
        "--app-model", value: "APP.plist", repeatable: true,
        help: "An app model (app-model.md); scripts whose 'app' is its name run against a generic app built from it. Repeatable.")

    /// `validate`'s and `migrate`'s `--app-model`: what a `--manifest`'s `app` may name.
    static let manifestOption = Option(
        "--app-model", value: "APP.plist", repeatable: true,
        help: "An app model (app-model.md): a --manifest whose 'app' is its name is checked against its intents, parameters and entity types. Repeatable.")

    /// The models at `paths`, in order; `consequence` ends the message of a model with errors
    /// (`no script ran`).
    /// - Throws: ``CommandError/noInput(_:)`` (66) when a file cannot be read; ``CommandError/failure(_:)``
    ///   (1) when a model has errors, after printing its diagnostics.
    static func load(_ paths: [String], consequence: String, context: CommandContext) throws(CommandError) -> [AppModel] {
        var models: [AppModel] = []
        var broken: [String] = []
        for path in paths {
            let reading: AppModelReading
            do {
                reading = try AppModelReader().read(contentsOf: context.resolve(path), displayPath: path)
            } catch {
                throw .noInput(error.description)
            }
            context.standardError.write(reading.diagnostics.map(\.textLines).joined())
            if let model = reading.model { models.append(model) } else { broken.append("'\(path)'") }
        }
        guard broken.isEmpty else {
            throw .failure("app model \(broken.joined(separator: ", ")) has errors; \(consequence)")
        }
        var seen: Set<String> = []
        for model in models where !seen.insert(model.name).inserted {
            throw .usage("two app models are named '\(model.name)'; a script's 'app' must name one")
        }
        return models
    }
}
