import Diagnostics
import PropertyList

/// Bridge manifests' and app models' reading state: PropertyList's schema reader
/// (``PropertyListSchemaReader``: locations, typed accessors, unknown keys), with the manifest's
/// rules unless the format sets its own (``AppModelReader`` sets the app model's).
typealias ManifestParseContext = PropertyListSchemaReader

extension PropertyListSchemaReader {
    init(file: String, locations: PropertyListLocations?, diagnostics: [Diagnostic] = []) {
        self.init(file: file, locations: locations, diagnostics: diagnostics,
                  shapeRule: .manifestShape, unknownKeyRule: .manifestUnknownKey)
    }
}
