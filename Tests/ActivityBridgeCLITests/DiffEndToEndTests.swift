import Foundation
import JSON
import Testing
import TestSupport

/// `activity-bridge diff` and `audit --emit-surface` through the built binary: exit codes 0/1/64/66, every
/// format, and a stored surface on one side, on a git history of the Hairdressers sample made here (BASE: the
/// sample; HEAD: its custom intent's definition deleted, nothing migrating it).
private let gitOnPath: URL? = {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("git")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
}()

@Suite("diff end to end", .enabled(if: gitOnPath != nil, "git is not on PATH"))
struct DiffEndToEndTests {
    static let git: URL? = gitOnPath

    static let definition = "Hairdressers/Intents/Intents.intentdefinition"

    /// A repository with tags `base` (the sample) and `head` (the definition deleted).
    func history() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory("activity-bridge-diff-e2e")
        func git(_ arguments: [String]) throws {
            let result = try ChildProcess.run(try #require(Self.git), arguments, in: folder.url)
            try #require(result.status == 0, "git \(arguments): \(result.standardError)")
        }
        try git(["init", "-q", "-b", "main"])
        try git(["config", "user.email", "tests@example.com"])
        try git(["config", "user.name", "tests"])
        try git(["config", "commit.gpgsign", "false"])
        let sample = TestPaths.inPackage("Samples/Repositories/Hairdressers")
        for name in try FileManager.default.contentsOfDirectory(atPath: sample.path) {
            try FileManager.default.copyItem(at: sample.appendingPathComponent(name), to: folder.url.appendingPathComponent(name))
        }
        try git(["add", "-A"]); try git(["commit", "-q", "-m", "base"]); try git(["tag", "base"])
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(Self.definition))
        try git(["add", "-A"]); try git(["commit", "-q", "-m", "head"]); try git(["tag", "head"])
        return folder
    }

    @Test func exitCodesAndTextOfRevisions() throws {
        let repository = try history()
        let broken = try BuiltBinary.run(["diff", "base", "head"], in: repository.url)
        #expect(broken.status == 1)
        #expect(broken.standardOutput.hasPrefix("base:\(Self.definition):51:4: error: custom intent 'BookAppointmentIntent' is defined nowhere in HEAD"))
        #expect(broken.standardOutput.contains("[compat-custom-intent-dropped]"))
        #expect(broken.standardOutput.hasSuffix("base → head: 2 targets compared: 1 error, 0 warnings, 0 notes\n"))
        // Nothing taken away: exit 0; the working tree (HEAD's default) is head.
        #expect(try BuiltBinary.run(["diff", "head"], in: repository.url).status == 0)
        #expect(try BuiltBinary.run(["diff", "base", "base"], in: repository.url).status == 0)
        // --disable drops the rule; --repository reads another folder.
        #expect(try BuiltBinary.run(["diff", "--disable", "compat-custom-intent-dropped", "--repository", repository.url.path, "base", "head"]).status == 0)
    }

    /// `--format github`: one workflow command per finding at its BASE place, relative to the repository root.
    @Test func githubAnnotations() throws {
        let repository = try history()
        let result = try BuiltBinary.run(["diff", "--format", "github", "base", "head"], in: repository.url)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("::error file=\(Self.definition),line=51,col=4,title=compat-custom-intent-dropped::custom intent 'BookAppointmentIntent'") == true)
        #expect(lines.last == "base → head: 1 error, 0 warnings, 0 notes")
    }

    /// `--format junit`: a suite per target, the dropped custom intent a failing case.
    @Test func junitReport() throws {
        let repository = try history()
        let result = try BuiltBinary.run(["diff", "--format", "junit", "base", "head"], in: repository.url)
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("<?xml"))
        #expect(result.standardOutput.contains("<testsuite name=\"base → head: Hairdressers\""))
        #expect(result.standardOutput.contains("compat-custom-intent-dropped"))
        #expect(result.standardOutput.contains("<failure"))
    }

    @Test func usageErrorsExit64() throws {
        let missing = try BuiltBinary.run(["diff"])
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("error: missing argument BASE"))
        #expect(missing.standardError.contains("See 'activity-bridge diff --help'."))
        #expect(try BuiltBinary.run(["diff", "--frobnicate", "base"]).status == 64)
        #expect(try BuiltBinary.run(["diff", "--format", "xml", "base"]).status == 64)
        #expect(try BuiltBinary.run(["diff", "a", "b", "c"]).status == 64)
    }

    @Test func unreadableSidesExit66WithWhatToDo() throws {
        let repository = try history()
        let revision = try BuiltBinary.run(["diff", "v9.9.9", "head"], in: repository.url)
        #expect(revision.status == 66)
        #expect(revision.standardError.contains("error: no revision 'v9.9.9'"))
        let notGit = try TemporaryDirectory("activity-bridge-diff-not-git")
        let plain = try BuiltBinary.run(["diff", "base"], in: notGit.url)
        #expect(plain.status == 66)
        #expect(plain.standardError.contains("is not a git repository"))
        let noGit = try BuiltBinary.run(["diff", "--git", "/nonexistent/git", "base", "head"], in: repository.url)
        #expect(noGit.status == 66)
        #expect(noGit.standardError.contains("cannot run git at '/nonexistent/git'"))
        let emptyPath = try BuiltBinary.run(["diff", "base", "head"], in: repository.url, environment: ["PATH": "/nonexistent"])
        #expect(emptyPath.status == 66)
        #expect(emptyPath.standardError.contains("cannot find git on PATH"))
        let noSurface = try BuiltBinary.run(["diff", "missing-surface.json", "head"], in: repository.url)
        #expect(noSurface.status == 66)
        #expect(noSurface.standardError.contains("cannot read the surface 'missing-surface.json'"))
        try repository.write(Data("{\"format\":\"activity-bridge-surface\",\"version\":1,\"targets\":[{\"name\":3}]}".utf8), to: "bad.json")
        let bad = try BuiltBinary.run(["diff", "bad.json", "head"], in: repository.url)
        #expect(bad.status == 66)
        #expect(bad.standardError.contains("bad.json:1:68: not a surface written by `audit --emit-surface`: targets[0].name: expected a string"))
        #expect(try BuiltBinary.run(["diff", "--repository", "no-such-folder", "base"], in: repository.url).status == 66)
    }

    @Test func jsonSarifAndHtml() throws {
        let repository = try history()
        let json = try BuiltBinary.run(["diff", "--format", "json", "base", "head"], in: repository.url)
        #expect(json.status == 1)
        let document = try JSONParser().parse(json.standardOutput)
        #expect(document["base"]?["revision"] == .string("base"))
        #expect(document["base"]?["commit"]?.text.count == 42)  // 40 hex digits, quoted
        #expect(document["summary"]?["errors"] == .integer(1))
        guard case let .array(diagnostics)? = document["diagnostics"], let first = diagnostics.first else {
            Issue.record("no diagnostics array")
            return
        }
        #expect(first["rule"] == .string("compat-custom-intent-dropped"))
        #expect(first["revision"] == .string("base"))
        #expect(first["file"] == .string(Self.definition))
        #expect(first["line"] == .integer(51))
        guard case let .array(targets)? = document["targets"] else { Issue.record("no targets"); return }
        #expect(targets.contains { $0["name"] == .string("Hairdressers") && $0["base"]?["customIntents"] != nil })

        let sarif = try BuiltBinary.run(["diff", "--format", "sarif", "-o", "diff.sarif", "base", "head"], in: repository.url)
        #expect(sarif.status == 1)
        #expect(sarif.standardOutput == "report written to diff.sarif: 1 error, 0 warnings, 0 notes\n")
        let log = try JSONParser().parse(String(contentsOf: repository.url.appendingPathComponent("diff.sarif"), encoding: .utf8))
        #expect(log["version"] == .string("2.1.0"))
        let rules = log["runs"].flatMap { if case let .array(runs) = $0 { runs.first } else { nil } }?["tool"]?["driver"]?["rules"]
        guard case let .array(ruleList)? = rules else { Issue.record("no rules"); return }
        #expect(ruleList.count == 11)

        let html = try BuiltBinary.run(["diff", "--format", "html", "base", "head"], in: repository.url)
        #expect(html.status == 1)
        #expect(html.standardOutput.hasPrefix("<!DOCTYPE html>"))
        #expect(html.standardOutput.contains("compat-custom-intent-dropped"))
        #expect(!html.standardOutput.contains("<script src"))
    }

    @Test func aStoredSurfaceStandsInForARevision() throws {
        let repository = try history()
        // BASE's surface, from a folder holding BASE's files (the sample itself): two runs, byte-identical.
        let sample = TestPaths.inPackage("Samples/Repositories/Hairdressers").path
        let first = try BuiltBinary.run(["audit", "--emit-surface", repository.path("one.json"), sample])
        let second = try BuiltBinary.run(["audit", "--emit-surface", repository.path("two.json"), sample])
        #expect(first.status == 1)  // the sample's deliberate audit errors; the surface is written all the same
        #expect(second.status == first.status)
        let one = try Data(contentsOf: repository.url.appendingPathComponent("one.json"))
        #expect(one == (try Data(contentsOf: repository.url.appendingPathComponent("two.json"))))
        #expect(String(decoding: one, as: UTF8.self).hasPrefix("{\"format\":\"activity-bridge-surface\",\"targets\":["))
        #expect(!String(decoding: one, as: UTF8.self).contains(sample))  // paths are relative
        // CI with no history: the stored surface against the working tree.
        let stored = try BuiltBinary.run(["diff", "one.json"], in: repository.url)
        #expect(stored.status == 1)
        #expect(stored.standardOutput.hasPrefix("\(Self.definition):51:4: error: custom intent 'BookAppointmentIntent'"))
        // And as HEAD: nothing lost from head to the sample (the definition comes back).
        #expect(try BuiltBinary.run(["diff", "head", "one.json"], in: repository.url).status == 0)
        // A directory on either side.
        #expect(try BuiltBinary.run(["diff", sample, "head"], in: repository.url).status == 1)
    }
}
