// swift-tools-version: 6.0
import Foundation
import PackageDescription

// Layers, dependencies pointing down only (see README "Architecture"):
//   activity-bridge -> ActivityBridgeCLI -> Hairdressers, WalkMate -> ActivityBridge
//   ActivityBridge -> IntentKit -> ActivityKit -> SQLiteStore, PropertyList -> CSQLite, CLibXML2

// MARK: - SwiftFacts: the toolchain's SwiftSyntax / SwiftParser host libraries
// SwiftFacts reads Swift sources with the parser the toolchain itself ships in <toolchain>/usr/lib/swift/host.
// It needs unsafe flags, so it is a leaf reached only by the audit and the CLI, never by the library
// products. ACTIVITY_BRIDGE_SWIFT_HOST_LIBS=DIR overrides the directory; set to empty, it turns the parser
// off. Without the directory SwiftFacts builds without the parser and says so (`swift-source-unavailable`).
func swiftHostLibraries() -> String? {
    let fileManager = FileManager.default
    func usable(_ directory: String) -> Bool {
        fileManager.fileExists(atPath: directory + "/SwiftParser.swiftmodule")
            && fileManager.fileExists(atPath: directory + "/libSwiftParser.so")
    }
    let environment = ProcessInfo.processInfo.environment
    if let override = environment["ACTIVITY_BRIDGE_SWIFT_HOST_LIBS"] {
        return !override.isEmpty && usable(override) ? override : nil
    }
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let swift = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
        guard fileManager.isExecutableFile(atPath: swift.path) else { continue }
        let host = swift.resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("../lib/swift/host").standardizedFileURL.path
        return usable(host) ? host : nil
    }
    return nil
}

let swiftFactsTarget: Target = {
    guard let host = swiftHostLibraries() else { return .target(name: "SwiftFacts") }
    return .target(
        name: "SwiftFacts",
        swiftSettings: [.define("SWIFT_FACTS_PARSER"), .unsafeFlags(["-I", host])],
        linkerSettings: [.unsafeFlags([
            "-L", host, "-lSwiftSyntax", "-lSwiftParser", "-lSwiftDiagnostics",
            "-Xlinker", "-rpath", "-Xlinker", host,
        ])]
    )
}()
// MARK: - end SwiftFacts

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
        .target(name: "ActivityKit", dependencies: ["PropertyList", "SQLiteStore"]),
        .target(name: "IntentKit", dependencies: ["PropertyList", "SQLiteStore", "ActivityKit"]),
        .target(name: "ActivityBridge", dependencies: ["PropertyList", "SQLiteStore", "ActivityKit", "IntentKit"]),
        .target(name: "Hairdressers", dependencies: ["ActivityBridge"], path: "Samples/Hairdressers"),
        .target(name: "WalkMate", dependencies: ["ActivityBridge"], path: "Samples/WalkMate"),
        .target(name: "ActivityBridgeCLI", dependencies: ["ActivityBridge", "Hairdressers", "WalkMate"]),
        .executableTarget(name: "activity-bridge", dependencies: ["ActivityBridgeCLI"]),
        .executableTarget(name: "activity-bridge-bench", dependencies: ["ActivityBridgeCLI", "SwiftFacts"], path: "Sources/ActivityBridgeBench"),
        swiftFactsTarget,

        .testTarget(name: "PropertyListTests", dependencies: ["PropertyList"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore"]),
        .testTarget(name: "ActivityKitTests", dependencies: ["ActivityKit"]),
        .testTarget(name: "IntentKitTests", dependencies: ["IntentKit"]),
        .testTarget(name: "ActivityBridgeTests", dependencies: ["ActivityBridge", "Hairdressers", "WalkMate"]),
        .testTarget(name: "SamplesTests", dependencies: ["Hairdressers", "WalkMate", "ActivityBridge"]),
        .testTarget(name: "SwiftFactsTests", dependencies: ["SwiftFacts"]),
        .testTarget(name: "ActivityBridgeCLITests", dependencies: ["ActivityBridgeCLI", "activity-bridge"]),
    ],
    swiftLanguageModes: [.v6]
)
