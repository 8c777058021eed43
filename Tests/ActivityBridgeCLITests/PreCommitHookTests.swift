import Foundation
import TestSupport
import Testing

/// The hooks of `.pre-commit-hooks.yaml`, run by pre-commit itself (`pre-commit try-repo`, as a team tries a
/// hook repository before pinning it) in a fresh git repository, with the built binary first on PATH.
/// pre-commit comes from PyPI (`pip install pre-commit`); without it the suite is skipped.
@Suite("pre-commit hooks", .enabled(if: PreCommit.executable != nil, "pre-commit is not installed (pip install pre-commit)"))
struct PreCommitHookTests {
    static var preCommit: String? { PreCommit.executable }

    /// A git repository holding `files` (added to the index: `--all-files` runs on what git tracks).
    static func repository(_ files: [String: Data], copying folder: URL? = nil) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("activity-bridge-pre-commit")
        let repository = directory.url.appendingPathComponent("app")
        if let folder {
            try FileManager.default.copyItem(at: folder, to: repository)
        } else {
            try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        }
        for (name, data) in files { try data.write(to: repository.appendingPathComponent(name)) }
        for arguments in [["init", "-q"], ["add", "-A"]] {
            let git = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: repository)
            #expect(git.status == 0, "\(git.standardError)")
        }
        return directory
    }

    static func tryHook(_ hook: String, in directory: TemporaryDirectory) throws -> ProcessOutput {
        let path = BuiltBinary.url.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        return try ChildProcess.run(
            URL(fileURLWithPath: try #require(preCommit)),
            ["try-repo", BuiltBinary.packageRoot.path, hook, "--all-files", "--color", "never", "--verbose"],
            in: directory.url.appendingPathComponent("app"),
            environment: ["PATH": path, "PRE_COMMIT_HOME": directory.path("pre-commit-home"), "NO_COLOR": "1"])
    }

    static let goodPlist = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>NSUserActivityTypes</key><array><string>com.example.open</string></array></dict></plist>
        """.utf8)

    @Test func plistLintPassesValidFilesAndFailsOnABrokenOne() throws {
        let clean = try Self.repository(["Info.plist": Self.goodPlist])
        let passed = try Self.tryHook("activity-bridge-plist-lint", in: clean)
        #expect(passed.status == 0, "\(passed.standardOutput)\(passed.standardError)")
        #expect(passed.standardOutput.contains("Passed"))

        let broken = try Self.repository(["Info.plist": Self.goodPlist, "Broken.plist": Data("<plist><dict><key>a</key></plist>".utf8)])
        let failed = try Self.tryHook("activity-bridge-plist-lint", in: broken)
        #expect(failed.status == 1, "\(failed.standardOutput)\(failed.standardError)")
        #expect(failed.standardOutput.contains("Failed"))
        #expect(failed.standardOutput.contains("Broken.plist:1:"))
        #expect(failed.standardOutput.contains("[plist-syntax]"))
    }

    @Test func auditRunsOnceOverTheRepositoryAndFailsOnItsErrors() throws {
        let repository = try Self.repository([:], copying: BuiltBinary.packageRoot.appendingPathComponent("Samples/Repositories/WalkMate"))
        let result = try Self.tryHook("activity-bridge-audit", in: repository)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("activity-bridge audit"))
        #expect(result.standardOutput.contains(": error: "))
        // One run over the repository: one summary line per target, not one per file.
        #expect(result.standardOutput.components(separatedBy: "WalkMate.xcodeproj: WalkMate (Release, named Release): ").count == 2)
    }
}

/// The `pre-commit` on PATH, if any.
enum PreCommit {
    static let executable: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/pre-commit" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
