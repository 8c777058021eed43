import Foundation
import Testing
@testable import ActivityBridgeCLI
import TestSupport

/// Info.plists for the validate tests, written into a fresh temporary directory.
enum ValidatePlists {
    static func plist(_ activityTypes: [String], extra: String = "") -> String {
        let strings = activityTypes.map { "\t\t<string>\($0)</string>\n" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(extra)\t<key>NSUserActivityTypes</key>
            \t<array>
            \(strings)\t</array>
            </dict>
            </plist>

            """
    }

    /// Line 7 holds the first activity type, at column 3 (after two tabs).
    static let clean = plist(["$(PRODUCT_BUNDLE_IDENTIFIER).open", "StartWalkIntent"])
    /// A format warning on line 8 and nothing else.
    static let warningOnly = plist(["com.walkmate.open", "com.walkmate.open"])
    /// An `activity-type-format` note on line 8 (a bare name: legal, so not a warning).
    static let noteOnly = plist(["com.walkmate.open", "ReadArticle"])
    /// An empty-string error on line 7, a duplicate warning on line 9.
    static let withError = plist(["", "com.walkmate.open", "com.walkmate.open"])

    /// Writes `files` (name → contents) into a new directory and returns it.
    static func directory(_ files: [String: String]) throws -> URL {
        try TemporaryDirectory.create(with: files.mapValues { Data($0.utf8) })
    }
}

/// `validate` run in-process: output shapes and exit codes without spawning the binary.
@Suite("validate command (in-process)")
struct ValidateCommandTests {
    func run(_ arguments: [String], in directory: URL) -> (code: ExitCode, output: String, error: String) {
        let context = CommandContext.captured(currentDirectory: directory.path)
        let code = CommandRunner.run(ActivityBridgeCommand.self, arguments: ["validate"] + arguments, context: context)
        return (code, context.standardOutput.capturedText, context.standardError.capturedText)
    }

    @Test func textListsFindingsThenASummary() throws {
        let directory = try ValidatePlists.directory(["Bad-Info.plist": ValidatePlists.withError, "Ok-Info.plist": ValidatePlists.noteOnly])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = run(["Bad-Info.plist", "Ok-Info.plist"], in: directory)
        #expect(result.code == .failure)
        #expect(result.output == """
            Bad-Info.plist:7:3: error: NSUserActivityTypes[0] is an empty string [activity-type-empty]
            Bad-Info.plist:9:3: warning: 'com.walkmate.open' repeats NSUserActivityTypes[1] (line 8) [activity-type-duplicate]
            Ok-Info.plist:8:3: note: 'ReadArticle' is neither a reverse-DNS identifier (com.example.app.action) nor an intent class name (…Intent): legal, but Apple recommends reverse-DNS [activity-type-format]
            2 files checked: 1 error, 1 warning, 1 note

            """)
        #expect(result.error.isEmpty)
    }

    @Test func jsonHasTheSpecShape() throws {
        let directory = try ValidatePlists.directory(["Info.plist": ValidatePlists.plist(["$(PRODUCT_BUNDLE_IDENTIFIER).open", "Read Article"])])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = run(["--format", "json", "--define", "PRODUCT_BUNDLE_IDENTIFIER=com.walkmate", "Info.plist"], in: directory)
        #expect(result.code == .failure)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["files", "summary"])
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["files": 1, "errors": 1, "warnings": 0, "notes": 0])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.count == 1)
        #expect(files.first?["path"] as? String == "Info.plist")
        let types = try #require(files.first?["activityTypes"] as? [[String: Any]])
        #expect(types.count == 2)
        #expect(types.first?["value"] as? String == "$(PRODUCT_BUNDLE_IDENTIFIER).open")
        #expect(types.first?["resolved"] as? String == "com.walkmate.open")
        #expect(types.first?["line"] as? Int == 7)
        #expect(types.first?["column"] as? Int == 3)
        #expect(types.last?["line"] as? Int == 8)
        let diagnostics = try #require(files.first?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["rule"] as? String == "activity-type-whitespace")
        #expect(diagnostics.first?["severity"] as? String == "error")
        #expect((diagnostics.first?["message"] as? String)?.contains("'Read Article'") == true)
        #expect(diagnostics.first?["line"] as? Int == 8)
        #expect(diagnostics.first?["column"] as? Int == 3)
        // Keys in the spec's order, one document on one line.
        #expect(result.output.hasPrefix(#"{"files":[{"path":"Info.plist","activityTypes":[{"value":"#))
        #expect(result.output.hasSuffix(#""summary":{"files":1,"errors":1,"warnings":0,"notes":0}}"# + "\n"))
    }

    @Test func sarifHasTheRequiredStructure() throws {
        let directory = try ValidatePlists.directory(["My Info.plist": ValidatePlists.withError])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = run(["--format", "sarif", "My Info.plist"], in: directory)
        #expect(result.code == .failure)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "activity-bridge")
        #expect(driver["version"] as? String == ActivityBridgeCommand.version)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        #expect(ruleIDs.contains("activity-type-empty") && ruleIDs.contains("plist-syntax") && ruleIDs.contains("activity-type-undeclared"))
        #expect(rules.allSatisfy { (($0["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false })

        let results = try #require(runs.first?["results"] as? [[String: Any]])
        #expect(results.count == 2)
        let first = try #require(results.first)
        #expect(first["ruleId"] as? String == "activity-type-empty")
        #expect(first["level"] as? String == "error")
        #expect(results.last?["level"] as? String == "warning")
        #expect((first["message"] as? [String: Any])?["text"] as? String == "NSUserActivityTypes[0] is an empty string")
        if let index = first["ruleIndex"] as? Int, rules.indices.contains(index) {
            #expect(rules[index]["id"] as? String == "activity-type-empty")
        } else {
            Issue.record("ruleIndex missing or out of range")
        }
        let physical = try #require(((first["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        let artifact = try #require(physical["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "My%20Info.plist")
        #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        let region = try #require(physical["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 7)
        #expect(region["startColumn"] as? Int == 3)
    }

    @Test func warningsFailOnlyWithWarningsAsErrors() throws {
        let directory = try ValidatePlists.directory(["Info.plist": ValidatePlists.warningOnly])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(run(["Info.plist"], in: directory).code == .success)
        #expect(run(["--warnings-as-errors", "Info.plist"], in: directory).code == .failure)
        // Notes never fail a run.
        let notes = try ValidatePlists.directory(["Info.plist": ValidatePlists.noteOnly])
        defer { try? FileManager.default.removeItem(at: notes) }
        #expect(run(["--warnings-as-errors", "Info.plist"], in: notes).code == .success)
    }

    @Test func disableDropsARulesFindingsAndItsExitCode() throws {
        let directory = try ValidatePlists.directory(["Info.plist": ValidatePlists.withError])
        defer { try? FileManager.default.removeItem(at: directory) }
        let all = run(["Info.plist"], in: directory)
        #expect(all.output.contains("[activity-type-empty]") && all.output.contains("[activity-type-duplicate]"))
        let some = run(["--disable", "activity-type-empty", "--disable=activity-type-duplicate", "Info.plist"], in: directory)
        #expect(some.code == .success)
        #expect(some.output == "1 file checked: 0 errors, 0 warnings, 0 notes\n")
        let syntax = run(["--disable", "plist-syntax", "Info.plist"], in: directory)
        #expect(syntax.code == .usage)
        #expect(syntax.error.hasPrefix("error: 'plist-syntax' cannot be disabled"))
        let malformed = run(["--disable", "no such rule!", "Info.plist"], in: directory)
        #expect(malformed.code == .usage)
    }

    @Test func missingFileIsReportedAfterTheOthers() throws {
        let directory = try ValidatePlists.directory(["Info.plist": ValidatePlists.warningOnly])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = run(["Info.plist", "Missing.plist"], in: directory)
        #expect(result.code == .noInput)
        #expect(result.output.hasSuffix("1 file checked: 0 errors, 1 warning, 0 notes\n"))
        #expect(result.error.hasPrefix("error: cannot read 'Missing.plist': no such file\n"))
    }

    @Test(arguments: [
        (["--define", "NAME", "Info.plist"], "invalid value 'NAME' for '--define'"),
        (["--define", "1X=y", "Info.plist"], "invalid value '1X=y' for '--define'"),
        (["--format", "xml", "Info.plist"], "invalid value 'xml' for '--format'"),
        ([], "missing argument PLIST"),
        (["--frob", "Info.plist"], "unknown option '--frob'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let directory = try ValidatePlists.directory(["Info.plist": ValidatePlists.clean])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = run(arguments, in: directory)
        #expect(result.code == .usage)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("error: \(message)"))
        #expect(result.error.hasSuffix("See 'activity-bridge validate --help'.\n"))
    }
}
