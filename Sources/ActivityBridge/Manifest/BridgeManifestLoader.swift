public import Diagnostics
import PropertyList

/// Reads a manifest and checks it against the app's intents in one go: what the bridge, the
/// replay and `migrate` use before trusting a manifest.
///
/// ```swift
/// let loaded = try BridgeManifestLoader.load(contentsOf: path, catalog: IntentCatalog(registry: registry))
/// for warning in loaded.warnings { print(warning) }
/// ```
public enum BridgeManifestLoader {
    /// A manifest without errors, and its warnings.
    public struct Loaded: Sendable {
        public var manifest: BridgeManifest
        public var warnings: [Diagnostic]
    }

    /// Reads the manifest at `path` and checks it against `catalog` (structure only when nil).
    /// - Throws: ``BridgeManifestError/unreadable(path:reason:)``, or
    ///   ``BridgeManifestError/invalid(file:diagnostics:)`` with every diagnostic when any is an error.
    public static func load(contentsOf path: String, displayPath: String? = nil, catalog: IntentCatalog?) throws(BridgeManifestError) -> Loaded {
        let reading = try BridgeManifestReader().read(contentsOf: path, displayPath: displayPath)
        return try check(reading, file: displayPath ?? path, catalog: catalog)
    }

    /// Checks a reading against `catalog` (structure only when nil).
    public static func check(_ reading: BridgeManifestReading, file: String, catalog: IntentCatalog?) throws(BridgeManifestError) -> Loaded {
        var diagnostics = reading.diagnostics
        if let manifest = reading.manifest, let catalog {
            diagnostics += BridgeManifestChecker(catalog: catalog).check(manifest)
        }
        guard let manifest = reading.manifest, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw .invalid(file: file, diagnostics: diagnostics)
        }
        return Loaded(manifest: manifest, warnings: diagnostics)
    }
}
