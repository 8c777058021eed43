import Foundation
import Audit
import BuildSettings
import Diagnostics
import JSON
import GitRevision
import PropertyList
import XcodeProject

/// One side of a diff, as given on the command line.
package enum DiffSide: Hashable, Sendable {
    /// The repository folder as it is on disk, uncommitted changes included (HEAD's default).
    case workingTree
    /// A git revision of the repository (`v2.3.0`, `origin/main`, a commit).
    case revision(String)
    /// A folder holding an exported tree; `shown` is how the user wrote it.
    case directory(path: String, shown: String)
    /// A surface file written by `audit --emit-surface`.
    case surface(path: String, shown: String)
}

/// What a side turned out to be, for the report.
package struct DiffSideDescription: Hashable, Sendable {
    /// `revision`, `working tree`, `directory` or `surface`.
    package var kind: String
    /// The revision as given, the folder or file as given, or `working tree`.
    package var name: String
    /// The commit a revision names.
    package var commit: String?

    /// What text output puts before a path of this side: `REV:` for a revision (git's own `REV:PATH` object
    /// name, so `git show REV:PATH` opens it), the folder for a directory, nothing for the working tree.
    package var textPrefix: String {
        switch kind {
        case "revision": name + ":"
        case "directory": name == "." ? "" : (name.hasSuffix("/") ? name : name + "/")
        default: ""
        }
    }
}

/// Why a diff cannot be made (exit 66): a revision, the repository, git, a folder or a surface file.
package enum DiffError: Error, Equatable, Sendable, CustomStringConvertible {
    case git(GitRevisionError)
    case audit(String)
    case surface(String)

    package var description: String {
        switch self {
        case let .git(error): error.description
        case let .audit(message), let .surface(message): message
        }
    }
}

package struct DiffOptions: Sendable {
    /// How each side is audited (`--project`, `--target`, `--configuration`, `--define`); its filter is not
    /// used for the audit (the diff has its own rules): ``filter`` drops diff findings.
    package var audit = AuditOptions()
    package var filter = DiagnosticFilter()
    /// `--git PATH`; nil finds git on PATH.
    package var git: String?

    package init() {}
}

