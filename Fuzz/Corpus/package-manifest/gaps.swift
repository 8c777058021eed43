import PackageDescription
import Foundation

let names = ["A", "B", ""].filter { !$0.isEmpty }
let root = ProcessInfo.processInfo.environment["ROOT"] ?? "Sources"
let package = Package(
    name: "Odd",
    products: [.library(name: "Odd", targets: listTargets())],
    dependencies: remoteDependencies(),
    targets: names.map { .target(name: $0, path: "\(root)/\($0)") } + [makeTarget(), .target(name: "Fine", sources: sourcesList)]
)
