import Audit
import Diagnostics
import Foundation
import BuildSettings
import JSON
import PropertyList
import XcodeProject

/// Every `*.xcodeproj` under PATH, every XcodeGen spec whose project is not committed
/// (`ProjectFiles.xcodeGenSpecs`) and every Tuist `Project.swift` (read statically by the audit's
/// `TuistProjectBuilder`) (dependency and build folders and hidden folders skipped), its targets with
/// their kinds and product types, and its configurations. A PATH that is itself an `.xcodeproj` lists that one.
///
/// Text: a line per project (`App.xcodeproj (configurations: Debug, Release; default Release)`), then
/// `  TARGET  PRODUCT-TYPE` lines. JSON: `{"projects":[{"path","configurations","defaultConfiguration",
/// "targets":[{"name","kind","productType"}],"diagnostics":[…]}]}`. A project that cannot be read is
/// reported as a diagnostic and the others are still listed (exit 1); a missing PATH is 66.
enum ProjectListCommand: Command {
    static let format = CommonOptions.format(TextOrJSON.self)
    static let path = Positional("PATH", required: false, help: "A folder to search, or one .xcodeproj (default: the current directory).")

    static let configuration = CommandConfiguration(
        path: "project list",
        overview: "List the Xcode projects under a folder: targets, product types and configurations.",
        arguments: [format.declaration, path.declaration])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let format = try parsed.format(format)
        let given = parsed.value(path) ?? "."
        let root = context.resolve(given)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError.noInput("no folder at '\(given)'")
        }
        let files = ProjectFiles(root: root.hasSuffix(".xcodeproj") ? (root as NSString).deletingLastPathComponent : root)
        let paths = root.hasSuffix(".xcodeproj") ? [(root as NSString).lastPathComponent]
            : (files.projects() + files.xcodeGenSpecs() + files.tuistManifests()).sorted()
        var listed: [(path: String, project: XcodeProject?, diagnostics: [Diagnostic])] = []
        for path in paths {
            if TuistProjectPaths.isManifest(path) {
                switch TuistProjectBuilder(files: files).read(path) {
                case let .success(project): listed.append((path, project, project.diagnostics))
                case let .failure(diagnostic): listed.append((path, nil, [diagnostic]))
                }
                continue
            }
            do {
                let project = try XcodeProjectReader(files: files).readProjectOrSpec(path)
                listed.append((path, project, project.diagnostics))
            } catch {
                let diagnostic = error.diagnostics.last
                    ?? Diagnostic(.plistSyntax, error.description, at: SourceLocation(file: XcodeProject.definitionFile(ofProjectAt: path), line: 1, column: 1))
                listed.append((path, nil, [diagnostic]))
            }
        }
        let output = switch format {
        case .json: json(listed)
        case .text: text(listed)
        }
        context.standardOutput.write(output)
        return listed.contains { $0.project == nil || $0.diagnostics.contains { $0.severity == .error } } ? .failure : .success
    }

    static func text(_ listed: [(path: String, project: XcodeProject?, diagnostics: [Diagnostic])]) -> String {
        guard !listed.isEmpty else { return "no Xcode projects found\n" }
        var text = ""
        for entry in listed {
            if let project = entry.project {
                let configurations = project.configurationNames.joined(separator: ", ")
                text += "\(entry.path) (configurations: \(configurations); default \(project.defaultConfigurationName ?? "none"))\n"
                let width = (project.targets.map(\.name.count).max() ?? 0) + 2
                for target in project.targets {
                    let type = target.productType ?? "(\(target.kind.rawValue))"
                    text += "  " + target.name.padding(toLength: width, withPad: " ", startingAt: 0) + type + "\n"
                }
            }
            text += entry.diagnostics.map(\.textLines).joined()
        }
        return text
    }

    static func json(_ listed: [(path: String, project: XcodeProject?, diagnostics: [Diagnostic])]) -> String {
        let projects: [JSONValue] = listed.map { entry in
            var members: [(String, JSONValue)] = [("path", .string(entry.path))]
            if let project = entry.project {
                members += [
                    ("configurations", .array(project.configurationNames.map { .string($0) })),
                    ("defaultConfiguration", .string(project.defaultConfigurationName)),
                    ("targets", .array(project.targets.map { target in
                        .object([("name", .string(target.name)), ("kind", .string(target.kind.rawValue)),
                                 ("productType", .string(target.productType))])
                    })),
                ]
            }
            members.append(("diagnostics", .array(entry.diagnostics.map { $0.jsonValue() })))
            return .object(members)
        }
        return JSONValue.object([("projects", .array(projects))]).text + "\n"
    }
}
