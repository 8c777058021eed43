import ActivityBridge
import Foundation

/// Runs replay scripts (ActivityBridge.docc, "Replay scripts") against the apps linked into the binary (the samples), each in a fresh
/// temporary directory; scripts naming an `--app-model`'s name run against a generic app built from it.
/// `$(…)` in an app's declared types expand with `--define` and the build settings of its `--project`
/// target (``ReplayProjectSettings``). Exit 0 when every expectation held, 1 when any failed or a script had an
/// error, 64 on a usage error, 66 when a path does not exist or a directory holds no scripts.
enum ReplayCommand: Command {
    enum Format: String, OutputFormat { case text, json, junit }
    static let format = CommonOptions.format(Format.self, "Report format")
    static let output = CommonOptions.output("Write the report to OUT; the summary line still goes to stdout.")
    static let scripts = Positional("SCRIPT_OR_DIR", repeatable: true, help: "Replay scripts, or directories whose *.plist run in name order.")

    static let configuration = CommandConfiguration(
        path: "replay",
        overview: "Run replay scripts against the sample apps or app models and check their expectations.",
        arguments: [format.declaration, output.declaration, CommonOptions.define.declaration] + ReplayProjectSettings.declarations
            + [AppModelFiles.option.declaration, AppModelFiles.replayManifestOption.declaration, scripts.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.format(format)
        let paths = parsed.values(scripts)
        let models = try AppModelFiles.loadFiles(parsed.values(AppModelFiles.option), consequence: "no script ran", context: context)
        let manifestPaths = try parsed.values(AppModelFiles.replayManifestOption)
        if !manifestPaths.isEmpty, models.isEmpty { throw CommandError.usage("--manifest needs the --app-model it is for") }
        let manifests = try AppModelFiles.bridgeManifests(manifestPaths, for: models, context: context)
        var runner = ReplayAppRegistry.runner(context: context, models: models, manifests: manifests)
        // `$(…)` in declared types expand as Xcode expands them in the built Info.plist.
        runner.buildSettings = try CommonOptions.buildSettings(parsed)
        let report: ReplayReport
        do {
            // The apps the scripts name, each with its target's settings (before anything runs); an
            // unknown app is its scripts' own error.
            let apps = try parsed.value(ReplayProjectSettings.project) == nil ? []
                : try runner.appNames(inScriptsAt: paths).filter { runner.factory(named: $0) != nil }
            runner.appBuildSettings = try ReplayProjectSettings.settings(
                parsed, appNames: apps, models: models.map(\.model), defines: runner.buildSettings, context: context)
            report = try runner.run(paths: paths)
        } catch let error as ReplayInputError {
            throw CommandError.noInput(error.description)
        }
        let rendered = switch format {
        case .json: ReplayJSONReport.render(report)
        case .junit: ReplayJUnitReport.render(report)
        case .text: Data(ReplayTextReport.render(report).utf8)
        }
        if let destination = try parsed.value(Self.output) {
            let path = context.resolve(destination)
            do {
                try rendered.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw CommandError.failure("cannot write '\(destination)': \(Self.reason(error))")
            }
            context.standardOutput.write(report.summaryLine + "\n")
        } else {
            context.standardOutput.write(rendered)
        }
        return report.passed ? .success : .failure
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
