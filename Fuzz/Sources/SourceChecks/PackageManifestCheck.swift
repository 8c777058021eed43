import Diagnostics
import Foundation
import FuzzedSwiftFacts

extension SourceChecks {
    /// The audit's static reading of a `Package.swift` (`PackageManifestReader`, interpreting SwiftParser's tree,
    /// never running it): no crash, leak or hang on any input; the same manifest read twice is the same; every
    /// position (the `Package(` call, products, targets, dependencies, gaps, a refusal) is inside the file; a
    /// manifest that says everything was followed has no gaps, and one with gaps says it is incomplete.
    public static func packageManifest(_ bytes: UnsafeRawBufferPointer) {
        guard SwiftFactsExtractor.isAvailable else { fatalError("fuzz-package-manifest was built without SwiftParser") }
        let lines = lineCount(Array(bytes)[...])
        func check(_ position: SourceLocation?, _ what: String) {
            guard let position else { return }
            guard position.file == "Package.swift", (1...lines).contains(position.line), position.column >= 1 else {
                fatalError("\(what) at \(position), outside the manifest of \(lines) lines")
            }
        }
        let first: Result<PackageManifest, PackageManifestError>
        do { first = .success(try PackageManifestReader.read(bytes, file: "Package.swift")) } catch { first = .failure(error) }
        let second: Result<PackageManifest, PackageManifestError>
        do { second = .success(try PackageManifestReader.read(bytes, file: "Package.swift")) } catch { second = .failure(error) }
        guard first == second else { fatalError("the same manifest read twice differs:\n\(first)\n---\n\(second)") }
        switch first {
        case let .failure(error):
            check(error.position, "a refusal")
        case let .success(manifest):
            check(manifest.position, "Package(")
            for product in manifest.products { check(product.position, "product \(product.name)") }
            for target in manifest.targets { check(target.position, "target \(target.name)") }
            for dependency in manifest.dependencies { check(dependency.position, "a package dependency") }
            for gap in manifest.gaps { check(gap.position, "a gap") }
            guard manifest.isComplete == manifest.gaps.isEmpty else {
                fatalError(manifest.isComplete ? "a complete manifest with gaps: \(manifest.gaps)" : "an incomplete manifest without a gap")
            }
        }
    }
}
