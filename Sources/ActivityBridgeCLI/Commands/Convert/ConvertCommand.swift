import Audit
import Convert
import Foundation

/// Writes the App Intents a repository's SiriKit custom intents become (ActivityBridgeCLI.docc, "Command line",
/// `convert`), on the audit's model of the repository: per intent a struct adopting `AppIntent` (or
/// `WidgetConfigurationIntent`) and `CustomIntentMigratedAppIntent`, its enums and entities, into
/// `--out DIR/<Target>/`; with `--activity-type`, per type an App Intent and per target an App Shortcuts provider
/// and a bridge manifest. A file is replaced only when the converter wrote it (its first line says so); any other
/// file in the way stops the command before anything is written. Exit 0 written (or nothing to convert), 1 a
/// clash, an unwritable folder or an unreadable definition (nothing is half-written), 64 a usage error or an
/// `--intent` no target builds, 66 PATH missing.
enum ConvertCommand: Command {
    static let intent = Option(
        "--intent", value: "NAME", repeatable: true,
        help: "Convert only this custom intent (its class name, e.g. HSExecuteLuaIntent, or its name in the definition); repeatable. Default: every custom intent no App Intent migrates yet.")
    static let activityType = Option(
        "--activity-type", value: "TYPE", repeatable: true,
        help: "Also write an App Intent for this NSUserActivity type, which a target both creates and handles (its userInfo keys as typed parameters, where to donate it), with the target's App Shortcuts provider and bridge manifest; repeatable.")
    static let out = Option(
        "--out", value: "DIR",
        help: "Write the files under DIR/<Target>/ (default: ConvertedAppIntents/<Target>/ beside each project, where the audit reads them).")
    static let dryRun = Flag("--dry-run", help: "Write nothing: print each file that would change as a diff.")
    static let noHandlers = Flag(
        "--no-handlers", help: "Do not look for the legacy handle(intent:) methods; every perform() is a TODO that throws.")
    static let path = Positional("PATH", required: false, help: "The repository (default: the current folder).")

    static let configuration = CommandConfiguration(
        path: "convert",
        overview: "Write the App Intents a repository's SiriKit custom intents become, keeping their class and parameter names.",
        arguments: [intent.declaration, activityType.declaration, out.declaration, dryRun.declaration, noHandlers.declaration, path.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let names = try parsed.values(intent)
        let types = try parsed.values(activityType)
        let shownRoot = parsed.value(path) ?? "."
        let root = context.resolve(shownRoot)
        let givenOut = try parsed.value(out)
        // Without --out the paths are the repository's (each project's ConvertedAppIntents folder).
        let shownOut = givenOut ?? shownRoot
        let progress = ProgressLine(context: context)
        var options = AuditOptions()
        if context.showsProgress { options.progress = { line in progress.show(line) } }
        let report = try RepositoryAudit.run(root: root, shownRoot: shownRoot, options: options, progress: progress)
        var conversion: Converter.Conversion
        var activityTypesConverted = 0
        do {
            let destination: Converter.Destination = givenOut.map { .folder(relative(context.resolve($0), to: root)) } ?? .besideProjects
            let converter = Converter(root: root, report: report, findsHandlers: !parsed.isSet(noHandlers), destination: destination)
            conversion = try converter.convert(intents: names)
            if !types.isEmpty {
                let activities = try converter.convert(activityTypes: types)
                conversion.files = (conversion.files + activities.files).sorted { $0.path < $1.path }
                conversion.notes += activities.notes
                activityTypesConverted = activities.converted.count
            }
        } catch {
            switch error {
            case .unknownIntents, .unknownActivityTypes: throw CommandError.usage(error.description)
            case .unreadableDefinition: throw CommandError.failure(error.description)
            }
        }
        for note in conversion.notes { context.standardError.write("note: \(note)\n") }
        for className in conversion.converted.sorted() {
            // An Objective-C handler Swift cannot see has its own note (perform() keeps the TODO).
            if let handler = conversion.handlers[className], handler.unreachable == nil {
                let method = handler.language == .objectiveC
                    ? "the Objective-C \(handler.className).\(handler.methodName)(\(handler.intentLabel ?? "_"):completion:)" : "\(handler.className).handle(intent:)"
                context.standardError.write("note: \(className): perform() calls \(method) (\(handler.file):\(handler.line))\n")
            }
        }
        let writer = GeneratedFileWriter(folder: context.resolve(shownOut), shownFolder: shownOut)
        let planned: [GeneratedFileWriter.PlannedFile]
        do { planned = try writer.plan(conversion.files) } catch { throw CommandError.failure(error.description) }
        let summary = "\(conversion.converted.count) custom intent\(conversion.converted.count == 1 ? "" : "s") converted"
            + (activityTypesConverted > 0 ? ", \(activityTypesConverted) activity type\(activityTypesConverted == 1 ? "" : "s")" : "")
        if parsed.isSet(dryRun) {
            for file in planned where file.change != .unchanged {
                let shown = (shownOut as NSString).appendingPathComponent(file.path)
                context.standardOutput.write(LineDiff.render(old: file.current, new: file.contents, oldName: shown, newName: shown))
            }
            let changes = planned.filter { $0.change != .unchanged }.count
            context.standardOutput.write("\(summary): \(changes) file\(changes == 1 ? "" : "s") would change (dry run, nothing written)\n")
            return .success
        }
        do { try writer.write(planned) } catch { throw CommandError.failure(error.description) }
        for file in planned {
            let verb = switch file.change { case .create: "wrote"; case .replace: "updated"; case .unchanged: "unchanged" }
            context.standardOutput.write("\(verb) \((shownOut as NSString).appendingPathComponent(file.path))\n")
        }
        context.standardOutput.write("\(summary) into \(planned.count) file\(planned.count == 1 ? "" : "s")\n")
        return .success
    }

    /// `path` relative to `folder` when it is inside it (`.` for the folder itself), else nil.
    static func relative(_ path: String, to folder: String) -> String? {
        let path = (path as NSString).standardizingPath
        let folder = (folder as NSString).standardizingPath
        if path == folder { return "." }
        let prefix = folder == "/" ? "/" : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}
