import ActivityKit
import Foundation
import PropertyList
import XcodeProject

/// `activity-bridge validate [--format text|json|sarif] [--define NAME=VALUE]... [--manifest BRIDGE.plist]... [--warnings-as-errors] PLIST...`
///
/// Checks each Info.plist's syntax and `NSUserActivityTypes` declarations (ActivityBridgeCLI.docc, CommandLine, "validate").
/// Exit 0 when clean, 1 on any error (or warning with `--warnings-as-errors`), 64 on a usage error,
/// 66 when an input cannot be read (the other files are still checked and reported).
enum ValidateCommand: Command {
    static let format = CommonOptions.format(["text", "json", "sarif"])
    static let plists = Positional("PLIST", repeatable: true, help: "Info.plist files to check (XML or binary).")

    static let configuration = CommandConfiguration(
        path: "validate",
        overview: "Check Info.plist NSUserActivityTypes declarations (text, JSON or SARIF).",
        arguments: [format.declaration, CommonOptions.define.declaration, BridgeManifestFiles.option.declaration,
                    CommonOptions.disable.declaration, CommonOptions.warningsAsErrors.declaration, plists.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.value(format, default: "text")
        let defines = try CommonOptions.buildSettings(parsed)
        let filter = try CommonOptions.filter(parsed)
        let paths = parsed.values(plists)
        let warningsAsErrors = parsed.isSet(CommonOptions.warningsAsErrors)

        let files = paths.map { ActivityTypeValidator.BatchFile(path: context.resolve($0), displayPath: $0) }
        let manifests = BridgeManifestFiles.load(try parsed.values(BridgeManifestFiles.option), platform: .latest, keepHosts: false,
                                                 unknownAppSeverity: .warning, context: context)
        let handledTypes = try BridgeManifestFiles.handledTypes(manifests, plistCount: files.count)
        let progress = ValidateProgress(total: files.count, context: context)
        // JSON lists every activity type with its position; text and SARIF only need positions for findings.
        let locations: ActivityTypeValidator.LocationPolicy = format == "json" ? .always : .onlyForFindings
        let outcomes = manifests.isEmpty
            ? ActivityTypeValidator(locations: locations).validateFiles(files, defines: defines) { done in progress.advance(to: done) }
            : BridgeManifestFiles.validate(files, handledTypes: handledTypes, defines: defines) { done in progress.advance(to: done) }
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
        report.results += manifests.compactMap(\.validationResult)
        unreadable += manifests.compactMap(\.readError)
        for index in report.results.indices {
            report.results[index].diagnostics = filter.apply(report.results[index].diagnostics)
        }

        let output = switch format {
        case "json": ValidateJSONFormatter.render(report)
        case "sarif": report.sarifLog.text
        default: report.text
        }
        context.standardOutput.write(output)

        if !unreadable.isEmpty {
            throw CommandError.noInput(unreadable.joined(separator: "; "))
        }
        return report.fails(warningsAsErrors: warningsAsErrors) ? .failure : .success
    }
}
