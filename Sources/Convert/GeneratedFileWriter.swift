import Foundation

/// Writes a conversion's files into a folder all or nothing, and never over a file the converter did not write:
/// an existing file is replaced only when it carries the converter's marker (``isGenerated(_:path:)``).
package struct GeneratedFileWriter: Sendable {
    /// The marker of a property list (the bridge manifest): an XML comment on the line after the XML declaration,
    /// which must stay first (a plist cannot start with `//`); BridgeManifestDraft's writer carries comments.
    package static let propertyListHeaderPrefix = "<!-- " + AppIntentGenerator.headerPrefix.dropFirst(3)

    /// Whether `text`, the contents of the file at `path`, was written by the converter: a Swift file's first line
    /// starts with ``AppIntentGenerator/headerPrefix``; a `.plist`'s second line with ``propertyListHeaderPrefix``.
    package static func isGenerated(_ text: String, path: String) -> Bool {
        guard path.hasSuffix(".plist") else { return text.hasPrefix(AppIntentGenerator.headerPrefix) }
        let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        return lines.count > 1 && lines[0].hasPrefix("<?xml") && lines[1].hasPrefix(propertyListHeaderPrefix)
    }

    package enum Change: String, Sendable {
        case create, replace, unchanged
    }

    package struct PlannedFile: Sendable {
        /// Relative to the folder.
        package var path: String
        package var contents: String
        package var change: Change
        /// The file's text now (for a dry run's diff); nil when it does not exist.
        package var current: String?
    }

    package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Files that exist and were not written by the converter (or a folder is in the way): nothing is written.
        case clash([String])
        case cannotWrite(String, reason: String)

        package var description: String {
            switch self {
            case let .clash(paths):
                "not overwriting \(paths.map { "'\($0)'" }.joined(separator: ", ")): not written by activity-bridge convert (its first line is not '\(AppIntentGenerator.headerPrefix) …', nor a property list's second '\(GeneratedFileWriter.propertyListHeaderPrefix) …'); nothing was written"
            case let .cannotWrite(path, reason): "cannot write '\(path)': \(reason); nothing was written"
            }
        }
    }

    /// The folder, as a file-system path, and as it is shown in messages.
    package var folder: String
    package var shownFolder: String

    package init(folder: String, shownFolder: String) {
        self.folder = folder
        self.shownFolder = shownFolder
    }

    private func shown(_ path: String) -> String { (shownFolder as NSString).appendingPathComponent(path) }

    /// What writing `files` would do; a clash with a file of someone else's is a failure, before anything is written.
    package func plan(_ files: [(path: String, contents: String)]) throws(Failure) -> [PlannedFile] {
        var planned: [PlannedFile] = []
        var clashes: [String] = []
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file.path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                // A file where one of its folders should be is someone else's too.
                var parent = (file.path as NSString).deletingLastPathComponent
                while !parent.isEmpty {
                    var parentIsDirectory: ObjCBool = false
                    if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(parent), isDirectory: &parentIsDirectory),
                       !parentIsDirectory.boolValue {
                        clashes.append(shown(parent))
                        break
                    }
                    parent = (parent as NSString).deletingLastPathComponent
                }
                planned.append(PlannedFile(path: file.path, contents: file.contents, change: .create, current: nil))
                continue
            }
            guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path),
                  let current = String(data: data, encoding: .utf8),
                  Self.isGenerated(current, path: file.path) else {
                clashes.append(shown(file.path))
                continue
            }
            planned.append(PlannedFile(path: file.path, contents: file.contents, change: current == file.contents ? .unchanged : .replace,
                                       current: current))
        }
        if !clashes.isEmpty { throw .clash(Array(Set(clashes)).sorted()) }
        return planned
    }

    /// Writes every changed file: each first to a temporary file beside it, and only when all are written are
    /// they renamed into place; a failure before that removes the temporary files and leaves the folder as it was.
    package func write(_ planned: [PlannedFile]) throws(Failure) {
        var staged: [(temporary: String, final: String)] = []
        func discard() { for file in staged { try? FileManager.default.removeItem(atPath: file.temporary) } }
        for file in planned where file.change != .unchanged {
            let final = (folder as NSString).appendingPathComponent(file.path)
            let directory = (final as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                discard()
                throw .cannotWrite(shown((file.path as NSString).deletingLastPathComponent), reason: Self.reason(error))
            }
            let temporary = (directory as NSString).appendingPathComponent(
                ".\((final as NSString).lastPathComponent).convert-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            guard FileManager.default.createFile(atPath: temporary, contents: Data(file.contents.utf8)) else {
                discard()
                throw .cannotWrite(shown(file.path), reason: String(cString: strerror(errno)))
            }
            staged.append((temporary, final))
        }
        for (index, file) in staged.enumerated() where rename(file.temporary, file.final) != 0 {
            let reason = String(cString: strerror(errno))
            for rest in staged[index...] { try? FileManager.default.removeItem(atPath: rest.temporary) }
            throw .cannotWrite(file.final, reason: reason)
        }
    }

    private static func reason(_ error: any Error) -> String {
        let error = error as NSError
        return (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription ?? error.localizedDescription
    }
}

/// A line diff for `--dry-run`: every line of the new text, `+` for added, `-` for removed, ` ` for kept
/// (longest common subsequence; the files are small).
package enum LineDiff {
    package static func render(old: String?, new: String, oldName: String, newName: String) -> String {
        let before = old.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
        let after = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let text = "--- \(old == nil ? "/dev/null" : oldName)\n+++ \(newName)\n"
        let n = before.count, m = after.count
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = before[i] == after[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var i = 0, j = 0
        var lines: [String] = []
        while i < n || j < m {
            if i < n, j < m, before[i] == after[j] {
                lines.append(" " + after[j]); i += 1; j += 1
            } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
                // Removed lines before the added ones that replace them, as diff -u shows them.
                lines.append("-" + before[i]); i += 1
            } else {
                lines.append("+" + after[j]); j += 1
            }
        }
        // The final newline makes an empty last element: not a line.
        if lines.last == " " || lines.last == "+" { lines.removeLast() }
        return text + lines.joined(separator: "\n") + "\n"
    }
}
