import Diagnostics
import JSON
import Testing

@Suite("Diagnostic rendering")
struct DiagnosticRenderingTests {
    let finding = Diagnostic(
        .error, "plist-syntax", "expected a value after <key>Name</key>, found another <key>",
        at: SourceLocation(file: "Info.plist", line: 9, column: 2),
        notes: [Diagnostic.Note("'Name' has no value", at: SourceLocation(file: "Info.plist", line: 8, column: 2))])

    @Test func textHasTheFindingThenItsNotes() {
        #expect(finding.textLines == """
            Info.plist:9:2: error: expected a value after <key>Name</key>, found another <key> [plist-syntax]
            Info.plist:8:2: note: 'Name' has no value

            """)
    }

    @Test func jsonOmitsTheFileItIsAboutAndKeepsNotes() {
        #expect(finding.jsonValue(omittingFile: "Info.plist", extra: [("target", "App")]).text
            == #"{"rule":"plist-syntax","severity":"error","message":"expected a value after <key>Name</key>, found another <key>","line":9,"column":2,"#
            + #""notes":[{"message":"'Name' has no value","file":"Info.plist","line":8,"column":2}],"target":"App"}"#)
        #expect(finding.jsonValue()["file"] == "Info.plist")
    }

    @Test func sarifListsRulesResultsAndRelatedLocations() {
        let log = SARIFLog(toolName: "activity-bridge", toolVersion: "1.0",
                           rules: [RuleDescription("duplicate-key", .warning, "A key repeats."), RuleDescription("plist-syntax", .error, "Not a plist.")],
                           artifacts: ["Info.plist"], diagnostics: [finding])
        let run = log.jsonValue["runs"].flatMap { if case let .array(runs) = $0 { runs.first } else { nil } }
        guard case let .array(results)? = run?["results"], let result = results.first else {
            Issue.record("no results"); return
        }
        #expect(result["ruleId"] == "plist-syntax")
        #expect(result["ruleIndex"] == 1)
        #expect(result["level"] == "error")
        guard case let .array(related)? = result["relatedLocations"], let note = related.first else {
            Issue.record("no related locations"); return
        }
        #expect(note["message"]?["text"] == "'Name' has no value")
        #expect(note["physicalLocation"]?["region"]?["startLine"] == 8)
        #expect(run?["columnKind"] == "unicodeCodePoints")
    }

    @Test func sarifURIsArePercentEncoded() {
        #expect(SARIFLog.percentEncoded("Plists/My App (iOS)/Info.plist") == "Plists/My%20App%20%28iOS%29/Info.plist")
        #expect(SARIFLog.percentEncoded("Café.plist") == "Caf%C3%A9.plist")
    }

    @Test func filterDropsDisabledRulesOnly() {
        let warning = Diagnostic(.warning, "duplicate-key", "repeats", at: SourceLocation(file: "a", line: 1, column: 1))
        let filter = DiagnosticFilter(disabling: ["duplicate-key"])
        #expect(filter.apply([finding, warning]) == [finding])
        #expect(DiagnosticFilter().apply([finding, warning]) == [finding, warning])
    }

    @Test func countsAndSummary() {
        let note = Diagnostic(.note, "n", "m", at: SourceLocation(file: "a", line: 1, column: 1))
        let counts = DiagnosticCounts([finding, note, note])
        #expect(counts.text == "1 error, 0 warnings, 2 notes")
        #expect(counts.fails(warningsAsErrors: false))
        #expect(!DiagnosticCounts([note]).fails(warningsAsErrors: true))
    }
}
