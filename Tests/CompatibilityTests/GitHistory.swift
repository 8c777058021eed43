import Compatibility
import Diagnostics
import Foundation
import TestSupport

/// A git repository made in a temporary folder for one test: files, commits and tags, through the git executable.
final class GitHistory: @unchecked Sendable {
    let folder: TemporaryDirectory
    var path: String { folder.url.path }

    static let git: URL? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("git")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    static var isAvailable: Bool { git != nil }

    /// An empty repository (`git init`), or a clone of `bundle`.
    init(cloning bundle: URL? = nil) throws {
        folder = try TemporaryDirectory("activity-bridge-diff-history")
        if let bundle {
            try run(["clone", "-q", bundle.path, path], in: folder.url.deletingLastPathComponent())
        } else {
            try run(["init", "-q", "-b", "main"])
            try run(["config", "user.email", "tests@example.com"])
            try run(["config", "user.name", "tests"])
            try run(["config", "commit.gpgsign", "false"])
        }
    }

    @discardableResult
    func run(_ arguments: [String], in directory: URL? = nil) throws -> String {
        guard let git = Self.git else { throw HistoryError(message: "no git") }
        let result = try ChildProcess.run(git, arguments, in: directory ?? folder.url)
        guard result.status == 0 else {
            throw HistoryError(message: "git \(arguments.joined(separator: " ")): \(result.standardError)")
        }
        return result.standardOutput
    }

    /// Copies a folder of the package (e.g. a sample repository) into the repository's top.
    func copy(_ packagePath: String) throws {
        let source = TestPaths.inPackage(packagePath)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.url.appendingPathComponent(name))
        }
    }

    func write(_ relative: String, _ text: String) throws {
        try FixtureTree.write([relative: text], into: folder.url)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOf: folder.url.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Replaces `old` (which must be there) with `new` in a file.
    func edit(_ relative: String, _ old: String, _ new: String) throws {
        let text = try read(relative)
        guard text.contains(old) else { throw HistoryError(message: "\(relative) has no '\(old)'") }
        try write(relative, text.replacingOccurrences(of: old, with: new))
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(relative))
    }

    /// Commits everything and tags the commit.
    func commit(tag: String) throws {
        try run(["add", "-A"])
        try run(["commit", "-q", "-m", tag, "--allow-empty"])
        try run(["tag", tag])
    }

    func diff(_ base: DiffSide, _ head: DiffSide, options: DiffOptions = DiffOptions()) throws -> DiffReport {
        try DiffRunner(repository: path, options: options).run(base: base, head: head)
    }

    struct HistoryError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

extension DiffReport {
    /// `rule file:line:column` of each finding, in report order: what the tests compare.
    var places: [String] {
        findings.map { "\($0.diagnostic.rule.rawValue) \($0.diagnostic.location)" }
    }
}
