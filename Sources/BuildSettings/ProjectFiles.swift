import Foundation
public import PropertyList
public import FileInput

/// Maps the paths the model shows (relative to a root folder, e.g. a repository; or absolute) to the
/// file system, and reads what the project reader needs: xcconfig text, folder listings.
public struct ProjectFiles: Sendable {
    /// The folder the shown paths are relative to, as the process sees it (`.` for the current folder).
    public var root: String

    public init(root: String = ".") { self.root = root }

    /// The path to open for a shown path. A relative path that does not exist as written is looked up as
    /// macOS's default file system (case-insensitive) finds it, where Xcode built the project: `foqos/Info.plist`
    /// is `Foqos/Info.plist` when only that exists (one match per component, else the path as written).
    public func fileSystemPath(_ path: String) -> String {
        let written = path.hasPrefix("/") || root == "." || root.isEmpty ? path : BuildSettingPath.join(root, path)
        guard !path.hasPrefix("/"), !FileManager.default.fileExists(atPath: written) else { return written }
        return caseInsensitiveMatch(path) ?? written
    }

    /// `path` (relative to ``root``) with each component replaced by the one entry of its folder that equals it
    /// ignoring case; nil when a component has none or several.
    private func caseInsensitiveMatch(_ path: String) -> String? {
        var folder = root.isEmpty ? "." : root
        let components = path.split(separator: "/").map(String.init)
        guard components.count <= 64 else { return nil }
        for component in components {
            if component == "." { continue }
            let candidate = folder == "." ? component : folder + "/" + component
            if component == ".." || FileManager.default.fileExists(atPath: candidate) {
                folder = candidate
                continue
            }
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
            let matches = entries.filter { $0.lowercased() == component.lowercased() }
            guard matches.count == 1 else { return nil }
            folder = folder == "." ? matches[0] : folder + "/" + matches[0]
        }
        return folder
    }

    /// The bytes of the regular file at a shown path, or why it cannot be read. A repository is nobody's
    /// to trust: a FIFO, a device (a link to `/dev/zero`), a directory or a file above the size limit is
    /// refused before a byte is read (`PropertyListReader.contents(ofFile:)`), never waited on or read whole.
    /// - Throws: `PropertyListReadError.unreadableFile(path:reason:)` naming `path`.
    /// `kind` names what the limit is for in a refusal by size ("a property list").
    public func read(
        _ path: String, maximumSize: Int = PropertyListReader.maximumInputSize, kind: String = "a property list"
    ) throws(PropertyListReadError) -> Data {
        try PropertyListReader.contents(ofFile: fileSystemPath(path), displayPath: path, maximumSize: maximumSize, kind: kind)
    }

    /// ``read(_:maximumSize:kind:)``, nil when the file cannot be read.
    public func contents(of path: String) -> Data? {
        try? read(path)
    }

    /// Why ``contents(of:)`` gives nil for `path` (`.noSuchFile`, `.notRegular(.fifo)`, …; a file that can be
    /// read after all: `.other("cannot be read")`).
    public func unreadableReason(_ path: String) -> FileUnreadableReason {
        do throws(PropertyListReadError) {
            _ = try read(path)
            return .other("cannot be read")
        } catch {
            guard case let .unreadableFile(_, reason) = error else { return .other(error.description) }
            return reason
        }
    }

    public func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: fileSystemPath(path), isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Every regular file under `folder`, as shown paths, sorted; hidden entries skipped. Folders reached
    /// through a symbolic link are not entered (no cycles).
    public func files(under folder: String) -> [String] {
        var result: [String] = []
        walk(under: folder) { shown, _, type in
            if type == .regular { result.append(shown) }
            return type == .directory
        }
        return result.sorted()
    }

    /// Every entry below `folder` but hidden ones, depth first: `visit` gets its shown path, its name and its
    /// type (a symbolic link's own, not its target's) and says whether to enter it (a folder).
    package func walk(under folder: String, _ visit: (_ shown: String, _ name: String, _ type: EntryType) -> Bool) {
        var pending = [Self.listedFolder(folder, fileSystemPath(folder))]
        let manager = FileManager.default
        while let current = pending.popLast() {
            guard let entries = try? manager.contentsOfDirectory(atPath: current.path) else { continue }
            for entry in entries where !entry.hasPrefix(".") {
                let child = current.child(entry)
                let type = Self.entryType(child.path)
                if visit(child.shown, entry, type), type == .directory { pending.append(child) }
            }
        }
    }

    /// A folder of a walk: its shown path and the path to open. The entries a listing gives exist as named,
    /// so a child's paths are the parent's and the name (no standardizing, no lookup) — a walk of a large
    /// repository is one `lstat` per entry.
    struct ListedFolder {
        var shown: String
        var path: String

        func child(_ name: String) -> ListedFolder {
            ListedFolder(shown: shown == "." ? name : shown + "/" + name, path: path + "/" + name)
        }
    }

    static func listedFolder(_ shown: String, _ path: String) -> ListedFolder {
        let standardized = BuildSettingPath.standardized(shown)
        return ListedFolder(shown: standardized.isEmpty ? "." : standardized, path: path.isEmpty ? "." : path)
    }

    package enum EntryType { case directory, regular, link, other }

    /// What an entry is, the link itself for a symbolic link (`lstat`).
    package static func entryType(_ path: String) -> EntryType {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regular
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// Folders a project search does not enter: dependencies and build output.
    public static let skippedFolders: Set<String> = ["Pods", "Carthage", ".build", "DerivedData", "node_modules"]

    /// Every `*.xcodeproj` with a `project.pbxproj` under `folder` (shown paths, sorted), skipping
    /// ``skippedFolders`` and hidden folders, and not looking inside a project or workspace bundle.
    public func projects(under folder: String = ".") -> [String] {
        var result: [String] = []
        searchEntries(under: folder) { shown, name, isFolder in
            if isFolder, name.hasSuffix(".xcodeproj"),
               FileManager.default.fileExists(atPath: fileSystemPath(BuildSettingPath.join(shown, "project.pbxproj"))) {
                result.append(shown)
            }
        }
        return result.sorted()
    }

    /// The walk of a project search, once for every kind of project it looks for: every entry below `folder`
    /// (its shown path, its name, whether it is a folder), skipping hidden folders and ``skippedFolders``, not
    /// following links to folders, and not entering a project or workspace bundle (which is itself visited).
    package func searchEntries(under folder: String, _ visit: (_ shown: String, _ name: String, _ isFolder: Bool) -> Void) {
        walk(under: folder) { shown, name, type in
            guard !Self.skippedFolders.contains(name) else { return false }
            switch type {
            case .directory:
                visit(shown, name, true)
                return !name.hasSuffix(".xcodeproj") && !name.hasSuffix(".xcworkspace")
            case .link:
                // A link to a folder is not followed (no cycles); a link to anything else is visited as a file.
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: fileSystemPath(shown), isDirectory: &isDirectory), isDirectory.boolValue { return false }
                visit(shown, name, false)
            case .regular, .other:
                visit(shown, name, false)
            }
            return false
        }
    }
}
