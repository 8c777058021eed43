import ActivityKit
import Diagnostics
import Foundation
import ActivityKit
import BuildSettings
import IntentKit
import PropertyList
import XcodeProject

/// Checks each Info.plist's syntax and `NSUserActivityTypes` declarations (ActivityBridgeCLI.docc, CommandLine, "validate").
/// With `--project`, the build settings come from the Xcode project (each app and extension target, or
/// the `--target`s): each target's `INFOPLIST_FILE` is checked with its own resolved settings (`--define`
/// still overrides), and an undefined setting expands to empty as in Xcode (`build-setting-undefined`, a
/// note). PLISTs given with `--project` are checked with the settings of its one (or the one `--target`) target.
/// Exit 0 when clean, 1 on any error (or warning with `--warnings-as-errors`), 64 on a usage error,
/// 66 when an input cannot be read (the other files are still checked and reported).
enum ValidateCommand: Command {
    enum Format: String, OutputFormat { case text, json, sarif, github }
    static let format = CommonOptions.format(Format.self)
    static let project = Option(
        "--project", value: "PATH.xcodeproj", help: "Take the Info.plists and build settings from this Xcode project's targets.")
    static let targets = Option(
        "--target", value: "NAME", repeatable: true, help: "With --project: only this target (default: every app and extension target); repeatable.")
    static let configurationName = Option(
        "--configuration", value: "NAME", help: "With --project: the build configuration (default: the project's default).")
    static let plists = Positional("PLIST", repeatable: true, required: false, help: "Info.plist files to check (XML or binary).")

    static let configuration = CommandConfiguration(
        path: "validate",
        overview: "Check Info.plist NSUserActivityTypes declarations (text, JSON, SARIF or GitHub annotations).",
        arguments: [format.declaration, CommonOptions.define.declaration, project.declaration, targets.declaration,
                    configurationName.declaration, BridgeManifestFiles.option.declaration, AppModelFiles.manifestOption.declaration,
                    CommonOptions.disable.declaration, CommonOptions.warningsAsErrors.declaration, CommonOptions.color.declaration,
                    plists.declaration])

    /// Info.plists checked with the same build settings.
    struct Group {
        var files: [ActivityTypeValidator.BatchFile]
        var defines: BuildSettings
    }

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.format(format)
        let defines = try CommonOptions.buildSettings(parsed)
        let filter = try CommonOptions.filter(parsed)
        let paths = parsed.values(plists)
        let warningsAsErrors = parsed.isSet(CommonOptions.warningsAsErrors)

        var projectResults: [ValidationResult] = []
        let groups: [Group]
        if let projectPath = try parsed.value(project) {
            (groups, projectResults) = try projectGroups(projectPath, parsed: parsed, plists: paths, defines: defines, context: context)
        } else {
            guard !paths.isEmpty else { throw CommandError.usage("missing argument PLIST (or --project PATH.xcodeproj)") }
            if !(try parsed.values(targets)).isEmpty || parsed.isGiven(configurationName) {
                throw CommandError.usage("--target and --configuration need --project")
            }
            groups = [Group(files: paths.map { ActivityTypeValidator.BatchFile(path: context.resolve($0), displayPath: $0) }, defines: defines)]
        }
        let files = groups.flatMap(\.files)
        let models = try AppModelFiles.load(parsed.values(AppModelFiles.manifestOption), consequence: "nothing was validated", context: context)
        let manifests = BridgeManifestFiles.load(try parsed.values(BridgeManifestFiles.option), platform: .latest, keepHosts: false,
                                                 models: models, context: context)
        let handledTypes = try BridgeManifestFiles.handledTypes(manifests, plistCount: files.count)
        // Only after a second, and the clock looked at every 64 files, which keeps its cost out of the per-file path.
        let progress = ProgressLine(context: context, delay: .seconds(1))
        let advance: @Sendable (Int) -> Void = { [total = files.count] done in
            if done % 64 == 0 { progress.show("validated \(done) of \(total) files") }
        }
        // JSON lists every activity type with its position; text and SARIF only need positions for findings.
        let locations: ActivityTypeValidator.LocationPolicy = format == .json ? .always : .onlyForFindings
        var outcomes: [Result<ValidationResult, PropertyListReadError>] = []
        var done = 0
        for group in groups {
            let offset = done
            let types = Array(handledTypes[offset..<(offset + group.files.count)])
            outcomes += manifests.isEmpty
                ? ActivityTypeValidator(locations: locations).validateFiles(group.files, defines: group.defines) { advance(offset + $0) }
                : BridgeManifestFiles.validate(group.files, handledTypes: types, defines: group.defines) { advance(offset + $0) }
            done += group.files.count
        }
        progress.finish()
        var report = ValidateReport()
        report.results.reserveCapacity(outcomes.count)
        var unreadable: [String] = []
        for outcome in outcomes {
            switch outcome {
            case let .success(result): report.results.append(result)
            case let .failure(error): unreadable.append(error.description)
            }
        }
        report.results += projectResults
        report.results += manifests.compactMap(\.validationResult)
        unreadable += manifests.compactMap(\.readError)
        for index in report.results.indices {
            report.results[index].diagnostics = filter.apply(report.results[index].diagnostics)
        }

