import ActivityBridge
import Diagnostics
import Foundation

/// The JUnit XML report CI services read (``JUnitReport``): a `<testsuite>` per script holding one
/// `<testcase>`; failed expectations become a `<failure>` whose message names the step, the key, the expected
/// and the actual value; a script error becomes an `<error>`; the script's warnings go to the
/// testcase's `<system-out>`.
enum ReplayJUnitReport {
    static func render(_ report: ReplayReport) -> Data {
        let suites = report.scripts.map { script in
            let messages = script.failureMessages
            let text = messages.joined(separator: "\n")
            let outcome: JUnitReport.TestCase.Outcome =
                script.passed ? .passed
                : script.error == nil ? .failure(message: messages.first ?? "failed", type: "expectation", text: text)
                : .error(message: messages.first ?? "failed", type: "script-error", text: text)
            let testCase = JUnitReport.TestCase(
                classname: "replay.\(script.app ?? "unknown")", name: script.name, file: script.file, outcome: outcome,
                systemOut: script.warnings.map(\.description).joined(separator: "\n"))
            return JUnitReport.TestSuite(name: script.file, cases: [testCase])
        }
        return Data(JUnitReport(name: "activity-bridge replay", suites: suites).xml.utf8)
    }
}
