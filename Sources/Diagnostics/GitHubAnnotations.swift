/// Findings as GitHub Actions workflow commands, the `--format github` of every checking command: each
/// finding is one `::error`, `::warning` or `::notice` line (a note is a notice) that the runner turns
/// into an annotation on the file and line of a pull request's diff.
///
/// ```text
/// ::error file=App/Info.plist,line=12,col=5,title=activity-type-undeclared::'com.example.open' is …
/// ```
///
/// `title` is the rule id. A finding's related notes are further lines of its message, as the text
/// format prints them (`PATH:LINE:COLUMN: note: …`). Values are escaped as the runner reads them: in the
/// message `%`, CR and LF become `%25`, `%0D`, `%0A`; in properties `:` and `,` also become `%3A`, `%2C`.
/// A location without a line (0) gives no `line`/`col`, an empty path no `file`.
///
/// GitHub resolves `file` against the repository root; the caller passes the function that turns a
/// finding's path (as the command shows it) into that (the CLI finds the enclosing `.git`).
public struct GitHubAnnotations: Sendable {
    public var diagnostics: [Diagnostic]
    /// A finding's (or note's) path as the command shows it -> the path relative to the repository root.
    public var repositoryPath: @Sendable (String) -> String

    public init(_ diagnostics: [Diagnostic], repositoryPath: @escaping @Sendable (String) -> String = { $0 }) {
        self.diagnostics = diagnostics
        self.repositoryPath = repositoryPath
    }

    /// One workflow command per finding, each ending in a newline.
    public var text: String { diagnostics.map { command(for: $0) + "\n" }.joined() }

    /// The workflow command's name for a severity.
    public static func commandName(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// `::error file=…,line=…,col=…,title=rule::message`, without a newline.
    public func command(for diagnostic: Diagnostic) -> String {
        var properties: [(String, String)] = []
        let file = diagnostic.location.file.isEmpty ? "" : repositoryPath(diagnostic.location.file)
        if !file.isEmpty { properties.append(("file", file)) }
        if diagnostic.location.line > 0 {
            properties.append(("line", String(diagnostic.location.line)))
            if diagnostic.location.column > 0 { properties.append(("col", String(diagnostic.location.column))) }
        }
        properties.append(("title", diagnostic.rule.rawValue))
        var message = diagnostic.message
        for note in diagnostic.notes {
            var location = note.location
            location.file = location.file.isEmpty ? "" : repositoryPath(location.file)
            message += "\n\(location): note: \(note.message)"
        }
        let listed = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(Self.commandName(diagnostic.severity)) \(listed)::\(Self.escapeData(message))"
    }

    /// A workflow command's message: `%` -> `%25`, CR -> `%0D`, LF -> `%0A`.
    public static func escapeData(_ text: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A property value: as ``escapeData(_:)``, and `:` -> `%3A`, `,` -> `%2C` (they separate properties).
    public static func escapeProperty(_ text: String) -> String {
        var escaped = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": escaped += "%3A"
            case ",": escaped += "%2C"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
