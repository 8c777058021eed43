import ActivityBridge
import Foundation

/// The JUnit XML report CI services read: a `<testsuite>` per script holding one `<testcase>`;
/// failed expectations become a `<failure>` whose message names the step, the key, the expected
/// and the actual value; a script error becomes an `<error>`; the script's warnings go to the
/// testcase's `<system-out>`.
enum ReplayJUnitReport {
    static func render(_ report: ReplayReport) -> Data {
        let failures = report.scripts.filter { !$0.passed && $0.error == nil }.count
        let errors = report.scripts.filter { $0.error != nil }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"activity-bridge replay\" tests=\"\(report.scripts.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for script in report.scripts {
            let failed = !script.passed && script.error == nil
            xml += "  <testsuite name=\"\(escape(script.file))\" tests=\"1\" failures=\"\(failed ? 1 : 0)\" errors=\"\(script.error == nil ? 0 : 1)\">\n"
            xml += "    <testcase classname=\"replay.\(escape(script.app ?? "unknown"))\" name=\"\(escape(script.name))\" file=\"\(escape(script.file))\""
            let messages = script.failureMessages
            if script.passed && script.warnings.isEmpty {
                xml += "/>\n"
            } else {
                xml += ">\n"
                if !script.passed {
                    let element = script.error == nil ? "failure" : "error"
                    let type = script.error == nil ? "expectation" : "script-error"
                    xml += "      <\(element) message=\"\(escape(messages.first ?? "failed"))\" type=\"\(type)\">"
                    xml += escape(messages.joined(separator: "\n")) + "</\(element)>\n"
                }
                if !script.warnings.isEmpty {
                    xml += "      <system-out>" + escape(script.warnings.map(\.description).joined(separator: "\n")) + "</system-out>\n"
                }
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return Data(xml.utf8)
    }

    /// Escapes text for XML content and attributes; control characters XML 1.0 cannot hold become
    /// `\u{…}` text.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n": escaped += "&#10;"
            case "\t": escaped += "&#9;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    escaped += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
