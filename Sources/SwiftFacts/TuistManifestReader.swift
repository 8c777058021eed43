import Diagnostics
import Foundation

/// Reads Tuist manifests statically, as ``PackageManifestReader`` reads `Package.swift`: SwiftParser's tree is
/// interpreted by the same bounded interpreter (ManifestInterpreter.swift), never compiled or run, with the
/// declarations of `Tuist/ProjectDescriptionHelpers/*.swift` (functions, static functions and extensions with
/// parameters and default arguments, constants, enums with their cases). Besides what a package manifest
/// follows, it decides conditions whose value is known (`isDistribution ? … : …` with the parameter bound,
/// `if flag { … }`, `switch self`), evaluates dictionary and Bool literals, `merging`, key paths in `map(\.x)`,
/// and ProjectDescription's `SettingsDictionary` builders. What it cannot follow is a located gap.
package enum TuistManifestReader {
    /// The largest manifest or helper file read.
    package static let maximumSize = PackageManifestReader.maximumSize
    /// The most helper files read with one manifest.
    package static let maximumHelperFiles = 64

    /// A file to read: its bytes and the path positions name.
    package struct File: Sendable {
        package var bytes: Data
        package var displayPath: String

        package init(bytes: Data, displayPath: String) {
            self.bytes = bytes
            self.displayPath = displayPath
        }

        /// The file at `path`, read as the audit reads Swift files (no FIFO, device or oversized file).
        package static func read(_ path: String, displayPath: String) throws(TuistManifestError) -> File {
            do throws(SwiftSourceReader.Unreadable) {
                return File(bytes: try SwiftSourceReader.contents(ofFile: path, maximumSize: maximumSize), displayPath: displayPath)
            } catch {
                throw TuistManifestError(reason: "cannot read the manifest: \(error.reason)",
                                         position: SourceLocation(file: displayPath, line: 1, column: 1))
            }
        }
    }

    /// `Project.swift`: `manifest`, with `helpers`' declarations. `root` is the folder `.relativeToRoot` paths
    /// start from (the one holding `Tuist/`), as a repository path; the manifest's paths start from its folder.
    package static func readProject(_ manifest: File, helpers: [File] = [], root: String) throws(TuistManifestError) -> TuistManifest {
        try refuseUnparseable(manifest)
        // A helper that cannot be parsed is left out, and said where it is; so are those past the bound.
        var usable: [File] = []
        var refused: [PackageManifest.Gap] = []
        for helper in helpers.prefix(maximumHelperFiles) {
            do throws(TuistManifestError) {
                try refuseUnparseable(helper)
                usable.append(helper)
            } catch {
                refused.append(PackageManifest.Gap(what: "the helper file \(helper.displayPath): \(error.reason)", position: error.position))
            }
        }
        if helpers.count > maximumHelperFiles, let first = helpers.dropFirst(maximumHelperFiles).first {
            refused.append(PackageManifest.Gap(what: "the helper files after the first \(maximumHelperFiles): not read",
                                               position: SourceLocation(file: first.displayPath, line: 1, column: 1)))
        }
        #if SWIFT_FACTS_PARSER
        var project = try ManifestInterpreter.readTuistProject(manifest, helpers: usable, root: root)
        project.gaps = refused + project.gaps
        return project
        #else
        throw TuistManifestError(reason: SwiftParserUnavailable().description, position: SourceLocation(file: manifest.displayPath, line: 1, column: 1))
        #endif
    }

    /// `Workspace.swift`, with `helpers`' declarations.
    package static func readWorkspace(_ manifest: File, helpers: [File] = []) throws(TuistManifestError) -> TuistWorkspace {
        try refuseUnparseable(manifest)
        let usable = helpers.prefix(maximumHelperFiles).filter { (try? refuseUnparseable($0)) != nil }
        #if SWIFT_FACTS_PARSER
        return try ManifestInterpreter.readTuistWorkspace(manifest, helpers: Array(usable))
        #else
        throw TuistManifestError(reason: SwiftParserUnavailable().description, position: SourceLocation(file: manifest.displayPath, line: 1, column: 1))
        #endif
    }

    /// What SwiftSourceReader refuses for a Swift file: not UTF-8, or a run of `[` SwiftParser takes
    /// exponential time on.
    static func refuseUnparseable(_ file: File) throws(TuistManifestError) {
        let refusal: TuistManifestError? = file.bytes.withUnsafeBytes { bytes in
            if let offset = SwiftSourceReader.firstInvalidUTF8(bytes) {
                return TuistManifestError(reason: "not UTF-8 text (invalid byte at offset \(offset)): not parsed",
                                          position: SourceLocation(file: file.displayPath, line: 1, column: 1))
            }
            if let (run, line) = SwiftSourceReader.longestBracketRun(bytes), run > SwiftSourceReader.maximumBracketRun {
                return TuistManifestError(reason: "\(run) '[' in a row, on which SwiftParser takes time exponential in their number: not parsed",
                                          position: SourceLocation(file: file.displayPath, line: line, column: 1))
            }
            return nil
        }
        if let refusal { throw refusal }
    }

    /// `folder/path` with `.` and `..` segments resolved (a path that climbs above the repository keeps its `..`).
    static func join(_ folder: String, _ path: String) -> String {
        let written = path.hasPrefix("/") ? path : (folder.isEmpty || folder == "." ? path : folder + "/" + path)
        var parts: [Substring] = []
        for part in written.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// The folder of a repository path (`.` for a file at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}
