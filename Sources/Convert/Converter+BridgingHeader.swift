import Audit
import BuildSettings
import Foundation
import XcodeProject

extension Converter {
    /// The `SWIFT_OBJC_BRIDGING_HEADER` of a target (relative to the root), evaluated for the configuration the audit
    /// read it with: the Objective-C a converted App Intent in that target can call. Nil when the project cannot be
    /// read again, the target has none, or the file is not in the repository.
    func bridgingHeader(ofTarget name: String, inProjectAt path: String) -> String? {
        let files = ProjectFiles(root: root)
        let project: XcodeProject
        if TuistProjectPaths.isManifest(path) {
            guard case let .success(read) = TuistProjectBuilder(files: files).read(path) else { return nil }
            project = read
        } else {
            guard let read = try? XcodeProjectReader(files: files).readProjectOrSpec(path) else { return nil }
            project = read
        }
        guard let target = project.targets.first(where: { $0.name == name }) else { return nil }
        let configuration = report.projects.first { $0.path == path }?.targets.first { $0.name == name }?.configuration
        let settings = project.buildSettings(for: target, configuration: configuration?.isEmpty == false ? configuration : nil).resolved
        guard let value = settings["SWIFT_OBJC_BRIDGING_HEADER"], !value.isEmpty else { return nil }
        let shown = project.path(relativeToProject: value)
        return FileManager.default.fileExists(atPath: files.fileSystemPath(shown)) ? shown : nil
    }
}
