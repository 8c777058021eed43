import Foundation
import Diagnostics
import PropertyList

/// The one load-and-parse path of the documents a user names and the bridge reads with locations: bridge
/// manifests and app models. Loading throws the reader's own `unreadable` error with the reason (never a
/// trap: whatever `PropertyListReader.contents(ofFile:)` throws becomes that error); parsing gives the
/// document or the diagnostics that say why it is no property list.
enum ManifestDocumentInput {
    /// The bytes of the file at `path`, or `unreadable(displayPath, reason)` thrown.
    static func contents<Failure: Error>(
        ofFile path: String, displayPath: String, unreadable: (_ path: String, _ reason: String) -> Failure
    ) throws(Failure) -> Data {
        do throws(PropertyListReadError) {
            return try PropertyListReader.contents(ofFile: path, displayPath: displayPath)
        } catch {
            guard case let .unreadableFile(_, reason) = error else { throw unreadable(displayPath, error.description) }
            throw unreadable(displayPath, "\(reason)")
        }
    }

    /// The property list in `data` with the location of every value; nil and its diagnostics when it is none
    /// (a `plist-syntax` error at the start of `file` when the reader gave no diagnostic).
    static func document(_ data: Data, file: String) -> (document: PropertyListDocument?, diagnostics: [Diagnostic]) {
        do throws(PropertyListReadError) {
            return (try PropertyListReader(options: .init(recordLocations: true)).read(data, file: file), [])
        } catch {
            return (nil, error.diagnostics.isEmpty
                ? [Diagnostic(.plistSyntax, error.description, at: SourceLocation(file: file, line: 1, column: 1))]
                : error.diagnostics)
        }
    }
}
