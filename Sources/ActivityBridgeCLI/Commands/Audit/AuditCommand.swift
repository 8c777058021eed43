import Audit
import Foundation

/// `activity-bridge audit [--format text|json|sarif] [--project PATH.xcodeproj]... [--target NAME]...
/// [--configuration NAME] [--define NAME=VALUE]... [--disable RULE]... [--warnings-as-errors] [PATH]`
///
/// Checks a repository the way Xcode and the device would (../shared/spec/audit.md): its Xcode projects, each
/// app and extension target's build settings, expanded Info.plist, Swift sources, phrase localizations and
/// intent definitions, cross-checked. Exit 0 when clean, 1 on any error (or warning with
/// `--warnings-as-errors`), 64 on a usage error, 66 when PATH or a named project is missing.
/// `--emit-app-model DIR` (audit.md) is not implemented yet, so it is not declared.
enum AuditCommand: Command {
    static let format = CommonOptions.format(["text", "json", "sarif"])
    static let project = Option(
        "--project", value: "PATH.xcodeproj", repeatable: true,
        help: "Audit this project (relative to PATH) instead of every project found under PATH; repeatable.")
    static let target = Option("--target", value: "NAME", repeatable: true, help: "Check only this target; repeatable.")
    static let buildConfiguration = Option(
        "--configuration", value: "NAME", help: "The build configuration to evaluate (default: each project's defaultConfigurationName).")
    static let path = Positional("PATH", required: false, help: "The repository to audit (default: the current folder).")

    static let configuration = CommandConfiguration(
        path: "audit",
        overview: "Audit an app repository: Xcode project, Info.plists, Swift sources and phrases, cross-checked.",
        arguments: [format.declaration, project.declaration, target.declaration, buildConfiguration.declaration,
                    CommonOptions.define.declaration, CommonOptions.disable.declaration, CommonOptions.warningsAsErrors.declaration,
                    path.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.value(format, default: "text")
        var options = AuditOptions()
        options.projects = try parsed.values(project)
        options.targets = try parsed.values(target)
        options.configuration = try parsed.value(buildConfiguration)
        options.defines = try CommonOptions.buildSettings(parsed)
        options.filter = try CommonOptions.filter(parsed)
        let progress = AuditProgress(context: context)
        if context.showsProgress { options.progress = { line in progress.show(line) } }
        let shownRoot = parsed.value(path) ?? "."
        let root = context.resolve(shownRoot)

        let report: AuditReport
        do {
            report = try Auditor(root: root, options: options).run()
        } catch {
            progress.finish()
            switch error {
            case .missingPath: throw CommandError.noInput("cannot read '\(shownRoot)': no such directory")
            case .missingProject, .unreadableProject: throw CommandError.noInput(error.description)
            }
        }
        progress.finish()
        let output = switch format {
        case "json": report.jsonValue.text + "\n"
        case "sarif": report.sarifLog(toolVersion: ActivityBridgeCommand.version).text
        default: report.text
        }
        context.standardOutput.write(output)
        return report.fails(warningsAsErrors: parsed.isSet(CommonOptions.warningsAsErrors)) ? .failure : .success
    }
}

/// What the audit is reading, on one stderr line that is rewritten (only when stderr is a terminal).
final class AuditProgress: @unchecked Sendable {
    // @unchecked: `shown` is guarded by `lock`; the audit reports from one thread at a time.
    private let context: CommandContext
    private let lock = NSLock()
    private var shown = false

    init(context: CommandContext) { self.context = context }

    func show(_ line: String) {
        guard context.showsProgress else { return }
        lock.withLock {
            shown = true
            context.standardError.write("\r\u{1B}[K" + line)
        }
    }

    func finish() {
        lock.withLock {
            guard shown else { return }
            context.standardError.write("\r\u{1B}[K")
            shown = false
        }
    }
}
