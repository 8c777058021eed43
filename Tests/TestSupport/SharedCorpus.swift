import Foundation

/// The shared corpora beside the checkout (`../shared`): conformance vectors and real-world files
/// that belong to their authors. Present on the authors' machines and in CI, absent on a plain clone;
/// every test that reads them is `.enabled(if: SharedCorpus.isPresent, "…why it is skipped…")`.
package enum SharedCorpus {
    package static let root: URL = TestPaths.packageRoot.appendingPathComponent("../shared").standardizedFileURL

    /// `conformance/`: `CASES.tsv` and the vectors of other plist projects.
    package static let conformance: URL = root.appendingPathComponent("conformance")

    /// `corpus/realworld/`: Info.plists and other plists from public repositories, with `MANIFEST.tsv`.
    package static let realWorld: URL = root.appendingPathComponent("corpus/realworld")

    /// `corpus/apps/`: the audit-relevant files of real app repositories, one folder per app.
    package static let apps: URL = root.appendingPathComponent("corpus/apps")

    /// Whether the real apps are there.
    package static let appsArePresent: Bool = TestPaths.exists(apps.appendingPathComponent("README.md"))

    /// Whether the shared data is there (both folders the tests read).
    package static let isPresent: Bool = TestPaths.exists(conformance) && TestPaths.exists(realWorld)

    /// The `.plist` files of `corpus/realworld`, sorted; empty when absent.
    package static let realWorldPlists: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: realWorld.path)) ?? []
        return names.filter { $0.hasSuffix(".plist") }.sorted()
    }()
}
