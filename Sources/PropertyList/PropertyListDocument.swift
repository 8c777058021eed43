/// The encodings a property list can be read from or written to.
public enum PropertyListFormat: String, Sendable, CaseIterable {
    case xml = "xml1"
    case binary = "binary1"
    case json
    /// The OpenStep (ASCII) format of `project.pbxproj` and `.strings` files; read only.
    case openStep = "openstep"

    /// The formats ``PropertyListWriter`` writes.
    public static let writable: [PropertyListFormat] = [.xml, .binary, .json]
}

/// A parsed property list: its root value, the format it came in, the warnings found while
/// reading it, and (when asked for) where each value and key stands in the source.
public struct PropertyListDocument: Sendable {
    public var root: PropertyListValue
    public var format: PropertyListFormat
    /// Non-fatal findings, such as `duplicate-key` warnings, in source order.
    public var diagnostics: [Diagnostic]
    /// Present when ``PropertyListReader/Options/recordLocations`` was set (XML or OpenStep input).
    public var locations: PropertyListLocations?

    public init(
        root: PropertyListValue, format: PropertyListFormat,
        diagnostics: [Diagnostic] = [], locations: PropertyListLocations? = nil
    ) {
        self.root = root
        self.format = format
        self.diagnostics = diagnostics
        self.locations = locations
    }
}

/// Where values and dictionary keys stand in an XML source, by path from the root.
///
/// A value's location is the `<` of its element; a key's location is the `<` of its `<key>`.
public struct PropertyListLocations: Sendable {
    public let file: String
    private var valueLocations: [PropertyListPath: SourceLocation] = [:]
    private var keyLocations: [PropertyListPath: SourceLocation] = [:]

    public init(file: String) { self.file = file }

    public func value(at path: PropertyListPath) -> SourceLocation? { valueLocations[path] }

    /// The `<key>` element that introduces the value at `path` (whose last component is a key).
    public func key(at path: PropertyListPath) -> SourceLocation? { keyLocations[path] }

    public mutating func recordValue(at path: PropertyListPath, _ location: SourceLocation) {
        valueLocations[path] = location
    }

    public mutating func recordKey(at path: PropertyListPath, _ location: SourceLocation) {
        keyLocations[path] = location
    }
}
