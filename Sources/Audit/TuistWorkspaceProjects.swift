import Foundation
import BuildSettings
import Diagnostics
import SwiftFacts
import XcodeProject

/// The projects workspaces list: an `.xcworkspace`'s `<FileRef>`s to `.xcodeproj`s, and a Tuist `Workspace.swift`'s
/// `projects:` (folders or globs of folders holding a `Project.swift`). Only projects inside the repository are
/// taken (as local packages are), and none under a dependency folder (`Pods/Pods.xcodeproj` of a CocoaPods
/// workspace is no app); what cannot be read or taken is a located note.
struct ListedProjects {
    private(set) var projects: [String] = []
    private(set) var diagnostics: [Diagnostic] = []

    init(files: ProjectFiles, workspaces: [String], tuistWorkspaces: [String]) {
        for workspace in workspaces {
            switch WorkspaceReader(files: files).read(workspace) {
            case let .failure(error):
                diagnostics.append(Diagnostic(.workspaceInvalid, error.reason, at: error.location))
            case let .success(read):
                for project in read.projects {
                    let at = read.locations[project] ?? SourceLocation(file: BuildSettingPath.join(workspace, "contents.xcworkspacedata"), line: 1, column: 1)
                    take(project, listedAt: at, files: files,
                         exists: files.contents(of: BuildSettingPath.join(project, "project.pbxproj")) != nil)
                }
            }
        }
        for manifest in tuistWorkspaces {
            let read: TuistWorkspace
            do throws(TuistManifestError) {
                read = try TuistManifestReader.readWorkspace(TuistManifestReader.File.read(files.fileSystemPath(manifest), displayPath: manifest))
            } catch {
                diagnostics.append(Diagnostic(.tuistManifestGap, "the Tuist workspace is not read: \(error.reason)", at: error.position))
                continue
            }
            diagnostics += read.gaps.map { Diagnostic(.tuistManifestGap, "not followed in the Tuist workspace, static reading (never run) stops at \($0.what)", at: $0.position) }
            var listing: [String: [String]] = [:]
            for pattern in read.projects {
                // A folder, or a glob of folders: each folder holding a Project.swift.
                let manifests = TuistProjectPaths.files(matching: BuildSettingPath.join(pattern, "Project.swift"), excluding: [], in: files, listing: &listing)
                for found in manifests where TuistProjectPaths.isManifest(found) {
                    take(found, listedAt: read.position, files: files, exists: true)
                }
            }
        }
    }

    private mutating func take(_ project: String, listedAt location: SourceLocation, files: ProjectFiles, exists: Bool) {
        let components = project.split(separator: "/")
        if project.hasPrefix("/") || components.first == ".." {
            diagnostics.append(Diagnostic(.workspaceInvalid, "the workspace lists '\(project)', outside the repository: not read", at: location))
        } else if components.contains(where: { ProjectFiles.skippedFolders.contains(String($0)) }) {
            return  // a dependency manager's project
        } else if !exists {
            diagnostics.append(Diagnostic(.workspaceInvalid, "the workspace lists '\(project)', which is not there (no project.pbxproj): not read", at: location))
        } else if !projects.contains(project) {
            projects.append(project)
        }
    }
}
