import ActivityKit
import PropertyList

/// `--format text`: one `PATH:LINE:COLUMN: severity: MESSAGE [rule-id]` line per finding, then a summary line.
enum ValidateTextFormatter {
    static func render(_ report: ValidateReport) -> String {
        var output = ""
        for result in report.results {
            for diagnostic in result.diagnostics {
                output += diagnostic.description
                output += "\n"
            }
        }
        output += report.summaryLine + "\n"
        return output
    }
}
