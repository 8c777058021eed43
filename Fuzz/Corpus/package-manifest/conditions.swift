// swift-tools-version: 5.9
import PackageDescription
import Foundation

var targets: [Target] = [.target(name: "Core")]
#if os(Linux)
targets.append(.target(name: "LinuxSupport", dependencies: ["Core"]))
#elseif os(macOS)
targets.append(contentsOf: [.target(name: "MacSupport", dependencies: ["Core"])])
#else
targets += [.target(name: "Other")]
#endif

if ProcessInfo.processInfo.environment["CI"] != nil {
    targets.append(.testTarget(name: "CITests", dependencies: ["Core"]))
} else if let path = ProcessInfo.processInfo.environment["LOCAL"] {
    targets.append(.target(name: "Local", path: path))
} else {
    targets.append(.target(name: "Default"))
}

let package = Package(
    name: "Conditions",
    products: [.library(name: "Core", targets: ["Core"])],
    targets: targets
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
