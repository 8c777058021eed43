import ActivityKit
import PropertyList

/// `--format sarif`: a SARIF 2.1.0 log with one run, for code-scanning services.
///
/// `tool.driver.rules` lists every rule of ``ValidationRule/all`` (id, short description, default level);
/// each result names its rule by `ruleId` and `ruleIndex` and points at
/// `physicalLocation.artifactLocation.uri` + `region.startLine/startColumn`. Relative paths become relative
/// URI references against `%SRCROOT%`, absolute ones `file://` URIs, percent-encoded. Columns count Unicode
/// scalars, so the run declares `columnKind: unicodeCodePoints`.
enum ValidateSARIFFormatter {
    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    static let sourceRoot = "%SRCROOT%"

    static func render(_ report: ValidateReport, toolVersion: String) -> String {
        let rules = ValidationRule.all
        var ruleIndex: [String: Int] = [:]
        for (offset, rule) in rules.enumerated() { ruleIndex[rule.id.rawValue] = offset }

        var results: [ValidateJSONValue] = []
        for result in report.results {
            for diagnostic in result.diagnostics {
                results.append(self.result(diagnostic, ruleIndex: ruleIndex[diagnostic.rule.rawValue]))
            }
        }
        let driver = ValidateJSONValue.object([
            ("name", .string("activity-bridge")),
            ("version", .string(toolVersion)),
            ("rules", .array(rules.map(rule))),
        ])
        let run = ValidateJSONValue.object([
            ("tool", .object([("driver", driver)])),
            ("columnKind", .string("unicodeCodePoints")),
            ("artifacts", .array(report.results.map { .object([("location", artifactLocation($0.path))]) })),
            ("results", .array(results)),
        ])
        let log = ValidateJSONValue.object([
            ("$schema", .string(schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
        return log.text + "\n"
    }

    private static func rule(_ rule: ValidationRule) -> ValidateJSONValue {
        .object([
            ("id", .string(rule.id.rawValue)),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("defaultConfiguration", .object([("level", .string(level(rule.severity)))])),
        ])
    }

    private static func result(_ diagnostic: Diagnostic, ruleIndex: Int?) -> ValidateJSONValue {
        var members: [(String, ValidateJSONValue)] = [("ruleId", .string(diagnostic.rule.rawValue))]
        if let ruleIndex { members.append(("ruleIndex", .integer(ruleIndex))) }
        members += [
            ("level", .string(level(diagnostic.severity))),
            ("message", .object([("text", .string(diagnostic.message))])),
            ("locations", .array([.object([
                ("physicalLocation", .object([
                    ("artifactLocation", artifactLocation(diagnostic.location.file)),
                    ("region", .object([
                        ("startLine", .integer(diagnostic.location.line)),
                        ("startColumn", .integer(diagnostic.location.column)),
                    ])),
                ])),
            ])])),
        ]
        return .object(members)
    }

    /// SARIF levels share the names of our severities.
    private static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private static func artifactLocation(_ path: String) -> ValidateJSONValue {
        if path.hasPrefix("/") {
            return .object([("uri", .string("file://" + percentEncoded(path)))])
        }
        return .object([("uri", .string(percentEncoded(path))), ("uriBaseId", .string(sourceRoot))])
    }

    /// RFC 3986 unreserved characters and `/` stay; everything else is percent-encoded as UTF-8.
    static func percentEncoded(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
