// swift-tools-version: 6.0
import PackageDescription

let features = ["Feed", "Settings", "Comments"]
let shared: [Target.Dependency] = ["Domain"] + ["DesignSystem"]

func feature(_ name: String, extra: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: shared + extra, path: "\(name)/Sources/\(name)")
}

func tests(for name: String) -> Target {
    .testTarget(name: "\(name)Tests", dependencies: [.target(name: name)], path: "\(name)/Tests/\(name)Tests")
}

extension Target.Dependency {
    static var collections: Self { .product(name: "Collections", package: "swift-collections") }
    static let algorithms = Target.Dependency.product(name: "Algorithms", package: "swift-algorithms")
}

let package = Package(
    name: "Features",
    platforms: [.iOS(.v17)],
    products: features.map { .library(name: $0, targets: [$0]) },
    dependencies: [.package(path: "../Domain"), .package(path: "../DesignSystem")],
    targets: features.map { feature($0, extra: [.collections, .algorithms]) } + features.map(tests(for:))
)

package.targets.append(.target(name: "Late", dependencies: features.isEmpty ? [] : ["Feed"]))
package.targets += [.executableTarget(name: "Generator", path: "Tools/Generator")]
