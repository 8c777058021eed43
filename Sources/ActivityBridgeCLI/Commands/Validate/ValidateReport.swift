import ActivityKit
import Diagnostics
import PropertyList

/// The results of one `validate` run, its totals, and its text and SARIF forms (JSON has a
/// document of its own, ``ValidateJSONFormatter``).
struct ValidateReport {
    var results: [ValidationResult] = []

    var counts: DiagnosticCounts { DiagnosticCounts(results.lazy.flatMap(\.diagnostics)) }

    /// Whether the run fails (exit 1): any error, or any warning when warnings count as errors.
    func fails(warningsAsErrors: Bool) -> Bool { counts.fails(warningsAsErrors: warningsAsErrors) }

    /// `N files checked: E errors, W warnings, N notes`.
    var summaryLine: String { "\(DiagnosticCounts.counted(results.count, "file")) checked: \(counts.text)" }

    /// `--format text`: one `PATH:LINE:COLUMN: severity: MESSAGE [rule-id]` line per finding (and its
    /// notes), then the summary line; coloured in `style` (`--color`).
    func text(style: TerminalStyle = .plain) -> String {
        var output = ""
        for result in results {
            for diagnostic in result.diagnostics { output += diagnostic.textLines(style: style) }
        }
        return output + style.bold(summaryLine) + "\n"
    }

    /// `--format github`: a workflow command per finding (paths relative to the repository root), then the
    /// summary line as plain log text.
    func githubAnnotations(_ paths: RepositoryPaths) -> String {
        GitHubAnnotations(results.flatMap(\.diagnostics), repositoryPath: { paths.path($0) }).text + summaryLine + "\n"
    }

    /// `--format sarif`: every rule of ``ValidationRules/all`` and every finding.
    var sarifLog: SARIFLog {
        SARIFLog(toolName: "activity-bridge", toolVersion: ActivityBridgeCommand.version,
                 rules: ValidationRules.all,
                 artifacts: results.map(\.path), diagnostics: results.flatMap(\.diagnostics))
    }
}
