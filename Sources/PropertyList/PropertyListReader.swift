import Foundation
import FileInput

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

    /// The largest property list read from a file or standard input: 256 MiB, far above any real
    /// Info.plist or donation log, and low enough that a huge or endless input is refused before
    /// it is read rather than exhausting memory.
    public static let maximumInputSize = 256 << 20

    /// The bytes of the regular file at `path` (memory-mapped), or why it cannot be read:
    /// the one place every command's "cannot read" message comes from.
    ///
    /// The file is opened without blocking and checked with `fstat` before a byte is read: a
    /// directory, FIFO, device (`/dev/zero`) or socket is refused as such, and a file larger than
    /// `maximumSize` is refused by its size, so neither is ever read whole.
    /// `kind` names what the limit is for in a refusal by size (`… above the 256 MiB limit for a property list`).
    /// - Throws: ``PropertyListReadError/unreadableFile(path:reason:)`` naming `displayPath ?? path`.
    public static func contents(
        ofFile path: String, displayPath: String? = nil, maximumSize: Int = maximumInputSize, kind: String = "a property list"
    ) throws(PropertyListReadError) -> Data {
        do throws(FileUnreadableReason) {
            return try BoundedFile.contents(ofFile: path, maximumSize: maximumSize, kind: kind)
        } catch {
            throw .unreadableFile(path: displayPath ?? path, reason: error)
        }
    }

    /// Standard input, read up to `maximumSize` bytes: more is refused rather than read without end.
    /// - Throws: ``PropertyListReadError/unreadableFile(path:reason:)`` naming `displayPath`.
    public static func contentsOfStandardInput(
        displayPath: String = "-", maximumSize: Int = maximumInputSize
    ) throws(PropertyListReadError) -> Data {
        do throws(FileUnreadableReason) {
            return try BoundedFile.contents(ofDescriptor: 0, maximumSize: maximumSize, what: "standard input", kind: "a property list")
        } catch {
            throw .unreadableFile(path: displayPath, reason: error)
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
}
