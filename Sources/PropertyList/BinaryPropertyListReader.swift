import Diagnostics
import Foundation

/// Reads binary property lists (`bplist00`, and any `bplist0?` header version, as Apple does).
///
/// Every offset, count and reference in the file is checked before use, so no input traps or
/// reads outside the data; malformed input is a `plist-syntax` diagnostic on line 1 whose column
/// is the byte offset + 1 and whose message says "at byte N" (N counted from 0).
///
/// Choices where property-list readers differ:
/// - sets (markers `0xB_`/`0xC_`) and null are rejected: they are not property-list values and
///   neither Apple nor plistlib writes them;
/// - 16-byte integers are signed 128-bit and must fit `Int64.min...UInt64.max` (what Apple writes
///   for values above `Int64.max`);
/// - dates must be finite and within years 0–9999, the range XML and JSON dates can express;
/// - a dictionary that repeats a key keeps the last value and adds a `duplicate-key` warning;
/// - shared references are fine, cycles and nesting beyond `maximumDepth` are errors.
struct BinaryPropertyListReader {
    var options: PropertyListReader.Options

    /// `bplist0` and any version byte: Apple reads `bplist00` and accepts the later `bplist0?`
    /// versions' header with the same layout.
    static func hasMagic(_ data: Data) -> Bool { data.count >= 8 && data.starts(with: Array("bplist0".utf8)) }

    func read(_ data: Data, file: String) throws(PropertyListReadError) -> PropertyListDocument {
        let maximumDepth = options.maximumDepth
        let outcome = data.withUnsafeBytes { bytes -> Result<(PropertyListValue, [(key: String, offset: Int)]), BinaryPropertyListError> in
            do throws(BinaryPropertyListError) {
                var parser = try BinaryPropertyListParser(bytes, maximumDepth: maximumDepth)
                let root = try parser.parse()
                return .success((root, parser.duplicateKeys))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case let .success((root, duplicates)):
            let warnings = duplicates.map { duplicate in
                Diagnostic(
                    .duplicateKey,
                    "duplicate key '\(duplicate.key)' in the dictionary at byte \(duplicate.offset); the last value is kept",
                    at: SourceLocation(file: file, line: 1, column: duplicate.offset + 1))
            }
            return PropertyListDocument(root: root, format: .binary, diagnostics: warnings)
        case let .failure(error):
            let diagnostic = Diagnostic(
                .plistSyntax, "invalid binary property list: \(error.message) at byte \(error.offset)",
                at: SourceLocation(file: file, line: 1, column: error.offset + 1))
            throw .invalid(diagnostic, warnings: [])
        }
    }
}
