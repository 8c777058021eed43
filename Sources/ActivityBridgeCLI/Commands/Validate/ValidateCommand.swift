import ActivityKit
import Foundation
import PropertyList
import XcodeProject

/// `activity-bridge validate [--format text|json|sarif] [--define NAME=VALUE]... [--manifest BRIDGE.plist]... [--warnings-as-errors] PLIST...`
///
/// Checks each Info.plist's syntax and `NSUserActivityTypes` declarations (`spec/cli.md`, "validate").
/// Exit 0 when clean, 1 on any error (or warning with `--warnings-as-errors`), 64 on a usage error,
/// 66 when an input cannot be read (the other files are still checked and reported).
enum ValidateCommand: Command {
    static let formats = ["text", "json", "sarif"]

    static var help: CommandHelp {
        CommandHelp(
            path: "validate",
            overview: "Check Info.plist NSUserActivityTypes declarations (text, JSON or SARIF).",
            usage: "validate [--format text|json|sarif] [--define NAME=VALUE]... [--manifest BRIDGE.plist]... [--warnings-as-errors] PLIST...",
            arguments: [CommandHelp.Entry("PLIST", "Info.plist files to check (XML or binary).")],
            options: [
                CommandHelp.Entry("--format FORMAT", "Output format: text (default), json or sarif."),
                CommandHelp.Entry("--define NAME=VALUE", "Define a build setting for $(NAME) / ${NAME} references; repeatable."),
                CommandHelp.Entry("--manifest BRIDGE.plist", "Cross-check declared types with a bridge manifest's (activity-type-unhandled/-undeclared) and check the manifest; repeatable: one for all PLISTs, or one per PLIST in order."),
                CommandHelp.Entry("--warnings-as-errors", "Exit 1 when there is any warning."),
            ]
        )
    }

    static func run(_ arguments: [String], context: CommandContext) throws -> ExitCode {
        let parsed = try ParsedArguments(
            arguments, spec: ArgumentSpec(valueOptions: ["--format", "--define", BridgeManifestFiles.option], flags: ["--warnings-as-errors"]))
        let format = try parsed.choice("--format", in: formats, default: "text")
        let defines = try buildSettings(parsed.values("--define"))
        let paths = try parsed.requirePositionals("PLIST")
        let warningsAsErrors = parsed.flag("--warnings-as-errors")

        let files = paths.map { ActivityTypeValidator.BatchFile(path: context.resolve($0), displayPath: $0) }
        let manifests = BridgeManifestFiles.load(parsed.values(BridgeManifestFiles.option), platform: .latest, keepHosts: false,
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

        let output = switch format {
        case "json": ValidateJSONFormatter.render(report)
        case "sarif": ValidateSARIFFormatter.render(report, toolVersion: ActivityBridgeCommand.version)
        default: ValidateTextFormatter.render(report)
        }
        context.standardOutput.write(output)

        if !unreadable.isEmpty {
            throw CommandError.noInput(unreadable.joined(separator: "; "))
        }
        return report.fails(warningsAsErrors: warningsAsErrors) ? .failure : .success
    }

    /// `--define NAME=VALUE` values; the last definition of a name wins.
    static func buildSettings(_ definitions: [String]) throws(CommandError) -> BuildSettings {
        var settings = BuildSettings()
        for text in definitions {
            guard let (name, value) = BuildSettings.parseDefinition(text) else {
                throw .usage("invalid value '\(text)' for '--define': expected NAME=VALUE, NAME made of letters, digits and _")
            }
            settings[name] = value
        }
        return settings
    }
}
