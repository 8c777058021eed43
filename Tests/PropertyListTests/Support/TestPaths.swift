import Foundation

/// Where the tests find their inputs: the package's own fixtures and the shared test data
/// that sits beside the repository (`../shared`), which is read in place, never copied.
enum TestPaths {
    /// The package root, found from this source file's path (…/Tests/PropertyListTests/Support/).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures: URL = packageRoot.appendingPathComponent("Tests/PropertyListTests/Fixtures")

    static let shared: URL = packageRoot.appendingPathComponent("../shared").standardizedFileURL

    static let conformance: URL = shared.appendingPathComponent("conformance")

    static let realWorldCorpus: URL = shared.appendingPathComponent("corpus/realworld")

    static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }
}
