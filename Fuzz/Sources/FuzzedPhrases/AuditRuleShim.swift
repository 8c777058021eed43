import Diagnostics

// PhraseLocalizations.swift is the audit's own file (a symlink to Sources/Audit); the rest of the Audit
// module is not compiled here (it uses `package` API of the main package's modules, which another
// package cannot see), so the one rule the file names is declared here with the audit's identifier.
extension Diagnostic.Rule {
    static let auditFileUnreadable: Self = "audit-file-unreadable"
}
