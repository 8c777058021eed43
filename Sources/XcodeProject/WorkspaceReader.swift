public import Diagnostics
public import BuildSettings
import Foundation
import PropertyList

/// A workspace's `contents.xcworkspacedata`: the projects it lists (each `<FileRef location="…">` ending in
/// `.xcodeproj`, nested `<Group>`s' locations applied), as repository paths.
public struct XcodeWorkspace: Hashable, Sendable {
    /// The `.xcworkspace` folder, as shown.
    public var path: String
    public var projects: [String]
    /// Each listed project's `<FileRef>`, for a note about it.
    public var locations: [String: SourceLocation]
}

/// Why a workspace was not read: a located reason (the audit makes it a `workspace-invalid` note).
public struct WorkspaceReadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public var location: SourceLocation

    public var description: String { "\(location): \(reason)" }
}

/// Reads `NAME.xcworkspace/contents.xcworkspacedata` with libxml2's SAX2 parser, as ``XcodeSchemeReader`` reads
/// schemes (bounded, no network, no entity, a DOCTYPE stops the file). Locations are Xcode's: `group:` is relative
/// to the enclosing group (the workspace's folder at the top), `container:` to the workspace's folder, `self:` is
/// the workspace's own project (an `.xcodeproj`'s embedded workspace), `absolute:` as written; `developer:` paths
/// are Xcode's own, never in the repository.
public struct WorkspaceReader: Sendable {
    public var files: ProjectFiles

    public init(files: ProjectFiles = ProjectFiles()) { self.files = files }

    /// The repository's workspaces below `folder` (shown paths, sorted): `.xcworkspace` folders with a
    /// `contents.xcworkspacedata`, not those inside an `.xcodeproj` (its own embedded workspace).
    public func workspaces(under folder: String = ".") -> [String] {
        var result: [String] = []
        files.searchEntries(under: folder) { shown, name, isFolder in
            if isFolder, name.hasSuffix(".xcworkspace"),
               FileManager.default.fileExists(atPath: files.fileSystemPath(BuildSettingPath.join(shown, "contents.xcworkspacedata"))) {
                result.append(shown)
            }
        }
        return result.sorted()
    }

    public func read(_ path: String) -> Result<XcodeWorkspace, WorkspaceReadError> {
        let file = BuildSettingPath.join(path, "contents.xcworkspacedata")
        let start = SourceLocation(file: file, line: 1, column: 1)
        let data: Data
        do {
            data = try files.read(file, maximumSize: XcodeSchemeLimits.maximumFileSize, kind: "a workspace")
        } catch {
            if case let .unreadableFile(_, reason) = error {
                return .failure(WorkspaceReadError(reason: "cannot read workspace '\(path)': \(reason); its projects are not looked for", location: start))
            }
            return .failure(WorkspaceReadError(reason: "cannot read workspace '\(path)': \(error); its projects are not looked for", location: start))
        }
        return Self.parse(data, path: path)
    }

    /// Parses the XML of the workspace at `path` (the `.xcworkspace` folder, for locations and paths).
    public static func parse(_ data: Data, path: String) -> Result<XcodeWorkspace, WorkspaceReadError> {
        let file = BuildSettingPath.join(path, "contents.xcworkspacedata")
        let events = data.withUnsafeBytes { SchemeSAX.parse($0, file: file, kind: "workspace", consequence: "its projects are not looked for") }
        if let failure = events.failure { return .failure(WorkspaceReadError(reason: failure.message, location: failure.location)) }
        guard let root = events.elements.first else {
            return .failure(WorkspaceReadError(reason: "workspace cannot be read: no root element", location: SourceLocation(file: file, line: 1, column: 1)))
        }
        guard root.name == "Workspace" else {
            return .failure(WorkspaceReadError(reason: "not a workspace: the root element is <\(root.name)>, not <Workspace>; its projects are not looked for",
                                               location: root.location))
        }
        let folder = Self.folder(of: path)
        // Each element's folder: a group's location moves it for what it holds.
        var folders: [String?] = []
        var workspace = XcodeWorkspace(path: path, projects: [], locations: [:])
        for element in events.elements {
            let enclosing = element.parent.flatMap { folders[$0] } ?? folder
            var resolved: String?
            if let location = element.attributes["location"] {
                resolved = Self.resolve(location, enclosing: enclosing, workspaceFolder: folder, workspace: path)
            }
            folders.append(element.name == "Group" ? (resolved ?? enclosing) : enclosing)
            guard element.name == "FileRef", let project = resolved, project.hasSuffix(".xcodeproj") else { continue }
            if !workspace.projects.contains(project) {
                workspace.projects.append(project)
                workspace.locations[project] = element.location
            }
        }
        return .success(workspace)
    }

    /// A `location` attribute as a repository path; nil for Xcode's own (`developer:`) or an unknown kind.
    static func resolve(_ location: String, enclosing: String, workspaceFolder: String, workspace: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon], path = String(location[location.index(after: colon)...])
        switch kind {
        case "group": return clean(BuildSettingPath.join(enclosing, path))
        case "container": return clean(BuildSettingPath.join(workspaceFolder, path))
        // `self:` in an `.xcodeproj`'s embedded workspace is that project.
        case "self": return folder(of: workspace)
        case "absolute": return path
        default: return nil
        }
    }

    /// A path standardized, without a trailing `/`, `.` for the root.
    static func clean(_ path: String) -> String {
        var parts: [Substring] = []
        for part in BuildSettingPath.standardized(path).split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The folder of a path (`.` at the root).
    static func folder(of path: String) -> String {
        let parts = clean(path).split(separator: "/")
        return parts.count <= 1 ? "." : parts.dropLast().joined(separator: "/")
    }
}