/// Runs a diff: reads each side's surface (auditing a revision's files from git objects, a folder, or
/// reading a stored surface), compares them, and applies suppressions at the HEAD-side places.
package struct DiffRunner: Sendable {
    /// The repository folder (`--repository`, default `.`), as the process sees it.
    package var repository: String
    package var options: DiffOptions

    package init(repository: String, options: DiffOptions = DiffOptions()) {
        self.repository = repository
        self.options = options
    }

    package func run(base: DiffSide, head: DiffSide) throws(DiffError) -> DiffReport {
        var git: GitRepository?
        func repositoryForRevisions() throws(DiffError) -> GitRepository {
            if let git { return git }
            do {
                let opened = try GitRepository(folder: repository, git: options.git)
                git = opened
                return opened
            } catch { throw .git(error) }
        }
        let baseSide = try load(base, repository: repositoryForRevisions)
        let headSide = try load(head, repository: repositoryForRevisions)
        defer {
            baseSide.folder?.remove()
            headSide.folder?.remove()
        }
        var check = CompatibilityCheck(base: baseSide.surface, head: headSide.surface)
        if !options.audit.targets.isEmpty {
            let wanted = Set(options.audit.targets)
            check.base.targets.removeAll { !wanted.contains($0.name) }
            check.head.targets.removeAll { !wanted.contains($0.name) }
        }
        let findings = check.findings().filter { options.filter.keeps($0.diagnostic) }
        let kept = HeadSuppression.apply(findings, headRoot: headSide.root)
        return DiffReport(base: baseSide.description, head: headSide.description, targets: check.targetPairs, findings: kept)
    }

    private struct LoadedSide {
        var surface: Surface
        var description: DiffSideDescription
        /// The folder its files are read from (nil for a stored surface).
        var root: String?
        var folder: RevisionFolder?
    }

    private func load(_ side: DiffSide, repository open: () throws(DiffError) -> GitRepository) throws(DiffError) -> LoadedSide {
        switch side {
        case .workingTree:
            let surface = try audit(repository, shown: "the working tree")
            return LoadedSide(surface: surface, description: DiffSideDescription(kind: "working tree", name: "working tree"), root: repository)
        case let .directory(path, shown):
            let surface = try audit(path, shown: "'\(shown)'")
            return LoadedSide(surface: surface, description: DiffSideDescription(kind: "directory", name: shown), root: path)
        case let .surface(path, shown):
            let data: Data
            do {
                data = try ProjectFiles(root: "/").read(path, maximumSize: SurfaceReader.maximumSize)
            } catch {
                if case let .unreadableFile(_, reason) = error { throw .surface("cannot read the surface '\(shown)': \(reason)") }
                throw .surface("cannot read the surface '\(shown)': \(error)")
            }
            do {
                let surface = try SurfaceReader().read(Array(data))
                return LoadedSide(surface: surface, description: DiffSideDescription(kind: "surface", name: shown), root: nil)
            } catch {
                throw .surface("\(shown):\(error.line):\(error.column): not a surface written by `audit --emit-surface`: \(error.message)")
            }
        case let .revision(name):
            let git = try open()
            let folder: RevisionFolder
            do {
                options.audit.progress?("reading \(name) from git objects")
                folder = try RevisionFolder(repository: git, revision: name)
            } catch { throw .git(error) }
            do {
                let surface = try audit(folder.path, shown: "revision '\(name)'")
                return LoadedSide(surface: surface, description: DiffSideDescription(kind: "revision", name: name, commit: folder.commit),
                                  root: folder.path, folder: folder)
            } catch {
                folder.remove()
                throw error
            }
        }
    }

    private func audit(_ root: String, shown: String) throws(DiffError) -> Surface {
        var auditOptions = options.audit
        // Every target is read: --target limits what is compared, after the audit, as on both sides alike.
        auditOptions.targets = []
        auditOptions.buildsAppModels = false
        do {
            let report = try Auditor(root: root, options: auditOptions).run()
            return Surface(report: report, root: root)
        } catch {
            switch error {
            case .missingPath: throw .audit("cannot read \(shown): no such directory")
            case .missingProject, .unreadableProject: throw .audit("\(shown): \(error.description)")
            }
        }
    }
}

/// `// activity-bridge:ignore RULE` at a finding's HEAD-side place (its HEAD note, or its own place when it
/// is in HEAD), on that line or the line above, drops it (diff.md, "Suppression as in audit").
enum HeadSuppression {
    static let marker = "activity-bridge:ignore"

    static func apply(_ findings: [CompatibilityFinding], headRoot: String?) -> [CompatibilityFinding] {
        guard let headRoot else { return findings }
        let files = ProjectFiles(root: headRoot)
        var lines: [String: [Substring]] = [:]
        func ignored(_ rule: Diagnostic.Rule, at location: SourceLocation) -> Bool {
            if lines[location.file] == nil {
                let text = files.contents(of: location.file).map { String(decoding: $0, as: UTF8.self) } ?? ""
                lines[location.file] = text.split(separator: "\n", omittingEmptySubsequences: false)
            }
            let fileLines = lines[location.file] ?? []
            for number in [location.line, location.line - 1] where number >= 1 && number <= fileLines.count {
                if ignoredRules(in: fileLines[number - 1]).contains(rule.rawValue) { return true }
            }
            return false
        }
        return findings.filter { finding in
            var places = zip(finding.diagnostic.notes, finding.noteSides).filter { $0.1 == .head }.map(\.0.location)
            if finding.side == .head { places.append(finding.diagnostic.location) }
            return !places.contains { ignored(finding.diagnostic.rule, at: $0) }
        }
    }

    static func ignoredRules(in line: Substring) -> Set<String> {
        guard let comment = line.range(of: "//"), let found = line[comment.upperBound...].range(of: marker) else { return [] }
        return Set(line[found.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\r" }).map(String.init))
    }
}
