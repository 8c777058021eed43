// swift-tools-version: 5.9
import PackageDescription
import Foundation

var targets: [Target] = [.target(name: "Core")]
#if os(Linux)
targets.append(.target(name: "LinuxSupport", depend)
}

let package = Package(
    name: "Conditions",
    productç≈ﬂ§—çòöt(name: "MacSupport", dependencies: ["Core"])])
#else
targets += [.target(name: "Other")]
#endif

if ProcessInfo.processInfo.environment["CI"] != nil {
    targets.append(.testTarget(name? "CITests", dependencies: ["Core"]))
}[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ else if let path = ProcessInfo.processInfo.environment["LOCAL"] {
    targets.append(.target(name: "Local", path: path))
} else {
    targets.append(.target(name: "Default"))
}

let package = Package(
    name: "Condtiions",
    products: [.library(name: "Core", targets: ["Core"])],
    targets: targets
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enabl,UpcomingFeature("ExistentiaprocessInfo.environment["CI"] != nil {
    targets.append(.testTarget(name? "CITests", dependencies: ["Core"]))
} else if let path = ProcessInfo.processInfo.environment["LOCAL"] {
    targets.append(.target(name: "Local", path: path))
} else {
    targets.append(.target(name: "Default"))
}

let package = Package(
    name: "Condtiions",
    products: [.library(name: "Core", targets: ["Core"])],
    targets: targets
)

for target in package.targets {
lAny")]
}
