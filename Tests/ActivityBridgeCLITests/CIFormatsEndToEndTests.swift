import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import Testing

/// `--format github` of `plist lint`, `validate` and `audit`, and `audit --format junit`, through the built
/// binary: GitHub workflow commands with paths relative to the repository root (the checkout, whose `.git`
/// is found above the folder a command ran in or audited), one per finding, and JUnit that parses.
@Suite("CI formats: github and junit")
struct CIFormatsEndToEndTests {
    static let root = BuiltBinary.packageRoot

    /// Every line that is a workflow command.
    static func commands(_ output: String) -> [Substring] { output.split(separator: "\n").filter { $0.hasPrefix("::") } }

    @Test func plistLintAnnotatesEachProblemWithARepositoryPath() throws {
        let result = try BuiltBinary.run(["plist", "lint", "--format", "github", "Plists/Invalid/mismatched-tag.plist",
                                          "Plists/Invalid/duplicate-key.plist", "Plists/Hairdressers-Info.plist"])
        #expect(result.status == 1)
        let lines = Self.commands(result.standardOutput)
        #expect(lines.count == 2, "\(result.standardOutput)")
        #expect(lines.contains { $0.hasPrefix("::error file=Plists/Invalid/mismatched-tag.plist,line=") && $0.contains(",title=plist-syntax::") })
        #expect(lines.contains { $0.hasPrefix("::warning file=Plists/Invalid/duplicate-key.plist,line=") && $0.contains(",title=duplicate-key::") })
        #expect(!result.standardOutput.contains(": OK"), "github output has only the workflow commands")
    }

