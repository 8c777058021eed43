import Diagnostics

// The readable text report (issue 26, "findings first"): a reader of a CI log looks for what is wrong and stops
// reading, so what is wrong comes first and the notes that only inform are folded. The machine formats (JSON,
// SARIF, GitHub, JUnit) keep every finding; this layout decides the text alone.

/// The order and folding of `audit`'s text report: errors, then warnings, each with its own related notes
/// (``Diagnostic/notes``, the "created here" kind) indented under it; then the standalone notes, one line per
/// rule with a count and one example (a rule with a single note shows that note); then the summary: a line per
/// target (those without errors or warnings folded into one, when there are several) and the whole audit's
/// line last. ``Notes-swift.enum/listed`` (`--notes`) lists every finding and every target's line in report
/// order instead, as the report did before.
package struct AuditTextLayout: Sendable {
    package enum Notes: Sendable { case folded, listed }

    /// Several notes of one rule, shown as one line.
    package struct NoteFold: Hashable, Sendable {
        package var rule: Diagnostic.Rule
        package var count: Int
        package var example: Diagnostic
    }

    package var notes: Notes
    package var style: TerminalStyle

    package init(notes: Notes = .folded, style: TerminalStyle = .plain) {
        self.notes = notes
        self.style = style
    }

    /// The related notes of a finding listed first sit under it, indented: its own explanation, not a finding.
    static let relatedIndent = "  "

    /// Errors, then warnings, each in report order (project, target, file order), with their targets.
    package static func findings(_ report: AuditReport) -> [(diagnostic: Diagnostic, target: String?)] {
        let all = report.diagnostics
        return all.filter { $0.diagnostic.severity == .error } + all.filter { $0.diagnostic.severity == .warning }
    }

    /// The standalone notes by rule: the most frequent rule first (then by rule id), each with its first note.
    package static func noteFolds(_ report: AuditReport) -> [NoteFold] {
        var folds: [Diagnostic.Rule: NoteFold] = [:]
        for (diagnostic, _) in report.diagnostics where diagnostic.severity == .note {
            folds[diagnostic.rule, default: NoteFold(rule: diagnostic.rule, count: 0, example: diagnostic)].count += 1
        }
        return folds.values.sorted { ($1.count, $0.rule.rawValue) < ($0.count, $1.rule.rawValue) }
    }

    /// The report's text. `written`: the app model files written (`--emit-app-model`), said before the summary.
    package func render(_ report: AuditReport, written: [String] = []) -> String {
        var text = ""
        switch notes {
        case .listed:
            for (diagnostic, _) in report.diagnostics { text += diagnostic.textLines(style: style) }
        case .folded:
            for (diagnostic, _) in Self.findings(report) { text += diagnostic.textLines(style: style, relatedIndent: Self.relatedIndent) }
            for fold in Self.noteFolds(report) {
                text += fold.count == 1 ? fold.example.textLines(style: style, relatedIndent: Self.relatedIndent)
                    : style.dim(Self.foldedLine(fold)) + "\n"
            }
        }
        text += written.map { "app model written: \($0)\n" }.joined()
        let summary = notes == .listed ? report.summaryLines : Self.foldingQuietTargets(report)
        for (index, line) in summary.enumerated() {
            text += (index == summary.count - 1 ? style.bold(line) : line) + "\n"
        }
        return text
    }

    /// How many targets without errors or warnings a folded line names before `…`.
    static let quietTargetsNamed = 6

    /// ``AuditReport/summaryLines`` with the lines of targets that have no error or warning (a repository's
    /// sample apps, a widget with a note) folded into one naming them, when there are two or more of them:
    /// otherwise a repository of many targets pushes its findings off the screen with lines that say all is well.
    static func foldingQuietTargets(_ report: AuditReport) -> [String] {
        let targets = report.targetSummaries
        let quiet = targets.filter { $0.counts.errors == 0 && $0.counts.warnings == 0 }
        guard targets.count > 1, quiet.count > 1 else { return report.summaryLines }
        var names = quiet.prefix(quietTargetsNamed).map(\.name).joined(separator: ", ")
        if quiet.count > quietTargetsNamed { names += ", …" }
        let notes = quiet.reduce(0) { $0 + $1.counts.notes }
        return targets.filter { !($0.counts.errors == 0 && $0.counts.warnings == 0) }.map(\.line)
            + ["\(DiagnosticCounts.counted(quiet.count, "target")) without errors or warnings (\(names)): "
               + "\(DiagnosticCounts.counted(notes, "note")) — --notes for their lines"]
            + report.summaryLines.suffix(1)
    }

    /// `23 notes build-setting-undefined (e.g. $(APP_VERSION) in App/Info.plist:22) — --notes to list them`.
    static func foldedLine(_ fold: NoteFold) -> String {
        "\(DiagnosticCounts.counted(fold.count, "note")) \(fold.rule.rawValue) (e.g. \(example(fold.example))) — --notes to list them"
    }

    /// What one note is about, short: the first name it quotes (`'$(APP_VERSION)'`, `'https://…/Alamofire'`)
    /// and where, or only where when it quotes nothing.
    static func example(_ note: Diagnostic) -> String {
        let place = "\(note.location.file):\(note.location.line)"
        let parts = note.message.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[1].isEmpty else { return place }
        return "\(parts[1]) in \(place)"
    }
}

