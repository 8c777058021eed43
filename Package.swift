// swift-tools-version: 6.0
import PackageDescription

// Layers, dependencies pointing down only (see README "Architecture"):
//   activity-bridge -> ActivityBridgeCLI -> Hairdressers, WalkMate -> ActivityBridge
//   ActivityBridge -> IntentKit, ActivityKit -> SQLiteStore, PropertyList -> Diagnostics -> JSON
//   SQLiteStore -> CSQLite; PropertyList -> CLibXML2


let package = Package(
    name: "ActivityBridge",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "activity-bridge", targets: ["activity-bridge"]),
        // What a team's own replay tests import (README, "Library").
        .library(name: "PropertyList", targets: ["PropertyList"]),
        .library(name: "ActivityKit", targets: ["ActivityKit"]),
        .library(name: "IntentKit", targets: ["IntentKit"]),
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
        .target(name: "JSON"),
        .target(name: "Diagnostics", dependencies: ["JSON"]),
        .target(name: "PropertyList", dependencies: ["Diagnostics", "JSON", "CLibXML2"]),
        .target(name: "SQLiteStore", dependencies: ["CSQLite"]),
        .target(name: "ActivityKit", dependencies: ["PropertyList", "SQLiteStore"]),
        .target(name: "IntentKit", dependencies: ["PropertyList", "SQLiteStore", "JSON"]),
        .target(name: "ActivityBridge", dependencies: ["PropertyList", "SQLiteStore", "ActivityKit", "IntentKit", "JSON"]),
        .target(name: "Hairdressers", dependencies: ["ActivityBridge"], path: "Samples/Hairdressers",
                resources: [.embedInCode("Resources/Hairdressers-Info.plist"), .embedInCode("Resources/Hairdressers-Bridge.plist")]),
        .target(name: "WalkMate", dependencies: ["ActivityBridge"], path: "Samples/WalkMate",
                resources: [.embedInCode("Resources/WalkMate-Info.plist"), .embedInCode("Resources/WalkMate-Bridge.plist")]),
        .target(name: "ActivityBridgeCLI", dependencies: ["ActivityBridge", "Hairdressers", "WalkMate", "JSON"]),
        .executableTarget(name: "activity-bridge", dependencies: ["ActivityBridgeCLI"]),
        .executableTarget(name: "activity-bridge-bench", dependencies: ["ActivityBridgeCLI"], path: "Sources/ActivityBridgeBench"),

        // Test support, for test targets only: package paths and ../shared, temporary directories, the
        // built-binary runner, marked-text locations, fixture folders and the own Info.plist fixtures.
        .target(name: "TestSupport", path: "Tests/TestSupport", resources: [.copy("Fixtures")]),

        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics", "JSON"]),
        .testTarget(name: "PropertyListTests", dependencies: ["PropertyList", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore", "TestSupport"]),
        .testTarget(name: "ActivityKitTests", dependencies: ["ActivityKit", "PropertyList", "SQLiteStore", "TestSupport"]),
        .testTarget(name: "IntentKitTests", dependencies: ["IntentKit", "PropertyList", "SQLiteStore", "TestSupport"]),
        .testTarget(name: "ActivityBridgeTests", dependencies: [
            "ActivityBridge", "Hairdressers", "WalkMate", "ActivityKit", "IntentKit", "PropertyList", "SQLiteStore", "TestSupport",
        ]),
        .testTarget(name: "SamplesTests", dependencies: [
            "Hairdressers", "WalkMate", "ActivityBridge", "ActivityKit", "IntentKit", "PropertyList", "SQLiteStore", "TestSupport",
        ]),
        .testTarget(name: "ActivityBridgeCLITests", dependencies: [
            "ActivityBridgeCLI", "activity-bridge", "ActivityBridge", "ActivityKit", "IntentKit", "PropertyList", "SQLiteStore",
            "TestSupport",
        ], exclude: ["Help"]),
    ],
    swiftLanguageModes: [.v6]
)

// Every Swift target is built with the same settings (as swift-foundation's Package.swift does), set
// here once so that a new target cannot forget them.
let commonSwiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + commonSwiftSettings
}
