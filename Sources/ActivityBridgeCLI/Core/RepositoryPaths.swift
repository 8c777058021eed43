import Foundation

/// Paths as a CI service resolves them: relative to the root of the git repository (the nearest folder at or
/// above the command's base folder that holds `.git`, a folder or a worktree's file). `--format github` uses it,
/// since the runner places an annotation's `file` against the repository's root whatever folder the step ran in.
///
/// A path outside that repository, or any path when there is no repository above the base, stays as the
/// command shows it (for `audit`: relative to the audited PATH, which is then taken as the root).
struct RepositoryPaths: Sendable {
    /// The folder shown paths are relative to (absolute, standardized).
    let base: String
    /// The repository root above ``base``, if any (absolute, standardized).
    let root: String?

    init(base: String) {
        self.base = (base as NSString).standardizingPath
        root = Self.repositoryRoot(above: self.base)
    }

    /// `shown` (relative to ``base``, or absolute) relative to the repository root.
    func path(_ shown: String) -> String {
        guard let root, !shown.isEmpty, shown != "-", !shown.hasPrefix("<") else { return shown }
        let absolute = ((shown.hasPrefix("/") ? shown : (base as NSString).appendingPathComponent(shown)) as NSString).standardizingPath
        if absolute == root { return "." }
        let prefix = root == "/" ? "/" : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : shown
    }

    static func repositoryRoot(above folder: String) -> String? {
        var current = folder
        while true {
            if FileManager.default.fileExists(atPath: (current as NSString).appendingPathComponent(".git")) { return current }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { return nil }
            current = parent
        }
    }
}
