import Audit
import Compatibility
import Diagnostics
import Foundation
import JSON

/// What a release takes away from users (diff.md): the Siri, Shortcuts and Handoff surface of BASE against
/// HEAD's, each a git revision (read from git's objects, never checked out), a directory, or a surface file
/// of `audit --emit-surface`; HEAD defaults to the working tree. Exit 0 when nothing breaks, 1 on any error
/// (or warning with `--warnings-as-errors`) or when OUT cannot be written, 64 usage, 66 a revision,
/// repository, git or file that cannot be read.
enum DiffCommand: Command {
    enum Format: String, OutputFormat { case text, json, sarif, html, github, junit }
    static let format = CommonOptions.format(Format.self)
    static let output = CommonOptions.output("Write the report to OUT (replaced atomically) instead of standard output.")
    static let repository = Option(
        "--repository", value: "PATH", help: "The git repository (or a folder in it) BASE and HEAD are revisions of (default: the current folder).")
    static let git = Option("--git", value: "PATH", help: "The git executable to read revisions with (default: git on PATH).")
    static let base = Positional(
        "BASE", help: "The older side: a git revision (v2.3.0, origin/main, a commit), a directory, or a surface file (*.json) of audit --emit-surface.")
    static let head = Positional(
        "HEAD", required: false, help: "The newer side, the same kinds (default: the repository's working tree, uncommitted changes included).")

    static let configuration = CommandConfiguration(
        path: "diff",
        overview: "What a release takes away from users' Shortcuts, Siri phrases and Handoff: compare two revisions' surfaces.",
        arguments: [format.declaration, output.declaration, repository.declaration, git.declaration,
                    AuditCommand.project.declaration, AuditCommand.target.declaration, AuditCommand.buildConfiguration.declaration,
                    CommonOptions.define.declaration, CommonOptions.disable.declaration, CommonOptions.warningsAsErrors.declaration,
                    base.declaration, head.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.format(format)
        var options = DiffOptions()
        options.audit.projects = try parsed.values(AuditCommand.project)
        options.audit.targets = try parsed.values(AuditCommand.target)
        options.audit.configuration = try parsed.value(AuditCommand.buildConfiguration)
        options.audit.defines = try CommonOptions.buildSettings(parsed)
        options.filter = try CommonOptions.filter(parsed)
        options.git = try parsed.value(git).map { context.resolve($0) }
        let progress = ProgressLine(context: context)
        if context.showsProgress { options.audit.progress = { line in progress.show(line) } }
        let shownRepository = try parsed.value(repository) ?? "."
        let repositoryPath = URL(fileURLWithPath: context.resolve(shownRepository)).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: repositoryPath, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError.noInput("cannot read the repository '\(shownRepository)': no such directory")
        }
        let destination = try CommonOptions.destination(output, parsed)
        let baseSide = side(try parsed.requiredValue(base), context: context)
        let headSide = parsed.value(head).map { side($0, context: context) } ?? .workingTree

        let report: DiffReport
        do {
            report = try DiffRunner(repository: repositoryPath, options: options).run(base: baseSide, head: headSide)
        } catch {
            progress.finish()
            throw CommandError.noInput(error.description)
        }
        progress.finish()
        let rendered = switch format {
        case .json: report.jsonValue.text + "\n"
        case .sarif: report.sarifLog(toolVersion: ActivityBridgeCommand.version).text
        case .html: report.html()
        case .github: report.githubAnnotations(repositoryPath: RepositoryPaths(base: repositoryPath).path)
        case .junit: report.junit(warningsAsErrors: parsed.isSet(CommonOptions.warningsAsErrors),
                                  repositoryPath: RepositoryPaths(base: repositoryPath).path)
        case .text: report.text
        }
        try CommonOptions.writeReport(rendered, to: destination, summary: report.counts.text, context: context)
        return report.fails(warningsAsErrors: parsed.isSet(CommonOptions.warningsAsErrors)) ? .failure : .success
    }

    /// A side's kind, from what is there: a `*.json` file is a stored surface, an existing folder a
    /// directory, anything else a git revision (`refs/heads/NAME` names a branch that shares a folder's name).
    static func side(_ text: String, context: CommandContext) -> DiffSide {
        let path = context.resolve(text)
        var isDirectory: ObjCBool = false
        let exists = !text.isEmpty && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if text.hasSuffix(".json"), !(exists && isDirectory.boolValue) { return .surface(path: path, shown: text) }
        if exists, isDirectory.boolValue { return .directory(path: path, shown: text) }
        return .revision(text)
    }
}

/// `audit --emit-surface FILE`: the surface of the audited revision, canonical JSON (diff.md).
enum SurfaceFile {
    static let option = Option(
        "--emit-surface", value: "FILE",
        help: "Write the repository's surface (what diff compares) to FILE as canonical JSON, replaced atomically; diff takes it as a side.")

    static func write(_ report: AuditReport, root: String, to path: String, shown: String) throws(CommandError) {
        let surface = Surface(report: report, root: root)
        try AtomicFileWriter.write(Data(surface.json.utf8), to: path, displayPath: shown)
    }
}
