import ActivityKit
import PropertyList

/// The results of one `validate` run and the totals every output format prints.
struct ValidateReport {
    var results: [ValidationResult] = []

    var fileCount: Int { results.count }
    var errors: Int { results.reduce(0) { $0 + $1.count(of: .error) } }
    var warnings: Int { results.reduce(0) { $0 + $1.count(of: .warning) } }
    var notes: Int { results.reduce(0) { $0 + $1.count(of: .note) } }

    /// Whether the run fails (exit 1): any error, or any warning when warnings count as errors.
    func fails(warningsAsErrors: Bool) -> Bool {
        errors > 0 || (warningsAsErrors && warnings > 0)
    }

    /// `N files checked: E errors, W warnings, N notes`.
    var summaryLine: String {
        "\(Self.counted(fileCount, "file")) checked: \(Self.counted(errors, "error")), "
            + "\(Self.counted(warnings, "warning")), \(Self.counted(notes, "note"))"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
