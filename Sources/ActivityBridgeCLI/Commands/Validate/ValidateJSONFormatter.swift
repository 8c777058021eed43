import ActivityKit
import Diagnostics
import JSON
import PropertyList

/// `--format json`: one document (ActivityBridgeCLI.docc, "validate").
///
/// ```json
/// {"files":[{"path":"Info.plist","activityTypes":[{"value":"$(ID).open","resolved":"com.x.open","line":31,"column":3,"index":0}],
///            "diagnostics":[{"rule":"activity-type-duplicate","severity":"warning","message":"…","line":33,"column":3}]}],
///  "summary":{"files":1,"errors":0,"warnings":1,"notes":0}}
/// ```
///
/// Beyond the contract's keys: `activityTypes[].index` (position in the array); `line`/`column` of an
/// activity type are null for binary property lists (no positions); a diagnostic located in another
/// file than `path` (a manifest entry) carries that file as `file`; related notes as `notes`.
enum ValidateJSONFormatter {
    static func render(_ report: ValidateReport) -> String {
        let counts = report.counts
        let document = JSONValue.object([
            ("files", .array(report.results.map(file))),
            ("summary", .object([
                ("files", .integer(report.results.count)),
                ("errors", .integer(counts.errors)),
                ("warnings", .integer(counts.warnings)),
                ("notes", .integer(counts.notes)),
            ])),
        ])
        return document.text + "\n"
    }

    private static func file(_ result: ValidationResult) -> JSONValue {
        let declarations = result.declarations?.declarations ?? []
        let activityTypes: [JSONValue] = declarations.compactMap { declaration in
            guard let raw = declaration.rawValue, let resolved = declaration.resolvedValue else { return nil }
            return .object([
                ("value", .string(raw)),
                ("resolved", .string(resolved)),
                ("line", .integer(declaration.location?.line)),
                ("column", .integer(declaration.location?.column)),
                ("index", .integer(declaration.index)),
            ])
        }
        return .object([
            ("path", .string(result.path)),
            ("activityTypes", .array(activityTypes)),
            ("diagnostics", .array(result.diagnostics.map { $0.jsonValue(omittingFile: result.path) })),
        ])
    }
}
