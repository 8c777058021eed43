import Audit

/// The audit of a repository as the commands that start from one run it (`audit`, `convert`): the progress line
/// ended whatever happens, and the auditor's refusals as the documented exit codes (66: nothing to read).
enum RepositoryAudit {
    static func run(root: String, shownRoot: String, options: AuditOptions, progress: ProgressLine) throws(CommandError) -> AuditReport {
        defer { progress.finish() }
        do {
            return try Auditor(root: root, options: options).run()
        } catch {
            switch error {
            case .missingPath: throw CommandError.noInput("cannot read '\(shownRoot)': no such directory")
            case .missingProject, .unreadableProject: throw CommandError.noInput(error.description)
            }
        }
    }
}
