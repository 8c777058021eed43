import Diagnostics

/// The diff's reports for CI services, as the audit writes them (AuditReport+CIReports.swift).
extension DiffReport {
    /// `--format github`: each finding where the lost thing stood in BASE, then one plain summary line for the
    /// log. GitHub shows a place no longer in the pull request's diff in the run's annotations.
    ///
    /// - Parameter repositoryPath: a path as the report shows it, relative to the repository root.
    package func githubAnnotations(repositoryPath: @escaping @Sendable (String) -> String) -> String {
        GitHubAnnotations(findings.map(\.diagnostic), repositoryPath: repositoryPath).text
            + "\(base.name) → \(head.name): \(counts.text)\n"
    }

    /// `--format junit`: a test suite per compared target (`BASE → HEAD: TARGET`), a test case per finding,
    /// failing for an error (and a warning with `--warnings-as-errors`).
    package func junit(warningsAsErrors: Bool, repositoryPath: (String) -> String) -> String {
        let groups = targets.map { pair in
            JUnitReport.FindingGroup(name: "\(base.name) → \(head.name): \(pair.name)", classname: "diff.\(pair.name)",
                                     diagnostics: findings.filter { $0.target == pair.name }.map(\.diagnostic))
        }
        return JUnitReport.findings("activity-bridge diff", groups: groups, warningsAsErrors: warningsAsErrors,
                                    repositoryPath: repositoryPath).xml
    }
}
