import Foundation
import BuildSettings
import PropertyList
import XcodeProject

/// Opening the projects a `project` or `validate --project` command names, with the exit codes of the
/// command-line contract: a path that does not exist is 66, a file that is not a project is 1.
enum ProjectFile {
    /// Reads the `.xcodeproj` at `path` (as the user wrote it, relative to the working directory).
    static func read(_ path: String, context: CommandContext) throws(CommandError) -> XcodeProject {
        let resolved = context.resolve(path)
        let folder = (resolved as NSString).deletingLastPathComponent
        let name = (resolved as NSString).lastPathComponent
        guard name.hasSuffix(".xcodeproj") else {
            throw .usage("'\(path)' is not an .xcodeproj folder")
        }
        do {
            return try XcodeProjectReader(files: ProjectFiles(root: folder)).read(name)
        } catch let .unreadableFile(_, reason) {
            throw .noInput("cannot read '\(path)/project.pbxproj': \(reason)")
        } catch {
            throw .failure(error.description)
        }
    }

    /// The target named `name`, or a failure that lists the project's targets.
    static func target(_ name: String, in project: XcodeProject, path: String) throws(CommandError) -> XcodeTarget {
        guard let target = project.target(named: name) else {
            throw .failure("no target '\(name)' in '\(path)' (targets: \(project.targets.map(\.name).joined(separator: ", ")))")
        }
        return target
    }

    /// The configuration to evaluate: the one named, which must exist, or the project's default.
    static func configuration(_ name: String?, in project: XcodeProject, path: String) throws(CommandError) -> String? {
        guard let name else { return project.defaultConfigurationName }
        guard project.configurationNames.contains(name) else {
            throw .failure("no configuration '\(name)' in '\(path)' (configurations: \(project.configurationNames.joined(separator: ", ")))")
        }
        return name
    }
}
