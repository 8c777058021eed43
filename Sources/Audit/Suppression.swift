import Foundation
import BuildSettings
import Diagnostics
import XcodeProject

/// `// activity-bridge:ignore RULE [RULE…]` in Swift, on the finding's line or the line above, drops the
/// finding (rules separated by spaces or commas).
enum Suppression {
    static let marker = "activity-bridge:ignore"

    static func apply(_ diagnostics: [Diagnostic], files: ProjectFiles) -> [Diagnostic] {
        var lines: [String: [Substring]] = [:]
        return diagnostics.filter { diagnostic in
            let file = diagnostic.location.file
            // A file that could not be read (a 100 MB one, a FIFO) is not read again for its comments.
            guard file.hasSuffix(".swift"), diagnostic.rule != .auditFileUnreadable else { return true }
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

    /// The rule ids a line's `// activity-bridge:ignore` comment names.
    static func ignoredRules(in line: Substring) -> Set<String> {
        guard let comment = line.range(of: "//"), let marker = line[comment.upperBound...].range(of: marker) else { return [] }
        let rest = line[marker.upperBound...]
        return Set(rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\r" }).map(String.init))
    }
}