extension AuditReport {
    /// The findings-first text report (``AuditTextLayout``), plain.
    package var text: String { AuditTextLayout().render(self) }

    /// One line per target checked (`PROJECT: TARGET (CONFIGURATION, WHY): facts: counts`), then the whole
    /// audit's (`audit: P projects, T targets: counts`) unless the one target's line already says it (the last
    /// line always counts every finding); with no target, one line saying nothing was checked.
    package var summaryLines: [String] {
        var lines = targetSummaries.map(\.line)
        if lines.isEmpty {
            lines.append("\(DiagnosticCounts.counted(projects.count, "project")), no app targets checked: \(counts.text)")
        } else if lines.count > 1 || DiagnosticCounts(projects.flatMap(\.targets).flatMap(\.diagnostics)) != counts {
            lines.append(totalLine)
        }
        return lines
    }

    /// Each target checked, with its counts and its summary line
    /// (`PROJECT: TARGET (CONFIGURATION, WHY): N Swift files, …: E errors, W warnings, N notes`).
    package var targetSummaries: [(name: String, counts: DiagnosticCounts, line: String)] {
        projects.flatMap { project in
            project.targets.map { target in
                let counts = DiagnosticCounts(target.diagnostics)
                let configuration = target.configuration.isEmpty ? project.configuration : target.configuration
                let source = target.configuration.isEmpty ? project.configurationSource : target.configurationSource
                let line = "\(project.path): \(target.name) (\(configuration)\(source.isEmpty ? "" : ", " + source)): "
                    + "\(DiagnosticCounts.counted(target.swiftFiles, "Swift file")), "
                    + "\(target.declared.count) declared, \(target.created.count) created, \(target.handled.count) handled activity types, "
                    + (target.unresolvedSites > 0 ? "\(target.unresolvedSites) not followed, " : "")
                    + "\(DiagnosticCounts.counted(target.appIntents.count, "App Intent")), "
                    + "\(DiagnosticCounts.counted(target.appShortcuts.count, "App Shortcut")): \(counts.text)"
                return (target.name, counts, line)
            }
        }
    }

    /// `audit: P projects, T targets: E errors, W warnings, N notes`: every finding counted, folded or not.
    package var totalLine: String {
        let targets = projects.reduce(0) { $0 + $1.targets.count }
        return "audit: \(DiagnosticCounts.counted(projects.count, "project")), \(DiagnosticCounts.counted(targets, "target")): \(counts.text)"
    }
}
