import Diagnostics

/// The audit's reports for CI services: GitHub Actions annotations and JUnit XML.
extension AuditReport {
    /// `--format github`: a workflow command per finding, paths relative to the repository root, then one
    /// plain summary line for the log.
    ///
    /// - Parameter repositoryPath: a path as the report shows it, relative to the repository root (the CI
    ///   service places an annotation's `file` against it).
    package func githubAnnotations(repositoryPath: @escaping @Sendable (String) -> String) -> String {
        GitHubAnnotations(diagnostics.map(\.diagnostic), repositoryPath: repositoryPath).text + totalLine + "\n"
    }

    /// `--format junit`: a test suite per target (`PROJECT: TARGET (CONFIGURATION)`), a test case per finding
    /// (``JUnitReport/findings(_:groups:warningsAsErrors:repositoryPath:)``); a project's own findings are a
    /// suite named by the project.
    package func junit(warningsAsErrors: Bool, repositoryPath: (String) -> String) -> String {
        var groups: [JUnitReport.FindingGroup] = []
        for project in projects {
            if !project.diagnostics.isEmpty {
                groups.append(.init(name: project.path, classname: "audit.project", diagnostics: project.diagnostics))
            }
            for target in project.targets {
                groups.append(.init(name: "\(project.path): \(target.name) (\(target.configuration))",
                                    classname: "audit.\(target.name)", diagnostics: target.diagnostics))
            }
        }
        return JUnitReport.findings("activity-bridge audit", groups: groups, warningsAsErrors: warningsAsErrors,
                                    repositoryPath: repositoryPath).xml
    }
}
