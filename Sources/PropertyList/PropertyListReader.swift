import Foundation

/// Reads XML, binary and OpenStep (ASCII) property lists, detecting the format from the content.
///
/// ```swift
/// let document = try PropertyListReader().read(contentsOf: "Info.plist")
/// let types = document.root["NSUserActivityTypes"]?.arrayValue
/// ```
public struct PropertyListReader: Sendable {
    public struct Options: Sendable {
        /// Containers nested deeper than this are a `plist-syntax` diagnostic, never a stack overflow.
        public var maximumDepth: Int = 10_000
        /// Record the location of every value and key (XML and OpenStep input); costs memory and time.
        public var recordLocations: Bool = false

        public init(maximumDepth: Int = 10_000, recordLocations: Bool = false) {
            self.maximumDepth = maximumDepth
            self.recordLocations = recordLocations
        }
    }

    public var options: Options

    public init(options: Options = Options()) { self.options = options }

    /// Reads the file at `path`; `displayPath` names it in diagnostics (default `path`).
    /// - Throws: ``PropertyListReadError/unreadableFile(path:reason:)`` when it cannot be read,
    ///   ``PropertyListReadError/invalid(_:warnings:)`` when it is not a valid property list.
    public func read(contentsOf path: String, displayPath: String? = nil) throws(PropertyListReadError) -> PropertyListDocument {
        try read(Self.contents(ofFile: path, displayPath: displayPath), file: displayPath ?? path)
    }

    /// The bytes of the file at `path` (memory-mapped when safe), or why it cannot be read:
    /// the one place every command's "cannot read" message comes from.
    /// - Throws: ``PropertyListReadError/unreadableFile(path:reason:)`` naming `displayPath ?? path`.
    public static func contents(ofFile path: String, displayPath: String? = nil) throws(PropertyListReadError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw .unreadableFile(path: displayPath ?? path, reason: reason(for: path))
        }
    }

    /// Reads `data`; `file` names the source in diagnostics.
    ///
    /// Binary when it starts with `bplist00`; OpenStep when its first character (after a BOM,
    /// whitespace) is `{`, `(`, a quote or a comment; XML otherwise.
    public func read(_ data: Data, file: String) throws(PropertyListReadError) -> PropertyListDocument {
        if BinaryPropertyListReader.hasMagic(data) {
            return try BinaryPropertyListReader(options: options).read(data, file: file)
        }
        if OpenStepFormatSniffer.looksLikeOpenStep(data) {
            return try readOpenStep(data, file: file)
        }
        return try XMLPropertyListReader(options: options).read(data, file: file)
    }

    /// Reads `data` as an OpenStep (ASCII) property list or `.strings` file, whatever it starts
    /// with: for callers that know the format (a `.strings` file whose first key is unquoted).
    public func readOpenStep(_ data: Data, file: String) throws(PropertyListReadError) -> PropertyListDocument {
        try OpenStepPropertyListReader(options: options).read(data, file: file)
    }

    private static func reason(for path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return "no such file"
        }
        return isDirectory.boolValue ? "is a directory" : "permission denied"
    }
}
