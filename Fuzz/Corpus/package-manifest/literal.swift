// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Kit",
    defaultLocalization: "en",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "Kit", type: .dynamic, targets: ["Kit", "KitUI"]),
        .executable(name: "tool", targets: ["Tool"]),
    ],
    dependencies: [
        .package(path: "../Models"),
        .package(name: "Legacy", path: "Vendor/Legacy"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.0.0"),
        .package(id: "mona.LinkedList", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "Kit",
            dependencies: [
                "KitCore",
                .target(name: "KitUI", condition: .when(platforms: [.iOS])),
                .product(name: "Models", package: "Models"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .byName(name: "Legacy"),
            ],
            path: "Sources/KitMain",
            exclude: ["Generated", "README.md"],
            sources: ["Public", "Internal/Core.swift"],
            resources: [.process("Resources")],
            swiftSettings: [.define("KIT")]
        ),
        .target(name: "KitCore"),
        .target(name: "KitUI", dependencies: ["KitCore"]),
        .executableTarget(name: "Tool", dependencies: ["Kit"]),
        .testTarget(name: "KitTests", dependencies: ["Kit"]),
        .macro(name: "KitMacros", dependencies: []),
        .plugin(name: "Lint", capability: .buildTool()),
        .binaryTarget(name: "Blob", path: "Blob.xcframework"),
        .systemLibrary(name: "CZlib"),
    ],
    swiftLanguageModes: [.v6]
)