        let output = switch format {
        case .json: ValidateJSONFormatter.render(report)
        case .sarif: report.sarifLog.text
        case .github: report.githubAnnotations(RepositoryPaths(base: context.currentDirectory))
        case .text: report.text(style: try CommonOptions.terminalStyle(parsed, context: context))
        }
        context.standardOutput.write(output)

        if !unreadable.isEmpty {
            throw CommandError.noInput(unreadable.joined(separator: "; "))
        }
        return report.fails(warningsAsErrors: warningsAsErrors) ? .failure : .success
    }

    /// The groups of `--project`: one per target, each with its Info.plist and its resolved settings;
    /// the project's own findings (unreadable xcconfig files, dangling references) as a result of their own.
    static func projectGroups(
        _ projectPath: String, parsed: ParsedArguments, plists: [String], defines: BuildSettings, context: CommandContext
    ) throws(CommandError) -> ([Group], [ValidationResult]) {
        let xcodeProject = try ProjectFile.read(projectPath, context: context)
        let configuration = try ProjectFile.configuration(try parsed.value(configurationName), in: xcodeProject, path: projectPath)
        let named = try parsed.values(targets)
        var selected: [XcodeTarget] = []
        for name in named { selected.append(try ProjectFile.target(name, in: xcodeProject, path: projectPath)) }
        if named.isEmpty { selected = xcodeProject.targets.filter(\.isApplicationOrExtension) }
        if !plists.isEmpty, selected.count != 1 {
            throw .usage("PLISTs with --project need one target (--target NAME); '\(projectPath)' has \(selected.count) to choose from")
        }
        let projectFolder = (projectPath as NSString).deletingLastPathComponent
        var groups: [Group] = []
        var findings = xcodeProject.diagnostics
        for target in selected {
            let settings = xcodeProject.buildSettings(for: target, configuration: configuration, defines: defines)
            findings += settings.diagnostics
            var targetDefines = settings.resolved.definitions
            if !settings.expandsInfoPlist { targetDefines = BuildSettings() }
            let files: [ActivityTypeValidator.BatchFile]
            if !plists.isEmpty {
                files = plists.map { ActivityTypeValidator.BatchFile(path: context.resolve($0), displayPath: $0) }
            } else if let infoPlist = xcodeProject.infoPlistPath(settings) {
                let shown = projectFolder.isEmpty ? infoPlist : (projectFolder as NSString).appendingPathComponent(infoPlist)
                files = [ActivityTypeValidator.BatchFile(path: context.resolve(shown), displayPath: shown)]
            } else if !named.isEmpty {
                throw .failure("target \(target.name) of '\(projectPath)' has no INFOPLIST_FILE (\(configuration ?? "default") configuration)")
            } else {
                continue  // a generated Info.plist: nothing on disk to check
            }
            groups.append(Group(files: files, defines: targetDefines))
        }
        guard !groups.isEmpty else {
            throw .failure("no target of '\(projectPath)' has an INFOPLIST_FILE to check")
        }
        let shownProject = (projectPath as NSString).appendingPathComponent("project.pbxproj")
        var seen = Set<Diagnostic>()
        let unique = findings.filter { seen.insert($0).inserted }
        return (groups, unique.isEmpty ? [] : [ValidationResult(path: shownProject, declarations: nil, diagnostics: unique)])
    }
}
