import ActivityBridge
import Foundation

/// `activity-bridge replay [--format text|json|junit] [-o OUT] SCRIPT_OR_DIR...`
///
/// Runs replay scripts (`spec/replay-format.md`) against the sample apps, each in a fresh
/// temporary directory. Exit 0 when every expectation held, 1 when any failed or a script had an
/// error, 64 on a usage error, 66 when a path does not exist or a directory holds no scripts.
enum ReplayCommand: Command {
    static let formats = ["text", "json", "junit"]

    static var help: CommandHelp {
        CommandHelp(
            path: "replay",
            overview: "Run replay scripts against the sample apps and check their expectations.",
            usage: "replay [--format text|json|junit] [-o OUT] SCRIPT_OR_DIR...",
            arguments: [CommandHelp.Entry("SCRIPT_OR_DIR", "Replay scripts, or directories whose *.plist run in name order.")],
            options: [
                CommandHelp.Entry("--format FORMAT", "Report format: text (default), json or junit."),
                CommandHelp.Entry("-o, --output OUT", "Write the report to OUT; the summary line still goes to stdout."),
            ]
        )
    }

    static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        let parsed = try ParsedArguments(
            arguments, spec: ArgumentSpec(valueOptions: ["--format", "--output"], aliases: ["-o": "--output"]))
        let format = try parsed.choice("--format", in: formats, default: "text")
        let paths = try parsed.requirePositionals("SCRIPT_OR_DIR")
        let runner = ReplayAppRegistry.runner(currentDirectory: context.currentDirectory)
        let report: ReplayReport
        do {
            report = try runner.run(paths: paths)
        } catch {
            throw CommandError.noInput(error.description)
        }
        let output = switch format {
        case "json": ReplayJSONReport.render(report)
        case "junit": ReplayJUnitReport.render(report)
        default: Data(ReplayTextReport.render(report).utf8)
        }
        if let destination = parsed.value("--output") {
            let path = context.resolve(destination)
            do {
                try output.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw CommandError.failure("cannot write '\(destination)': \(Self.reason(error))")
            }
            context.standardOutput.write(report.summaryLine + "\n")
        } else {
            context.standardOutput.write(output)
        }
        return report.passed ? .success : .failure
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
