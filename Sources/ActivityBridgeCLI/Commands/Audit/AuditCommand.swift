import ActivityBridge
import Audit
import Diagnostics
import Foundation
import JSON
import PropertyList

/// Checks a repository the way Xcode and the device would (ActivityBridgeCLI.docc, "Command line", `audit`): its Xcode projects, each
/// app and extension target's build settings, expanded Info.plist, Swift sources, phrase localizations and
/// intent definitions, cross-checked. `--format html` is the migration report, one self-contained page; `github`
/// and `junit` are for CI (``AuditReport/githubAnnotations(repositoryPath:)``, ``AuditReport/junit(warningsAsErrors:repositoryPath:)``).
/// `--emit-app-model DIR` writes each app target's app model (app-model.md) to `DIR/<Target>.app.plist`.
/// Local package manifests are read statically; `--evaluate-manifests` lets SwiftPM evaluate (run) those static
/// reading cannot follow (`swift package dump-package`, a time limit, nothing fetched).
/// Exit 0 when clean, 1 on any error (or warning with `--warnings-as-errors`) or when OUT or DIR cannot be
/// written (nothing is half-written), 64 on a usage error, 66 when PATH or a named project is missing.
enum AuditCommand: Command {
    enum Format: String, OutputFormat { case text, json, sarif, html, github, junit }
    static let format = CommonOptions.format(Format.self)
    static let output = CommonOptions.output("Write the report to OUT (replaced atomically) instead of standard output.")
    static let project = Option(
        "--project", value: "PATH.xcodeproj", repeatable: true,
        help: "Audit this project (relative to PATH) instead of every project found under PATH; repeatable.")
    static let target = Option("--target", value: "NAME", repeatable: true, help: "Check only this target; repeatable.")
    static let buildConfiguration = Option(
        "--configuration", value: "NAME", help: "The build configuration to evaluate (default: each target's shared scheme's Archive configuration, else Release, else the project's default).")
    static let emitAppModel = Option(
        "--emit-app-model", value: "DIR",
        help: "Write each app target's app model to DIR/<Target>.app.plist; DIR is made if needed (exit 1 if it cannot be), each file replaced atomically.")
    static let evaluateManifests = Flag(
        "--evaluate-manifests",
        help: "Let SwiftPM evaluate the local package manifests static reading cannot follow (swift package dump-package runs the manifest's code; time-limited, nothing fetched).")
    static let notes = Flag(
        "--notes", aliases: ["--verbose"],
        help: "Text: list every note in report order (by default errors and warnings come first and notes are folded into one line per rule).")
    static let path = Positional("PATH", required: false, help: "The repository to audit (default: the current folder).")

    static let configuration = CommandConfiguration(
        path: "audit",
        overview: "Audit an app repository: Xcode project, Info.plists, Swift sources and phrases, cross-checked.",
        arguments: [format.declaration, output.declaration, project.declaration, target.declaration, buildConfiguration.declaration,
                    CommonOptions.define.declaration, CommonOptions.disable.declaration, CommonOptions.warningsAsErrors.declaration,
                    emitAppModel.declaration, evaluateManifests.declaration, SurfaceFile.option.declaration, notes.declaration,
                    CommonOptions.color.declaration, path.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.format(format)
        var options = AuditOptions()
        options.projects = try parsed.values(project)
        options.targets = try parsed.values(target)
        options.configuration = try parsed.value(buildConfiguration)
        options.defines = try CommonOptions.buildSettings(parsed)
        options.filter = try CommonOptions.filter(parsed)
        options.evaluatesManifests = parsed.isSet(evaluateManifests)
        let progress = ProgressLine(context: context)
        if context.showsProgress { options.progress = { line in progress.show(line) } }
        let shownRoot = parsed.value(path) ?? "."
        let root = context.resolve(shownRoot)
        let destination = try CommonOptions.destination(output, parsed)
        let style = try CommonOptions.terminalStyle(parsed, context: context, toFile: destination != nil)
        // The folder is made before the audit runs: a folder that cannot be made fails at once.
        let modelFolder = try parsed.value(emitAppModel)
        if let modelFolder {
            try AppModelFolder.make(context.resolve(modelFolder), shown: modelFolder)
            options.buildsAppModels = true
        }

        let report = try RepositoryAudit.run(root: root, shownRoot: shownRoot, options: options, progress: progress)
        var written: [String] = []
        if let modelFolder {
            written = try AppModelFolder.write(report.appModelFiles, to: context.resolve(modelFolder), shown: modelFolder)
        }
        if let surfaceFile = try parsed.value(SurfaceFile.option) {
            try SurfaceFile.write(report, root: root, to: context.resolve(surfaceFile), shown: surfaceFile)
        }
        let rendered = switch format {
        case .json: report.jsonValue.text + "\n"
        case .sarif: report.sarifLog(toolVersion: ActivityBridgeCommand.version).text
        case .html: report.html(repository: shownRoot)
        case .github: report.githubAnnotations(repositoryPath: RepositoryPaths(base: root).path)
        case .junit: report.junit(warningsAsErrors: parsed.isSet(CommonOptions.warningsAsErrors), repositoryPath: RepositoryPaths(base: root).path)
        // Text says which models were written; the other formats are one document each.
        case .text: AuditTextLayout(notes: parsed.isSet(notes) ? .listed : .folded, style: style).render(report, written: written)
        }
        try CommonOptions.writeReport(rendered, to: destination, summary: report.counts.text, context: context)
        return report.fails(warningsAsErrors: parsed.isSet(CommonOptions.warningsAsErrors)) ? .failure : .success
    }
}

/// The `--emit-app-model` folder: made before the audit, then filled with one file per app model.
enum AppModelFolder {
    /// Creates `path` (and its parents); an existing folder is fine, anything else is an error (exit 1).
    static func make(_ path: String, shown: String) throws(CommandError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .failure("cannot create the app model folder '\(shown)': a file of that name exists") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].map { ($0 as? NSError)?.localizedDescription ?? "\($0)" }
                ?? (error as NSError).localizedDescription
            throw .failure("cannot create the app model folder '\(shown)': \(reason)")
        }
    }

    /// Writes every model, each file replaced atomically, after all of them are made and checked: a model
    /// that would not load clean is never written (an internal error, exit 70). Returns the shown paths.
    static func write(_ files: [AuditReport.AppModelFile], to folder: String, shown: String) throws(CommandError) -> [String] {
        var prepared: [(data: Data, path: String, shown: String)] = []
        for file in files {
            let shownPath = (shown as NSString).appendingPathComponent(file.fileName)
            let data: Data
            do { data = try AppModelWriter().data(file.model) } catch {
                throw .internalError("cannot write the app model of \(file.model.name): \(error.description)")
            }
            let reading = AppModelReader().read(data, file: shownPath)
            guard reading.model != nil, !reading.hasErrors else {
                throw .internalError("the app model of \(file.model.name) does not load clean, so nothing was written:\n"
                                     + reading.diagnostics.map { "  \($0)" }.joined(separator: "\n"))
            }
            prepared.append((data, (folder as NSString).appendingPathComponent(file.fileName), shownPath))
        }
        var written: [String] = []
        for file in prepared {
            do {
                try AtomicFileWriter.write(file.data, to: file.path, displayPath: file.shown)
            } catch {
                let done = written.isEmpty ? "" : " (written before it: \(written.joined(separator: ", ")))"
                throw .failure(error.message + done)
            }
            written.append(file.shown)
        }
        return written
    }
}
