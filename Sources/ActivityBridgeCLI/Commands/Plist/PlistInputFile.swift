import Foundation
import PropertyList

/// Reads the property list a `plist` subcommand names: a path (relative to the command's
/// directory) or `-` for standard input. Diagnostics name the file as the user typed it.
enum PlistInputFile {
    static let standardInputName = "-"

    static func read(_ path: String, context: CommandContext) throws(PropertyListReadError) -> PropertyListDocument {
        let data: Data
        if path == standardInputName {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            let resolved = context.resolve(path)
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: resolved), options: .mappedIfSafe)
            } catch {
                throw .unreadableFile(path: path, reason: reason(for: resolved))
            }
        }
        return try PropertyListReader().read(data, file: path == standardInputName ? "<stdin>" : path)
    }

    /// Why `path` could not be read, in a few words.
    private static func reason(for path: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "no such file" }
        return isDirectory.boolValue ? "is a directory" : "permission denied"
    }

    /// Writes each diagnostic as a `PATH:LINE:COLUMN: severity: message [rule]` line.
    static func report(_ diagnostics: [Diagnostic], to output: CommandOutput) {
        guard !diagnostics.isEmpty else { return }
        output.write(diagnostics.map { $0.description + "\n" }.joined())
    }
}
