import Foundation
import ActivityBridge
import ActivityKit
import BuildSettings
import Diagnostics
import Foundation
import IntentKit
import PropertyList
import XcodeProject

/// The `--manifest` files of `validate` and `migrate`: each read, checked against the intents of
/// the app it names, with every diagnostic.
struct BridgeManifestFile {
    /// The path as the user wrote it (what diagnostics name).
    var path: String
    var manifest: BridgeManifest?
    /// Reading and checking diagnostics, in order.
    var diagnostics: [Diagnostic]
    /// The app the manifest names, started for its intents; nil when the tool does not know it,
    /// when an app model stands for it, or when hosts were not kept.
    var host: BridgeAppHost?
    /// The intents of the app model the manifest names (`--app-model`), when kept.
    var modelRegistry: IntentRegistry?
    /// The intents the manifest's mappings run: the app model's, else the started app's.
    var registry: IntentRegistry? { modelRegistry ?? host?.registry }
    /// Why the file could not be read at all (exit 66); nil when it was read.
    var readError: String?

    var hasErrors: Bool { manifest == nil || diagnostics.contains { $0.severity == .error } }

    /// The manifest's findings as a validation result of their own (nil when it was not read).
    var validationResult: ValidationResult? {
        guard readError == nil else { return nil }
        return ValidationResult(path: path, declarations: nil, diagnostics: diagnostics)
    }
}

enum BridgeManifestFiles {
    /// `validate`'s `--manifest`: optional, one for all PLISTs or one per PLIST.
    static let option = Option(
        "--manifest", value: "BRIDGE.plist", repeatable: true,
        help: "Cross-check declared types with a bridge manifest's (activity-type-unhandled/-undeclared) and check the manifest; repeatable: one for all PLISTs, or one per PLIST in order.")
    /// `migrate`'s `--manifest`: at least one, one per app.
    static let requiredOption = Option(
        "--manifest", value: "BRIDGE.plist", repeatable: true, required: true,
        help: "A bridge manifest (one per app); repeatable, at least one.")

    /// Reads and checks each of `paths`.
    /// - Parameters:
    ///   - keepHosts: keep each app running (for `migrate`); the caller then closes the hosts.
    ///   - models: app models (`--app-model`); a manifest naming one is checked against its intents
    ///     instead of a linked-in app's. A manifest naming neither is a `manifest-unknown-app` error.
    /// - Returns: one file per path, in order; those that could not be read have a ``BridgeManifestFile/readError``.
    static func load(
        _ paths: [String], platform: Platform, keepHosts: Bool, models: [AppModel] = [],
        context: CommandContext
    ) -> [BridgeManifestFile] {
        var files: [BridgeManifestFile] = []
        for path in paths {
            let reading: BridgeManifestReading
            do {
                reading = try BridgeManifestReader().read(contentsOf: context.resolve(path), displayPath: path)
            } catch {
                files.append(BridgeManifestFile(path: path, manifest: nil, diagnostics: [], readError: error.description))
                continue
            }
            var file = BridgeManifestFile(path: path, manifest: reading.manifest, diagnostics: reading.diagnostics)
            if let manifest = reading.manifest, !manifest.app.isEmpty {
                check(&file, manifest: manifest, platform: platform, keepHost: keepHosts,
                      models: models, context: context)
            }
            files.append(file)
        }
        return files
    }

    private static func check(
        _ file: inout BridgeManifestFile, manifest: BridgeManifest, platform: Platform, keepHost: Bool,
        models: [AppModel], context: CommandContext
    ) {
        if let model = models.first(where: { $0.name == manifest.app }) {
            do {
                let registry = try model.makeRegistry(platform: platform, entities: AppModelEntityStore())
                file.diagnostics += BridgeManifestChecker(catalog: IntentCatalog(registry: registry)).check(manifest)
                if keepHost { file.modelRegistry = registry }
            } catch {
                file.diagnostics.append(Diagnostic(.manifestUnknownApp, "app model '\(manifest.app)' has intents IntentKit refuses: \(error)",
                                                   at: manifest.appLocation))
            }
            return
        }
        guard let appType = context.apps.first(where: { $0.name == manifest.app }) else {
            let names = Set(context.apps.map { $0.name } + models.map(\.name)).sorted()
            let known = names.isEmpty ? "none" : names.joined(separator: ", ")
            // One rule in every command: a manifest whose app nobody describes can be neither checked nor used.
            file.diagnostics.append(Diagnostic(.manifestUnknownApp,
                "unknown app '\(manifest.app)' (known: \(known)); its intents cannot be checked (describe it with --app-model APP.plist)",
                at: manifest.appLocation))
            return
        }
        do {
            let host = try BridgeAppHost(appType: appType, platform: platform, nearManifest: context.resolve(file.path),
                                         currentDirectory: context.currentDirectory)
            file.diagnostics += BridgeManifestChecker(catalog: IntentCatalog(registry: host.registry)).check(manifest)
            if keepHost { file.host = host } else { host.close() }
        } catch {
            file.diagnostics.append(Diagnostic(.manifestUnknownApp, "cannot start app '\(manifest.app)' to check its intents: \(error)",
                                               at: manifest.appLocation))
        }
    }

    /// Which manifests' handled types apply to the Info.plist at `index` of `count`: one manifest
    /// applies to every Info.plist; as many manifests as Info.plists pair up in order; several
    /// manifests with one Info.plist all apply to it (an app split over several manifests).
    /// - Throws: a usage error for any other combination.
    static func handledTypes(_ files: [BridgeManifestFile], plistCount: Int) throws(CommandError) -> [[ValidationInput.HandledType]?] {
        guard !files.isEmpty else { return Array(repeating: nil, count: plistCount) }
        // A manifest that could not be read turns the rules off rather than flag every type.
        let types = files.map { $0.readError == nil ? $0.manifest?.handledTypes ?? [] : nil }
        if files.count == 1 { return Array(repeating: types[0], count: plistCount) }
        if plistCount == 1 { return [types.contains { $0 == nil } ? nil : types.flatMap { $0 ?? [] }] }
        guard files.count == plistCount else {
            throw .usage("give one --manifest for all Info.plists, or one per Info.plist in the same order (got \(files.count) manifests for \(plistCount) files)")
        }
        return types
    }
}

extension BridgeManifestFiles {
    /// `validate --manifest`: checks `files`, each against the handled types that apply to it
    /// (``handledTypes(_:plistCount:)``), as few batches as there are distinct sets — one in the
    /// usual cases — with results in input order.
    /// - Parameter progress: told the number of files done so far.
    static func validate(
        _ files: [ActivityTypeValidator.BatchFile], handledTypes: [[ValidationInput.HandledType]?], defines: BuildSettings,
        progress: (@Sendable (Int) -> Void)? = nil
    ) -> [Result<ValidationResult, PropertyListReadError>] {
        let validator = ActivityTypeValidator()
        if Set(handledTypes.map { $0.map(Set.init) }).count <= 1 {
            return validator.validateFiles(files, defines: defines, handledTypes: handledTypes.first ?? nil, progress: progress)
        }
        // Paired manifests: one batch per file, progress counted across them.
        var results: [Result<ValidationResult, PropertyListReadError>] = []
        for (index, file) in files.enumerated() {
            let types = index < handledTypes.count ? handledTypes[index] : nil
            results += validator.validateFiles([file], defines: defines, handledTypes: types)
            progress?(index + 1)
        }
        return results
    }
}
