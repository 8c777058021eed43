public import Diagnostics
import Foundation
public import BuildSettings
public import PropertyList
public import FileInput

/// Why a project could not be read at all (anything less is a diagnostic of ``XcodeProject``).
public enum XcodeProjectReadError: Error, Sendable, CustomStringConvertible {
    /// `project.pbxproj` does not exist or cannot be read.
    case unreadableFile(path: String, reason: FileUnreadableReason)
    /// `project.pbxproj` is not a property list: its diagnostics.
    case invalid([Diagnostic])
    /// It is a property list, but not a project (no `objects` or no `rootObject` naming a `PBXProject`).
    case notAProject(Diagnostic)

    public var diagnostics: [Diagnostic] {
        switch self {
        case .unreadableFile: []
        case let .invalid(diagnostics): diagnostics
        case let .notAProject(diagnostic): [diagnostic]
        }
    }

    public var description: String {
        switch self {
        case let .unreadableFile(path, reason): "cannot read '\(path)': \(reason)"
        case let .invalid(diagnostics): diagnostics.last.map(\.description) ?? "not a property list"
        case let .notAProject(diagnostic): diagnostic.description
        }
    }
}

/// Reads `PATH.xcodeproj/project.pbxproj` into an ``XcodeProject``.
///
/// ```swift
/// let project = try XcodeProjectReader(files: ProjectFiles(root: repository)).read("App.xcodeproj")
/// let app = project.target(named: "App")!
/// let settings = project.buildSettings(for: app, configuration: "Release")
/// settings.resolved["PRODUCT_BUNDLE_IDENTIFIER"]
/// ```
public struct XcodeProjectReader: Sendable {
    public var files: ProjectFiles

    public init(files: ProjectFiles = ProjectFiles()) { self.files = files }

    /// Reads the project at `path` (a `.xcodeproj` folder, relative to ``ProjectFiles/root`` or absolute).
    public func read(_ path: String) throws(XcodeProjectReadError) -> XcodeProject {
        let projectPath = BuildSettingPath.standardized(path)
        let pbxproj = BuildSettingPath.join(projectPath, "project.pbxproj")
        let data: Data
        do {
            data = try PropertyListReader.contents(ofFile: files.fileSystemPath(pbxproj), displayPath: pbxproj)
        } catch {
            if case let .unreadableFile(path, reason) = error { throw .unreadableFile(path: path, reason: reason) }
            throw .invalid(error.diagnostics)
        }
        var project = try read(data, path: projectPath)
        // The shared schemes beside it: which configuration an archive builds (``XcodeProject/shippingConfiguration(for:requested:)``).
        let (schemes, diagnostics) = XcodeSchemeReader(files: files).schemes(ofProjectAt: projectPath)
        project.schemes = schemes
        project.diagnostics += diagnostics
        return project
    }

    /// Reads `project.pbxproj` bytes of the project at `path` (used for diagnostics and to resolve paths).
    public func read(_ data: Data, path: String) throws(XcodeProjectReadError) -> XcodeProject {
        let projectPath = BuildSettingPath.standardized(path)
        let pbxproj = BuildSettingPath.join(projectPath, "project.pbxproj")
        let document: PropertyListDocument
        do {
            document = try PropertyListReader(options: .init(recordLocations: true)).read(data, file: pbxproj)
        } catch {
            throw .invalid(error.diagnostics)
        }
        var builder = XcodeProjectBuilder(document: document, projectPath: projectPath, files: files)
        return try builder.build()
    }
}
