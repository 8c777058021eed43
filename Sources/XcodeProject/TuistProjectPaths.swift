import Foundation
public import BuildSettings

// Where Tuist manifests are, and which files a Tuist source glob names: the parts of reading a Tuist project
// that are about the repository's files (the manifest itself is read by SwiftFacts' TuistManifestReader).

public enum TuistProjectPaths {
    /// A Tuist project manifest: a file named `Project.swift`.
    public static func isManifest(_ path: String) -> Bool { BuildSettingPath.lastComponent(of: path) == "Project.swift" }

    /// The files under the repository that a Tuist glob matches (`Sources/**`, `App/**/*.swift`, `{A,B}/*.m`),
    /// less those an `excluding` glob matches; sorted. A pattern without wildcards names a file, or every file
    /// under a folder. `listing` caches folder walks between globs of one project.
    package static func files(matching pattern: String, excluding: [String], in files: ProjectFiles,
                              listing: inout [String: [String]]) -> [String] {
        let parts = pattern.split(separator: "/").map(String.init)
        // The fixed folder the glob starts in: walked once, not the whole repository.
        let fixed = parts.prefix { !$0.contains(where: { "*?[{".contains($0) }) }
        let folder = fixed.isEmpty ? "." : fixed.joined(separator: "/")
        if fixed.count == parts.count {
            if files.isDirectory(folder) {
                let all = listing[folder] ?? files.files(under: folder)
                listing[folder] = all
                return all.filter { file in !excluding.contains { XcodeGenGlob.matches($0, file) } }
            }
            return FileManager.default.fileExists(atPath: files.fileSystemPath(folder)) ? [folder] : []
        }
        let all = listing[folder] ?? files.files(under: folder)
        listing[folder] = all
        func split(_ glob: String) -> [[String]] { XcodeGenGlob.alternatives(of: glob).map { $0.split(separator: "/").map(String.init) } }
        let wanted = split(pattern), unwanted = excluding.flatMap(split)
        return all.filter { file in
            let components = file.split(separator: "/").map(String.init)
            return wanted.contains { XcodeGenGlob.matches($0, components) } && !unwanted.contains { XcodeGenGlob.matches($0, components) }
        }
    }
}

extension ProjectFiles {
    /// Tuist project manifests under `folder` (shown paths, sorted), searched as ``projects(under:)`` searches: a
    /// `Project.swift` outside a `Tuist/` folder (whose manifests configure Tuist, not a project), beside which no
    /// `.xcodeproj` is committed (the project Tuist generated is read instead).
    public func tuistManifests(under folder: String = ".") -> [String] {
        var manifests: [String] = []
        var projectFolders: Set<String> = []
        searchEntries(under: folder) { shown, name, isFolder in
            if isFolder, name.hasSuffix(".xcodeproj") { projectFolders.insert(BuildSettingPath.directory(of: shown)) }
            guard !isFolder, name == "Project.swift" else { return }
            let components = shown.split(separator: "/")
            guard !components.dropLast().contains("Tuist") else { return }
            manifests.append(shown)
        }
        return manifests.filter { !projectFolders.contains(BuildSettingPath.directory(of: $0)) }.sorted()
    }
}

extension ProjectFiles {
    /// Tuist workspace manifests (`Workspace.swift` outside a `Tuist/` folder) under `folder`, sorted.
    public func tuistWorkspaceManifests(under folder: String = ".") -> [String] {
        var manifests: [String] = []
        searchEntries(under: folder) { shown, name, isFolder in
            guard !isFolder, name == "Workspace.swift", !shown.split(separator: "/").dropLast().contains("Tuist") else { return }
            manifests.append(shown)
        }
        return manifests.sorted()
    }
}
