// swift-tools-version: 6.0
import PackageDescription

// Layers, dependencies pointing down only (see README "Architecture"):
//   activity-bridge -> ActivityBridgeCLI -> Hairdressers, WalkMate -> ActivityBridge
//   ActivityBridge -> IntentKit -> ActivityKit -> XcodeProject, SQLiteStore, PropertyList -> CSQLite, CLibXML2

let package = Package(
    name: "ActivityBridge",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "activity-bridge", targets: ["activity-bridge"]),
        .library(name: "PropertyList", targets: ["PropertyList"]),
        .library(name: "ActivityBridge", targets: ["ActivityBridge"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "PropertyList", dependencies: ["CLibXML2"]),
        .target(name: "SQLiteStore", dependencies: ["CSQLite"]),
        .target(name: "XcodeProject", dependencies: ["PropertyList"]),
        .target(name: "ActivityKit", dependencies: ["PropertyList", "XcodeProject", "SQLiteStore"]),
        .target(name: "IntentKit", dependencies: ["PropertyList", "SQLiteStore", "ActivityKit"]),
        .target(name: "ActivityBridge", dependencies: ["PropertyList", "SQLiteStore", "ActivityKit", "IntentKit"]),
        .target(name: "Hairdressers", dependencies: ["ActivityBridge"], path: "Samples/Hairdressers"),
        .target(name: "WalkMate", dependencies: ["ActivityBridge"], path: "Samples/WalkMate"),
        .target(name: "ActivityBridgeCLI", dependencies: ["ActivityBridge", "Hairdressers", "WalkMate"]),
        .executableTarget(name: "activity-bridge", dependencies: ["ActivityBridgeCLI"]),
        .executableTarget(name: "activity-bridge-bench", dependencies: ["ActivityBridgeCLI"], path: "Sources/ActivityBridgeBench"),

        .testTarget(name: "PropertyListTests", dependencies: ["PropertyList"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore"]),
        .testTarget(name: "XcodeProjectTests", dependencies: ["XcodeProject"]),
        .testTarget(name: "ActivityKitTests", dependencies: ["ActivityKit", "XcodeProject"]),
        .testTarget(name: "IntentKitTests", dependencies: ["IntentKit"]),
        .testTarget(name: "ActivityBridgeTests", dependencies: ["ActivityBridge", "Hairdressers", "WalkMate"]),
        .testTarget(name: "SamplesTests", dependencies: ["Hairdressers", "WalkMate", "ActivityBridge"]),
        .testTarget(name: "ActivityBridgeCLITests", dependencies: ["ActivityBridgeCLI", "activity-bridge"]),
    ],
    swiftLanguageModes: [.v6]
)
