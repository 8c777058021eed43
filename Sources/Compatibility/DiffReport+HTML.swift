import Diagnostics

// `diff --format html`: one self-contained page (inline CSS, no script, nothing fetched): the findings, each
// at its BASE place with its HEAD-side notes, then per target what each side offers users. Every text of the
// repositories goes through `escaped`.

extension DiffReport {
    package func html() -> String {
        var page = ""
        func line(_ text: String) { page += text + "\n" }
        let title = "What \(head.name) takes away from \(base.name)"
        line("<!DOCTYPE html>")
        line("<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        line("<title>\(Self.escaped(title))</title>")
        line("<style>body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;color:#1d1d1f}"
             + "table{border-collapse:collapse;width:100%;margin:.3rem 0 .8rem;font-size:.9rem}"
             + "th,td{border:1px solid #d2d2d7;padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#f5f5f7}"
             + "code{font:.85em ui-monospace,monospace;overflow-wrap:anywhere}.error td.severity{color:#c9190b;font-weight:600}"
             + ".warning td.severity{color:#b35900;font-weight:600}.note td.severity{color:#6e6e73}.muted{color:#6e6e73}"
             + ".summary{background:#f5f5f7;border-radius:8px;padding:.6rem .9rem}</style></head><body>")
        line("<h1>\(Self.escaped(title))</h1>")
        let describe: (DiffSideDescription) -> String = { side in
            "<code>\(Self.escaped(side.name))</code> (\(Self.escaped(side.kind))\(side.commit.map { ", <code>\(Self.escaped(String($0.prefix(12))))</code>" } ?? ""))"
        }
        line("<p class=\"summary\">BASE \(describe(base)) → HEAD \(describe(head)): \(Self.escaped(counts.text)).</p>")
        line("<h2>Findings</h2>")
        if findings.isEmpty {
            line("<p>Nothing users built on is taken away.</p>")
        } else {
            line("<table><tr><th>Severity</th><th>Where</th><th>What</th><th>Rule</th></tr>")
            for finding in findings {
                let diagnostic = finding.diagnostic
                var what = Self.escaped(diagnostic.message)
                for (note, noteSide) in zip(diagnostic.notes, finding.noteSides) {
                    what += "<br><span class=\"muted\">\(noteSide == .head ? "HEAD" : "BASE") <code>\(Self.escaped(note.location.description))</code>: "
                        + "\(Self.escaped(note.message))</span>"
                }
                line("<tr class=\"\(diagnostic.severity.rawValue)\"><td class=\"severity\">\(diagnostic.severity.rawValue)</td>"
                     + "<td><code>\(Self.escaped(side(finding.side).textPrefix + diagnostic.location.description))</code><br>"
                     + "<span class=\"muted\">\(Self.escaped(finding.target))</span></td><td>\(what)</td>"
                     + "<td><code>\(Self.escaped(diagnostic.rule.rawValue))</code></td></tr>")
            }
            line("</table>")
        }
        line("<h2>Targets</h2>")
        line("<table><tr><th>Target</th><th>Side</th><th>Activity types</th><th>Custom intents</th><th>App Intents</th><th>App Enums</th><th>App Shortcuts</th></tr>")
        for pair in targets {
            for (name, target) in [("BASE", pair.base), ("HEAD", pair.head)] {
                guard let target else {
                    line("<tr><td>\(Self.escaped(pair.name))</td><td>\(name)</td><td colspan=\"5\" class=\"muted\">not on this side</td></tr>")
                    continue
                }
                func list(_ items: [String]) -> String { items.isEmpty ? "<span class=\"muted\">none</span>" : items.map { "<code>\(Self.escaped($0))</code>" }.joined(separator: "<br>") }
                line("<tr><td>\(Self.escaped(pair.name))</td><td>\(name)</td>"
                     + "<td>\(list(target.activityTypes.filter { !$0.declared.isEmpty }.map(\.type)))</td>"
                     + "<td>\(list(target.customIntents.map(\.className)))</td>"
                     + "<td>\(list(target.appIntents.map { $0.name + ($0.intentClassName.map { " ← \($0)" } ?? "") }))</td>"
                     + "<td>\(list(target.appEnums.map { "\($0.name): \($0.cases.map(\.name).joined(separator: ", "))" }))</td>"
                     + "<td>\(list(target.appShortcuts.flatMap { shortcut in shortcut.phrases.map { "\(shortcut.intent): \($0.text)" } }))</td></tr>")
            }
        }
        line("</table>")
        line("</body></html>")
        return page
    }

    /// Text as HTML (`MarkupText`'s HTML dialect, as the audit page's).
    static func escaped(_ text: String) -> String {
        MarkupText.escaped(text, for: .html)
    }
}
