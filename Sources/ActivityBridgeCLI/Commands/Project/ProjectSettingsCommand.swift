import Diagnostics
import Foundation
import BuildSettings
import JSON
import PropertyList
import XcodeProject

/// A target's resolved build settings, as `xcodebuild -showBuildSettings` would print them, evaluated in Xcode's order (built-in defaults,
/// project xcconfig, project, target xcconfig, target, `--define`).
///
/// Text: `NAME = VALUE` lines, sorted; with `--show-origin` each line ends with `  # FILE:LINE (level)`.
/// JSON: `{"project","target","configuration","settings":{NAME:VALUE}}`, plus `"origins":{NAME:{"file",
/// "line","level"}}` with `--show-origin`. xcconfig problems go to stderr as diagnostics (exit 0 unless
/// one is an error).
enum ProjectSettingsCommand: Command {
    static let project = Positional("PATH.xcodeproj", help: "The Xcode project.")
    static let target = Option("--target", value: "NAME", required: true, help: "The target whose settings to resolve.")
    static let configurationName = Option(
        "--configuration", value: "NAME", help: "The build configuration (default: the project's default, usually Release).")
    static let showOrigin = Flag("--show-origin", help: "Say where each value was set: file, line and level.")
    static let format = CommonOptions.format(TextOrJSON.self)

    static let configuration = CommandConfiguration(
        path: "project settings",
        overview: "Print a target's resolved build settings, like xcodebuild -showBuildSettings.",
        arguments: [target.declaration, configurationName.declaration, CommonOptions.define.declaration, showOrigin.declaration,
                    format.declaration, project.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.format(format)
        let path = try parsed.requiredValue(project)
        let xcodeProject = try ProjectFile.read(path, context: context)
        let target = try ProjectFile.target(try parsed.requiredValue(target), in: xcodeProject, path: path)
        let configuration = try ProjectFile.configuration(try parsed.value(configurationName), in: xcodeProject, path: path)
        let settings = xcodeProject.buildSettings(for: target, configuration: configuration, defines: try CommonOptions.buildSettings(parsed))
        let withOrigins = parsed.isSet(showOrigin)

        context.standardError.write(settings.diagnostics.map(\.textLines).joined())
        let output = switch format {
        case .json: json(settings, project: path, withOrigins: withOrigins)
        case .text: text(settings, withOrigins: withOrigins)
        }
        context.standardOutput.write(output)
        return settings.diagnostics.contains { $0.severity == .error } ? .failure : .success
    }

    static func text(_ settings: TargetBuildSettings, withOrigins: Bool) -> String {
        settings.resolved.names.compactMap { name in
            guard let setting = settings.resolved.settings[name] else { return nil }
            let origin = withOrigins ? "  # \(setting.origin)" : ""
            return "\(name) = \(setting.value)\(origin)\n"
        }.joined()
    }

    static func json(_ settings: TargetBuildSettings, project: String, withOrigins: Bool) -> String {
        let names = settings.resolved.names
        var members: [(String, JSONValue)] = [
            ("project", .string(project)), ("target", .string(settings.target)), ("configuration", .string(settings.configuration)),
            ("settings", .object(names.map { ($0, .string(settings.resolved[$0] ?? "")) })),
        ]
        if withOrigins {
            members.append(("origins", .object(names.compactMap { name in
                guard let origin = settings.resolved.settings[name]?.origin else { return nil }
                return (name, .object([
                    ("file", .string(origin.location?.file)), ("line", .integer(origin.location?.line)),
                    ("level", .string(origin.level.rawValue)),
                ]))
            })))
        }
        return JSONValue.object(members).text + "\n"
    }
}
