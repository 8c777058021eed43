import ActivityBridge
import Diagnostics
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
        try loadFiles(paths, consequence: consequence, context: context).map(\.model)
    }

    /// A model with the file it came from.
    struct File {
        var model: AppModel
        /// As the user gave it, and resolved.
        var path: String
        var resolvedPath: String
        /// Where the file's values are, for findings about the model (``AppModelReading/locations``).
        var locations: PropertyListLocations?
    }

    /// ``load(_:consequence:context:)`` keeping each model's file.
    static func loadFiles(_ paths: [String], consequence: String, context: CommandContext) throws(CommandError) -> [File] {
        var models: [File] = []
        var broken: [String] = []
        for path in paths {
            let reading: AppModelReading
            do {
                reading = try AppModelReader().read(contentsOf: context.resolve(path), displayPath: path)
            } catch {
                throw .noInput(error.description)
            }
            context.standardError.write(reading.diagnostics.map(\.textLines).joined())
            if let model = reading.model {
                models.append(File(model: model, path: path, resolvedPath: context.resolve(path), locations: reading.locations))
            } else {
                broken.append("'\(path)'")
            }
        }
        guard broken.isEmpty else {
            throw .failure("app model \(broken.joined(separator: ", ")) has errors; \(consequence)")
        }
        var seen: Set<String> = []
        for file in models where !seen.insert(file.model.name).inserted {
            throw .usage("two app models are named '\(file.model.name)'; a script's 'app' must name one")
        }
        return models
    }
}

extension AppModelFiles {
    /// `replay`'s `--manifest`: bridge manifests for app models, each for the model its `app` names.
    static let replayManifestOption = Option(
        "--manifest", value: "BRIDGE.plist", repeatable: true,
        help: "A bridge manifest for an --app-model (by its 'app'); default: Plists/<name>-Bridge.plist beside the model. Legacy continuations then run the mapped intents.")

    /// The bridge manifest of each model: a `--manifest` whose `app` is its name, else
    /// `Plists/<name>-Bridge.plist` in the model's directory when it exists.
    /// - Throws: ``CommandError/noInput(_:)`` for a manifest that cannot be read; a usage error
    ///   for one that names no given model.
    static func bridgeManifests(
        _ paths: [String], for files: [File], context: CommandContext
    ) throws(CommandError) -> [String: (path: String, displayPath: String)] {
        var manifests: [String: (path: String, displayPath: String)] = [:]
        for path in paths {
            let reading: BridgeManifestReading
            do { reading = try BridgeManifestReader().read(contentsOf: context.resolve(path), displayPath: path) } catch {
                throw .noInput(error.description)
            }
            guard let app = reading.manifest?.app, files.contains(where: { $0.model.name == app }) else {
                let app = reading.manifest?.app ?? "?"
                throw .usage("--manifest '\(path)' is for app '\(app)', which no --app-model names (models: \(files.map(\.model.name).joined(separator: ", ")))")
            }
            manifests[app] = (context.resolve(path), path)
        }
        for file in files where manifests[file.model.name] == nil {
            let directory = (file.resolvedPath as NSString).deletingLastPathComponent
            let relative = "Plists/\(file.model.name)-Bridge.plist"
            let candidate = (directory as NSString).appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: candidate) {
                manifests[file.model.name] = (candidate, ((file.path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(relative))
            }
        }
        return manifests
    }
}
