import Foundation

/// A test target's `Fixtures` folder, declared as a resource (`resources: [.copy("Fixtures")]`), so
/// the files are found next to the built tests, not through the source tree.
package struct FixtureFolder: Sendable {
    package let url: URL

    /// The `Fixtures` folder of the module whose resource bundle is `bundle` (pass `Bundle.module`).
    package init(_ bundle: Bundle) {
        url = (bundle.resourceURL ?? bundle.bundleURL).appendingPathComponent("Fixtures")
    }

    /// `path` inside the folder, e.g. `Locations/bad-date.plist`.
    package func url(_ path: String) -> URL { url.appendingPathComponent(path) }

    package func data(_ path: String) throws -> Data { try Data(contentsOf: url(path)) }

    package func text(_ path: String) throws -> String { try String(contentsOf: url(path), encoding: .utf8) }

    /// The names of the files in `folder` ending in `suffix`, sorted.
    package func files(in folder: String, suffix: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(folder).path).filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// `path` with its markers removed and remembered (see ``MarkedText``).
    package func markedText(_ path: String) throws -> MarkedText { MarkedText(try text(path)) }
}
