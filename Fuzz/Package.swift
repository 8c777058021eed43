// swift-tools-version: 6.0
// libFuzzer harnesses for ActivityBridge's readers (README "Fuzzing"; run with ./run.sh).
// A package of its own so that the main package's build and tests never see the sanitizer flags:
// build with `swift build -c release -Xswiftc -sanitize=fuzzer,address`.
// Each executable runs libFuzzer from its main (FuzzDriver).
import Foundation
import PackageDescription

// MARK: - SwiftFacts: the toolchain's SwiftSyntax / SwiftParser host libraries
// The same search as the main package's swiftHostLibraries() (Package.swift files cannot share code):
// ACTIVITY_BRIDGE_SWIFT_HOST_LIBS=DIR, else <the `swift` on PATH>/../lib/swift/host. Without them the
// fuzz-swift-facts harness builds without the parser and run.sh skips it (exit 77, with the reason).
func swiftHostLibraries() -> String? {
    let fileManager = FileManager.default
    func usable(_ directory: String) -> Bool {
        fileManager.fileExists(atPath: directory + "/SwiftParser.swiftmodule")
            && fileManager.fileExists(atPath: directory + "/libSwiftParser.so")
            && fileManager.fileExists(atPath: directory + "/libSwiftIfConfig.so")
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

// SwiftFacts and Audit are no library product of the main package (SwiftFacts needs unsafe flags), so
// this package compiles the sources it fuzzes itself, through symlinks: all of SwiftFacts as
// FuzzedSwiftFacts (Sources/Linked/SwiftFacts; target names are unique across a package graph), whose
// `package` API the harness can then call, and the audit's phrase reader, one file, in FuzzedPhrases.
// Both read files through the main package's FileInput (the bounded file read), no product of its own: the
// PropertyList product builds it first and makes it importable.
let fileInput: [Target.Dependency] = [.product(name: "PropertyList", package: "ActivityBridge")]
let diagnostics: Target.Dependency = .product(name: "Diagnostics", package: "ActivityBridge")
// The value-flow engine both readers resolve with (a library product of the main package).
let valueFlow: Target.Dependency = .product(name: "ValueFlow", package: "ActivityBridge")

let swiftFactsTarget: Target = {
    // Diagnostics (its SourceLocation) and FileInput.
    let dependencies = fileInput + [diagnostics, valueFlow]
    guard let host = swiftHostLibraries() else {
        return .target(name: "FuzzedSwiftFacts", dependencies: dependencies, path: "Sources/Linked/SwiftFacts")
    }
    return .target(
        name: "FuzzedSwiftFacts", dependencies: dependencies, path: "Sources/Linked/SwiftFacts",
        swiftSettings: [.define("SWIFT_FACTS_PARSER"), .unsafeFlags(["-I", host])],
        linkerSettings: [.unsafeFlags([
            "-L", host, "-lSwiftSyntax", "-lSwiftParser", "-lSwiftDiagnostics", "-lSwiftIfConfig", "-lSwiftOperators",
            "-Xlinker", "-rpath", "-Xlinker", host,
        ])]
    )
}()

// ObjCFacts the same way (Sources/Linked/ObjCFacts), with its dlopen shim as FuzzedCObjCClang, whose own
// module map keeps the module name CObjCClang that ObjCFacts imports (the files are the main package's, linked).
func toolchainLibClang() -> String? {
    let environment = ProcessInfo.processInfo.environment
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let swift = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
        guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
        let library = swift.resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("../lib/libclang.so").standardizedFileURL.path
        return FileManager.default.fileExists(atPath: library) ? library : nil
    }
    return nil
}

let harnesses = [
    "fuzz-plist-xml", "fuzz-plist-binary", "fuzz-plist-openstep", "fuzz-json", "fuzz-xcconfig",
    "fuzz-pbxproj", "fuzz-replay-script", "fuzz-bridge-manifest", "fuzz-app-model", "fuzz-xcodegen",
]

let package = Package(
    name: "ActivityBridgeFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "ActivityBridge", path: "..")],
    targets: [
        // The checks every harness shares (round trips, equality); the harnesses are one call each.
        .target(name: "FuzzChecks", dependencies: [
            .product(name: "PropertyList", package: "ActivityBridge"),
            .product(name: "BuildSettings", package: "ActivityBridge"),
            .product(name: "XcodeProject", package: "ActivityBridge"),
            .product(name: "ActivityBridge", package: "ActivityBridge"),
            diagnostics,
        ]),
        swiftFactsTarget,
        // The main package's generator of cyclic Swift programs (Sources/CallGraphSources, linked), for fuzz-value-flow.
        .target(name: "FuzzedCallGraphSources", path: "Sources/Linked/CallGraphSources"),
        .target(name: "SourceChecks", dependencies: ["FuzzedSwiftFacts", "FuzzedCallGraphSources", "FuzzChecks", diagnostics]),
        .target(name: "FuzzedCObjCClang",
                cSettings: toolchainLibClang().map { [.define("AB_TOOLCHAIN_LIBCLANG", to: "\"\($0)\"")] } ?? [],
                linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(name: "FuzzedObjCFacts", dependencies: ["FuzzedCObjCClang", diagnostics, valueFlow] + fileInput, path: "Sources/Linked/ObjCFacts"),
        .target(name: "ObjCSourceChecks", dependencies: ["FuzzedObjCFacts", "FuzzChecks", diagnostics]),
        .executableTarget(name: "fuzz-objc-facts", dependencies: ["ObjCSourceChecks"], path: "Sources/Harnesses/fuzz-objc-facts"),
        // The audit's phrase reader (one file of Sources/Audit, linked) with its harness.
        .target(name: "FuzzedPhrases", dependencies: [
            .product(name: "ActivityBridge", package: "ActivityBridge"),
            .product(name: "BuildSettings", package: "ActivityBridge"),
            .product(name: "XcodeProject", package: "ActivityBridge"),
            diagnostics,
        ]),
        .executableTarget(name: "fuzz-swift-facts", dependencies: ["SourceChecks"], path: "Sources/Harnesses/fuzz-swift-facts"),
        .executableTarget(name: "fuzz-value-flow", dependencies: ["SourceChecks"], path: "Sources/Harnesses/fuzz-value-flow"),
        .executableTarget(name: "fuzz-package-manifest", dependencies: ["SourceChecks"], path: "Sources/Harnesses/fuzz-package-manifest"),
        .executableTarget(name: "fuzz-tuist-manifest", dependencies: ["SourceChecks"], path: "Sources/Harnesses/fuzz-tuist-manifest"),
        .executableTarget(name: "fuzz-xcstrings", dependencies: ["FuzzedPhrases", "FuzzChecks"], path: "Sources/Harnesses/fuzz-xcstrings"),
        // diff's stored-surface reader and check (three files of Sources/Compatibility, linked) with their harness.
        .target(name: "FuzzedSurface", dependencies: [.product(name: "ActivityBridge", package: "ActivityBridge"), diagnostics]),
        .executableTarget(name: "fuzz-surface", dependencies: ["FuzzedSurface", "FuzzChecks"], path: "Sources/Harnesses/fuzz-surface"),
    ] + harnesses.map { name in
        .executableTarget(name: name, dependencies: ["FuzzChecks"], path: "Sources/Harnesses/\(name)")
    }
)
