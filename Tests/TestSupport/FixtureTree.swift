import Diagnostics
import Foundation

/// A folder of fixture files for one test, written from `[path: marked text]` into a fresh temporary
/// directory (folders created as needed) and removed with everything in it when the last reference
/// goes. A file's text may carry ``MarkedText`` markers (`1️⃣`…): they are stripped before writing and
/// their places returned as ``location(_:in:)``, so an expected `FILE:LINE:COL` is never hand-counted.
///
/// The one fixture-tree helper of the tests: audit fixtures, Xcode project folders and the command
/// line's end-to-end repositories all write their files through it.
package final class FixtureTree: @unchecked Sendable {
    package let directory: TemporaryDirectory
    /// Each written file's text without its markers, and the markers' places, by relative path.
    package private(set) var files: [String: MarkedText] = [:]

    /// `purpose` starts the directory's name, so a leftover one says which tests made it.
    package init(_ files: [String: String] = [:], purpose: String = "fixture-tree") throws {
        directory = try TemporaryDirectory(purpose)
        for (path, text) in files { try write(text, to: path) }
    }

    package var url: URL { directory.url }
    /// The tree's root as a path, what the readers take.
    package var root: String { directory.url.path }

    /// The URL of `path` inside the tree (the file need not exist).
    package func url(_ path: String) -> URL { directory.url.appendingPathComponent(path) }

    /// Writes `text` (markers stripped) to `path`, creating its folders; returns the relative path.
    @discardableResult
    package func write(_ text: String, to path: String) throws -> String {
        files[path] = try Self.write(MarkedText(text), to: url(path))
        return path
    }

    /// Where `marker` stood in `file`, as the readers report it (the file named by its relative path).
    package func location(_ marker: String = "1️⃣", in file: String) -> SourceLocation? {
        files[file]?.position(marker).map { SourceLocation(file: file, line: $0.line, column: $0.column) }
    }

    /// `FILE:LINE:COL` of `marker` in `file` (a message naming what is missing when it is not there).
    package func at(_ file: String, _ marker: String = "1️⃣") -> String {
        guard files[file] != nil else { return "\(file): no such file" }
        return location(marker, in: file)?.description ?? "\(file): no marker \(marker)"
    }

    /// Runs `body` with the URL of a fresh tree of `files`, removed when `body` returns.
    package static func with<T>(_ files: [String: String], purpose: String = "fixture-tree", _ body: (URL) throws -> T) throws -> T {
        let tree = try FixtureTree(files, purpose: purpose)
        return try withExtendedLifetime(tree) { try body(tree.url) }
    }

    /// Writes `files` (`[path: marked text]`, markers stripped) under `directory`, creating folders,
    /// for a directory whose lifetime is the caller's; returns each file's marked text.
    @discardableResult
    package static func write(_ files: [String: String], into directory: URL) throws -> [String: MarkedText] {
        var written: [String: MarkedText] = [:]
        for (path, text) in files { written[path] = try write(MarkedText(text), to: directory.appendingPathComponent(path)) }
        return written
    }

    private static func write(_ file: MarkedText, to url: URL) throws -> MarkedText {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.data.write(to: url)
        return file
    }
}