    @Test func pathsAreRelativeToTheRepositoryRootFromASubfolder() throws {
        let result = try BuiltBinary.run(["plist", "lint", "--format", "github", "Invalid/duplicate-key.plist"],
                                         in: Self.root.appendingPathComponent("Plists"))
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("::warning file=Plists/Invalid/duplicate-key.plist,line="))
    }

    @Test func validateAnnotatesAndEndsWithTheSummaryLine() throws {
        let result = try BuiltBinary.run(["validate", "--format", "github", "Plists/Invalid/duplicate-activity-types.plist"])
        let json = try BuiltBinary.run(["validate", "--format", "json", "Plists/Invalid/duplicate-activity-types.plist"])
        #expect(result.status == json.status)
        let lines = Self.commands(result.standardOutput)
        let report = try #require(try JSONSerialization.jsonObject(with: json.standardOutputData) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Int])
        #expect(lines.count == (summary["errors"] ?? 0) + (summary["warnings"] ?? 0) + (summary["notes"] ?? 0))
        #expect(lines.allSatisfy { $0.contains("file=Plists/Invalid/duplicate-activity-types.plist,line=") })
        #expect(result.standardOutput.hasSuffix("1 file checked: \(summary["errors"] ?? 0) error\(summary["errors"] == 1 ? "" : "s"), "
            + "\(summary["warnings"] ?? 0) warning\(summary["warnings"] == 1 ? "" : "s"), \(summary["notes"] ?? 0) note\(summary["notes"] == 1 ? "" : "s")\n"))
    }

    @Test func auditAnnotatesEveryFindingOfTheSamplesAgainstTheCheckoutRoot() throws {
        let github = try BuiltBinary.run(["audit", "--format", "github", "Samples/Repositories"])
        let json = try BuiltBinary.run(["audit", "--format", "json", "Samples/Repositories"])
        #expect(github.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: json.standardOutputData) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let lines = Self.commands(github.standardOutput)
        #expect(lines.count == diagnostics.count)
        #expect(lines.contains("::error file=Samples/Repositories/Hairdressers/Hairdressers/ViewControllers/HairdresserDetailViewController.swift,"
            + "line=13,col=50,title=required-user-info-key-missing::requiredUserInfoKeys names 'phoneNumber', but the userInfo set here has no such key "
            + "(it has 'name'): the activity is invalid%0ASamples/Repositories/Hairdressers/Hairdressers/ViewControllers/"
            + "HairdresserDetailViewController.swift:10:53: note: the activity created here"))
        for (line, diagnostic) in zip(lines, diagnostics) {
            let command = ["error": "::error ", "warning": "::warning ", "note": "::notice "][diagnostic["severity"] as? String ?? ""] ?? "?"
            #expect(line.hasPrefix(command + "file=Samples/Repositories/"), "\(line)")
            #expect(line.contains(",title=\(diagnostic["rule"] as? String ?? "?")::"))
        }
        #expect(github.standardOutput.hasSuffix("audit: 2 projects, 4 targets: \(Self.countsText(report))\n"))
    }

    static func countsText(_ report: [String: Any]) -> String {
        let summary = report["summary"] as? [String: Int] ?? [:]
        func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        return "\(counted(summary["errors"] ?? 0, "error")), \(counted(summary["warnings"] ?? 0, "warning")), \(counted(summary["notes"] ?? 0, "note"))"
    }

    /// Outside any git repository the audited PATH is the root.
    @Test func withoutAGitRepositoryPathsAreRelativeToTheAuditedFolder() throws {
        let copy = try TemporaryDirectory("activity-bridge-github")
        let repository = copy.url.appendingPathComponent("WalkMate")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Samples/Repositories/WalkMate"), to: repository)
        let result = try BuiltBinary.run(["audit", "--format", "github", "WalkMate"], in: copy.url)
        let json = try BuiltBinary.run(["audit", "--format", "json", "WalkMate"], in: copy.url)
        let report = try #require(try JSONSerialization.jsonObject(with: json.standardOutputData) as? [String: Any])
        let files = try #require(report["diagnostics"] as? [[String: Any]]).map { $0["file"] as? String ?? "?" }
        let lines = Self.commands(result.standardOutput)
        #expect(!lines.isEmpty && lines.count == files.count)
        for (line, file) in zip(lines, files) {
            #expect(line.contains(" file=\(file),"), "\(line) names \(file), as the audit shows it")
            #expect(!file.hasPrefix("/"))
        }
    }

    @Test func auditJUnitHasASuitePerTargetAndAFailurePerError() throws {
        let result = try BuiltBinary.run(["audit", "--format", "junit", "Samples/Repositories"])
        #expect(result.status == 1)
        let json = try BuiltBinary.run(["audit", "--format", "json", "Samples/Repositories"])
        let report = try #require(try JSONSerialization.jsonObject(with: json.standardOutputData) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Int])
        let document = try XMLDocument(data: result.standardOutputData)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "failures")?.stringValue == String(summary["errors"] ?? -1))
        #expect(root.attribute(forName: "errors")?.stringValue == "0")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == summary["targets"])
        #expect(suites.contains { $0.attribute(forName: "name")?.stringValue == "Hairdressers/Hairdressers.xcodeproj: Hairdressers (Release)" })
        let failure = try #require(try document.nodes(forXPath: "//testcase[failure/@type='required-user-info-key-missing']").first as? XMLElement)
        #expect(failure.attribute(forName: "classname")?.stringValue == "audit.Hairdressers")
        #expect(failure.attribute(forName: "file")?.stringValue
            == "Samples/Repositories/Hairdressers/Hairdressers/ViewControllers/HairdresserDetailViewController.swift")

        let strict = try BuiltBinary.run(["audit", "--format", "junit", "--warnings-as-errors", "Samples/Repositories"])
        let strictRoot = try #require(try XMLDocument(data: strict.standardOutputData).rootElement())
        #expect(strictRoot.attribute(forName: "failures")?.stringValue == String((summary["errors"] ?? 0) + (summary["warnings"] ?? 0)))
    }

    @Test(arguments: [["plist", "lint"], ["validate"], ["audit"]])
    func anUnknownFormatIsAUsageErrorListingTheChoices(_ words: [String]) throws {
        let result = try BuiltBinary.run(words + ["--format", "gitlab", "Plists/Hairdressers-Info.plist"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("error: invalid value 'gitlab' for '--format': expected one of text, "))
        #expect(result.standardError.contains("github"))
    }
}
