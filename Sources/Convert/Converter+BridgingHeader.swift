import Audit
import BuildSettings
import Foundation

extension Converter {
    /// The `SWIFT_OBJC_BRIDGING_HEADER` of a target (relative to the root), as the audit evaluated it (its
    /// configuration and `--define`s): the Objective-C a converted App Intent in that target can call. Nil when the
    /// target has none or the file is not in the repository.
    func bridgingHeader(ofTarget name: String, inProjectAt path: String) -> String? {
        guard let shown = report.projects.first(where: { $0.path == path })?.targets.first(where: { $0.name == name })?.bridgingHeader
        else { return nil }
        return FileManager.default.fileExists(atPath: ProjectFiles(root: root).fileSystemPath(shown)) ? shown : nil
    }
}
