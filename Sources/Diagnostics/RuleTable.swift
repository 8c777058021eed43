/// The rule tables of the DocC articles, generated from the rules' descriptions rather than typed by hand: each
/// table stands between `<!-- rule-table NAME -->` and `<!-- end rule-table -->` in its article, and a test
/// (RuleTableTests) fails when the checked-in table differs from ``markdown(_:)`` of the rules.
public enum RuleTable {
    /// `| Rule id | Severity | Fires when |`, one row per rule, the rationale as the last column.
    public static func markdown(_ rules: [RuleDescription]) -> String {
        var lines = ["| Rule id | Severity | Fires when |", "| --- | --- | --- |"]
        for rule in rules {
            let cell = rule.rationale.replacingPipes()
            lines.append("| `\(rule.id.rawValue)` | \(rule.severity.rawValue) | \(cell) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The opening comment of table `name`.
    public static func startMarker(_ name: String) -> String { "<!-- rule-table \(name) -->" }
    public static let endMarker = "<!-- end rule-table -->"

    /// `document` with the table between the markers of `name` replaced by `table`; nil when the markers are missing.
    public static func replacing(_ name: String, in document: String, with table: String) -> String? {
        let start = startMarker(name)
        guard let open = document.firstRange(of: start),
              let close = document[open.upperBound...].firstRange(of: endMarker) else { return nil }
        return String(document[..<open.upperBound]) + "\n" + table + String(document[close.lowerBound...])
    }
}

extension String {
    /// `|` escaped for a Markdown table cell.
    fileprivate func replacingPipes() -> String {
        var result = ""
        for character in self {
            if character == "|" { result += "\\|" } else { result.append(character) }
        }
        return result
    }
}
