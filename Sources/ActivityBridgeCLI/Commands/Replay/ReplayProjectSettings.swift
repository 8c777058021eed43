import ActivityBridge
import Diagnostics
import Foundation
import ActivityBridge
import BuildSettings
import PropertyList
import XcodeProject

/// `replay`'s `--project`, `--target` and `--configuration`: the build settings that
/// expand `$(…)` in each app's declared types come from the app's Xcode target, as Xcode expands
/// them when it builds the Info.plist; `--define` wins over the project, as in `project settings`.
///
/// Each app the scripts name gets its own target: `--target` when given, else the target an app
/// model's `source.target` names, else the one named like the app (`hairdressers` finds
/// `Hairdressers`; an exact name wins over a case-insensitive one). None, or several equally
/// good, is a usage error that lists the targets.
enum ReplayProjectSettings {
    static let project = Option(
        "--project", value: "PATH.xcodeproj",
        help: "Expand $(…) in the apps' declared types with this Xcode project's build settings (--define wins).")
    static let target = Option(
        "--target", value: "NAME",
        help: "With --project: the target whose settings every script uses (default: the one named like each script's app).")
    static let configuration = Option(
        "--configuration", value: "NAME", help: "With --project: the build configuration (default: the project's default).")

    static var declarations: [ArgumentDeclaration] { [project.declaration, target.declaration, configuration.declaration] }

    /// The build settings of each app in `appNames`, by name; empty without `--project`.
    /// - Parameters:
    ///   - models: the `--app-model` files, whose `source.target` may name their target.
    ///   - defines: `--define`, applied last.
    /// - Throws: a usage error for `--target`/`--configuration` without `--project` or an app
    ///   without a target to match; ``ProjectFile``'s errors for the project, target and configuration.
    static func settings(
        _ parsed: ParsedArguments, appNames: [String], models: [AppModel], defines: BuildSettings, context: CommandContext
    ) throws(CommandError) -> [String: BuildSettings] {
        let targetName = try parsed.value(target)
        let configurationName = try parsed.value(configuration)
        guard let path = try parsed.value(project) else {
            if targetName != nil || configurationName != nil { throw .usage("--target and --configuration need --project") }
            return [:]
        }
        let xcodeProject = try ProjectFile.read(path, context: context)
        let configuration = try ProjectFile.configuration(configurationName, in: xcodeProject, path: path)
        var settings: [String: BuildSettings] = [:]
        var reported = Set<Diagnostic>()
        for app in appNames {
            let chosen: XcodeTarget
            if let targetName {
                chosen = try ProjectFile.target(targetName, in: xcodeProject, path: path)
            } else {
                let named = models.first { $0.name == app }?.source?["target"]?.stringValue
                chosen = try target(for: app, sourceTarget: named, in: xcodeProject, path: path)
            }
            let resolved = xcodeProject.buildSettings(for: chosen, configuration: configuration, defines: defines)
            // A missing xcconfig changes the values: say so, once per finding.
            let fresh = resolved.diagnostics.filter { reported.insert($0).inserted }
            context.standardError.write(fresh.map(\.textLines).joined())
            // INFOPLIST_EXPAND_BUILD_SETTINGS = NO: Xcode leaves the Info.plist's `$(…)` as written.
            guard resolved.expandsInfoPlist else {
                context.standardError.write("note: target \(chosen.name) sets INFOPLIST_EXPAND_BUILD_SETTINGS = NO: \(app)'s declared types are not expanded\n")
                settings[app] = BuildSettings()
                continue
            }
            settings[app] = resolved.resolved.definitions
        }
        return settings
    }

    /// The target of `app`: the one `sourceTarget` names, else the one named exactly like the app,
    /// else the only one named like it ignoring case.
    static func target(for app: String, sourceTarget: String?, in project: XcodeProject, path: String) throws(CommandError) -> XcodeTarget {
        if let sourceTarget, let target = project.target(named: sourceTarget) { return target }
        if let exact = project.target(named: app) { return exact }
        let alike = project.targets.filter { $0.name.lowercased() == app.lowercased() }
        let names = project.targets.map(\.name).joined(separator: ", ")
        guard alike.count == 1 else {
            let why = alike.isEmpty
                ? "no target of '\(path)' is named like app '\(app)'"
                : "several targets of '\(path)' are named like app '\(app)' (\(alike.map(\.name).joined(separator: ", ")))"
            throw .usage("\(why) (targets: \(names)); pass --target NAME")
        }
        return alike[0]
    }
}
