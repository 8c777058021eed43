/// How diagnostics' text is drawn: plain, or coloured with ANSI escapes the way clang and `swift build` colour
/// theirs on a terminal (the severity word bold, errors red, warnings yellow; notes dim). Whether to colour is
/// the caller's decision (a terminal, `NO_COLOR`, `--color`); this only draws.
public struct TerminalStyle: Hashable, Sendable {
    public var colors: Bool

    public init(colors: Bool) { self.colors = colors }

    public static let plain = TerminalStyle(colors: false)
    public static let colored = TerminalStyle(colors: true)

    private static let reset = "\u{1B}[0m"

    /// `error:` bold red, `warning:` bold yellow, `note:` as it is (a note's whole line is ``dim(_:)``).
    public func label(_ severity: Diagnostic.Severity) -> String {
        let word = severity.rawValue + ":"
        guard colors else { return word }
        switch severity {
        case .error: return "\u{1B}[1;31m" + word + Self.reset
        case .warning: return "\u{1B}[1;33m" + word + Self.reset
        case .note: return word
        }
    }

    /// Text of lesser weight: notes, the hints beside them.
    public func dim(_ text: String) -> String { colors ? "\u{1B}[2m" + text + Self.reset : text }

    /// Text that stands out: the summary of a run.
    public func bold(_ text: String) -> String { colors ? "\u{1B}[1m" + text + Self.reset : text }
}

extension Diagnostic {
    /// ``textLines`` drawn in `style`, each related note prefixed by `relatedIndent` (a report that lists
    /// findings first indents a finding's own notes under it).
    public func textLines(style: TerminalStyle, relatedIndent: String = "") -> String {
        let line = "\(location): \(style.label(severity)) \(message) [\(rule.rawValue)]"
        var text = (severity == .note ? style.dim(line) : line) + "\n"
        for note in notes { text += relatedIndent + style.dim(note.description) + "\n" }
        return text
    }
}
