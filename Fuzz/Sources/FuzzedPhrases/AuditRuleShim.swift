import Diagnostics

// PhraseLocalizations.swift is the audit's own file (a symlink to Sources/Audit); the rest of the Audit
// module is not compiled here (it is `package` API of the main package, which another package cannot see),
// so the one rule the file raises stands in with the audit's identifier and severity (AuditRules.swift
// declares it, with its examples; only the fuzzer needs this copy, and a finding's text is not checked here).
extension RuleDescription {
    static let auditFileUnreadable = RuleDescription(
        "audit-file-unreadable", .warning, "A phrase localization or intent definition file cannot be read.")
}
