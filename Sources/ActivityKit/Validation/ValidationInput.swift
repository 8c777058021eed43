public import BuildSettings
public import Diagnostics
public import PropertyList

/// Everything ``ActivityTypeValidator`` checks one Info.plist against.
public struct ValidationInput: Sendable {
    /// An activity type a bridge manifest handles, and where the manifest says so.
    public struct HandledType: Hashable, Sendable {
        public var type: String
        /// The manifest entry, for `activity-type-undeclared` diagnostics; nil to point at the Info.plist.
        public var location: SourceLocation?

        public init(_ type: String, location: SourceLocation? = nil) {
            self.type = type
            self.location = location
        }
    }

    /// The path diagnostics name, as the user wrote it.
    public var path: String
    /// The parsed Info.plist (read with `recordLocations` for line and column).
    public var document: PropertyListDocument
    /// The definitions `$(NAME)` references expand from (`--define`).
    public var defines: BuildSettings
    /// Extension point for `validate --manifest`: the activity types the bridge manifest handles.
    /// nil (no manifest) turns the `activity-type-unhandled` and `activity-type-undeclared` rules off.
    public var handledTypes: [HandledType]?

    public init(
        path: String, document: PropertyListDocument, defines: BuildSettings = BuildSettings(),
        handledTypes: [HandledType]? = nil
    ) {
        self.path = path
        self.document = document
        self.defines = defines
        self.handledTypes = handledTypes
    }
}
