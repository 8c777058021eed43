import Diagnostics
import Foundation

/// Reads a `Package.swift` statically: SwiftParser's tree of the manifest is interpreted as far as plain
/// values go (ManifestInterpreter.swift), never compiled or run. It follows what manifests are made of:
/// `Package(name:products:dependencies:targets:)`, `.library`/`.executable` products, `.target`,
/// `.executableTarget`, `.testTarget`, `.macro`, `.plugin` targets with `dependencies:`, `path:`, `exclude:`,
/// `sources:`; string and array constants (`let`, `var`, computed `var`s and functions of the manifest, static
/// members of its own extensions), `+` and `+=` of arrays, `append`/`append(contentsOf:)`, `map` with a
/// closure, string interpolation, and `package.targets.append(…)` / `+=` after the `Package(…)`. `if`, `#if`
/// and `for` bodies are all followed (the manifest's conditions are not evaluated: every branch counts). What it
/// cannot follow becomes a ``PackageManifest/Gap``.
package enum PackageManifestReader {
    /// The largest manifest read (SwiftPM's own manifests of large packages are under 100 KB).
    package static let maximumSize = 1 << 20

    /// The manifest in `bytes`; `file` is the path positions name.
    package static func read(_ bytes: UnsafeRawBufferPointer, file: String) throws(PackageManifestError) -> PackageManifest {
        // What SwiftSourceReader refuses for a Swift file is refused here too, for bytes that did not come through
        // it: not UTF-8, or a run of `[` SwiftParser takes exponential time on.
        if let offset = SwiftSourceReader.firstInvalidUTF8(bytes) {
            throw PackageManifestError(reason: "not UTF-8 text (invalid byte at offset \(offset)): not parsed",
                                       position: SourceLocation(file: file, line: 1, column: 1))
        }
        if let (run, line) = SwiftSourceReader.longestBracketRun(bytes), run > SwiftSourceReader.maximumBracketRun {
            throw PackageManifestError(reason: "\(run) '[' in a row, on which SwiftParser takes time exponential in their number: not parsed",
                                       position: SourceLocation(file: file, line: line, column: 1))
        }
        #if SWIFT_FACTS_PARSER
        return try ManifestInterpreter.read(bytes, file: file)
        #else
        throw PackageManifestError(reason: SwiftParserUnavailable().description, position: SourceLocation(file: file, line: 1, column: 1))
        #endif
    }

    /// The manifest at `path` (read as the audit reads Swift files: no FIFO, device or oversized file), its
    /// positions naming `displayPath`.
    package static func read(contentsOf path: String, displayPath: String) throws(PackageManifestError) -> PackageManifest {
        let start = SourceLocation(file: displayPath, line: 1, column: 1)
        let data: Data
        do throws(SwiftSourceReader.Unreadable) {
            data = try SwiftSourceReader.contents(ofFile: path, maximumSize: maximumSize)
        } catch {
            throw PackageManifestError(reason: "cannot read the manifest: \(error.reason)", position: start)
        }
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(PackageManifestError) in try read(bytes, file: displayPath) }
        }
        return try result.get()
    }
}
