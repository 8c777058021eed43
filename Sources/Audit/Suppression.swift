import Foundation
import BuildSettings
import Diagnostics
import XcodeProject

/// `// activity-bridge:ignore RULE [RULE…]` in Swift, Objective-C (`.m`, `.mm`, and the `.h` headers whose
/// sites are read) — also as `/* activity-bridge:ignore RULE */` — on the finding's line or the line above,
/// drops the finding (rules separated by spaces or commas).
enum Suppression {
    static let marker = "activity-bridge:ignore"
    /// The files whose findings a comment can drop: Swift and Objective-C sources.
    static let commentedExtensions = [".swift", ".m", ".mm", ".h"]

    static func apply(_ diagnostics: [Diagnostic], files: ProjectFiles) -> [Diagnostic] {
        var lines: [String: [Substring]] = [:]
        return diagnostics.filter { diagnostic in
            let file = diagnostic.location.file
            // A file that could not be read (a 100 MB one, a FIFO) is not read again for its comments.
            guard commentedExtensions.contains(where: file.hasSuffix), diagnostic.rule != .auditFileUnreadable else { return true }
            if lines[file] == nil {
                let text = files.contents(of: file).map { String(decoding: $0, as: UTF8.self) } ?? ""
                lines[file] = text.split(separator: "\n", omittingEmptySubsequences: false)
            }
            let fileLines = lines[file] ?? []
            let line = diagnostic.location.line
            for number in [line, line - 1] where number >= 1 && number <= fileLines.count {
                if ignoredRules(in: fileLines[number - 1]).contains(diagnostic.rule.rawValue) { return false }
            }
            return true
        }
    }

    /// The rule ids a line's `// activity-bridge:ignore` (or `/* activity-bridge:ignore … */`) comment names.
    static func ignoredRules(in line: Substring) -> Set<String> {
        let comment = [line.range(of: "//"), line.range(of: "/*")].compactMap { $0 }.min { $0.lowerBound < $1.lowerBound }
        guard let comment, let marker = line[comment.upperBound...].range(of: marker) else { return [] }
        var rest = line[marker.upperBound...]
        if line[comment] == "/*", let end = rest.range(of: "*/") { rest = rest[..<end.lowerBound] }
        return Set(rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\r" }).map(String.init))
    }
}
