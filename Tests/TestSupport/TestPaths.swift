import Foundation

/// Where the tests find the package's own files (`Plists/`, `Samples/`) and the shared test data
/// that may sit beside the checkout (`../shared`), which is read in place, never copied.
package enum TestPaths {
    /// The package root, found from this file's path (`Tests/TestSupport/` → two up).
    package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `path` relative to the package root, e.g. `Plists/WalkMate-Info.plist`.
    package static func inPackage(_ path: String) -> URL {
        packageRoot.appendingPathComponent(path)
    }

    package static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }
}
