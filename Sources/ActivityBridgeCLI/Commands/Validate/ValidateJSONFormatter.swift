import ActivityKit
import PropertyList

/// `--format json`: the document fixed by `spec/cli.md`.
///
/// ```json
/// {"files":[{"path":"Info.plist","activityTypes":[{"value":"$(ID).open","resolved":"com.x.open","line":31,"column":3,"index":0}],
///            "diagnostics":[{"rule":"activity-type-format","severity":"warning","message":"…","line":33,"column":3}]}],
///  "summary":{"files":1,"errors":0,"warnings":1,"notes":0}}
/// ```
///
/// Additions to the spec's keys: `activityTypes[].index` (position in the array); `line`/`column` of an
/// activity type are null for binary property lists (no positions); a diagnostic located in another
/// file than `path` (a manifest entry) carries that file as `file`.
enum ValidateJSONFormatter {
    static func render(_ report: ValidateReport) -> String {
        let document = ValidateJSONValue.object([
            ("files", .array(report.results.map(file))),
            ("summary", .object([
                ("files", .integer(report.fileCount)),
                ("errors", .integer(report.errors)),
                ("warnings", .integer(report.warnings)),
                ("notes", .integer(report.notes)),
            ])),
        ])
        return document.text + "\n"
    }

    private static func file(_ result: ValidationResult) -> ValidateJSONValue {
        let declarations = result.declarations?.declarations ?? []
        let activityTypes: [ValidateJSONValue] = declarations.compactMap { declaration in
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
            ("diagnostics", .array(result.diagnostics.map { diagnostic(in: result.path, $0) })),
        ])
    }

    private static func diagnostic(in path: String, _ diagnostic: Diagnostic) -> ValidateJSONValue {
        var members: [(String, ValidateJSONValue)] = [
            ("rule", .string(diagnostic.rule.rawValue)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("line", .integer(diagnostic.location.line)),
            ("column", .integer(diagnostic.location.column)),
        ]
        if diagnostic.location.file != path {
            members.append(("file", .string(diagnostic.location.file)))
        }
        return .object(members)
    }
}
