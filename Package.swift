// swift-tools-version: 6.0
import Foundation
import PackageDescription

// Layers, dependencies pointing down only (see README "Architecture"):
//   activity-bridge -> ActivityBridgeCLI -> ActivityBridge; activity-bridge -> Hairdressers, WalkMate -> ActivityBridge;
//   ActivityBridgeCLI -> Audit; ActivityBridgeCLI -> Compatibility -> Audit, GitRevision; ActivityBridgeCLI -> Convert -> Audit, ActivityBridge (the bridge manifest it writes), SwiftFacts, ObjCFacts, XcodeProject
//   Audit -> SwiftFacts, ObjCFacts, ActivityBridge, IntentKit, ActivityKit, XcodeProject; SwiftFacts, ObjCFacts -> Diagnostics, ValueFlow (the one value-flow engine: no dependencies)
//   ActivityBridge -> IntentKit, ActivityKit -> BuildSettings, SQLiteStore; PropertyList -> Diagnostics -> JSON
//   XcodeProject -> BuildSettings -> PropertyList; SQLiteStore -> CSQLite; PropertyList -> CLibXML2; XcodeProject -> CYAML, CLibXML2 (schemes)
//   PropertyList, SwiftFacts, ObjCFacts, GitRevision -> FileInput (bounded file read, pipe read: Foundation only)


// MARK: - CBuildInfo: the commit `activity-bridge --version` names
// `git rev-parse --short HEAD` of this checkout, run when SwiftPM evaluates this manifest: SwiftPM caches the
// evaluation, so a development build names the commit of the last evaluation (edit or touch Package.swift to
// refresh it). ACTIVITY_BRIDGE_COMMIT in the environment wins (scripts/release.sh sets it, which also makes
// SwiftPM evaluate the manifest again); "unknown" without git or history (a source archive). A plain C define.
func sourceCommit() -> String {
    let allowed = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-+_")
    func clean(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return !trimmed.isEmpty && trimmed.count <= 64 && trimmed.allSatisfy(allowed.contains) ? trimmed : nil
    }
    if let given = ProcessInfo.processInfo.environment["ACTIVITY_BRIDGE_COMMIT"] { return clean(given) ?? "unknown" }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) else { return "unknown" }
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git", "-C", root.path, "rev-parse", "--short", "HEAD"]
    let output = Pipe()
    git.standardOutput = output
    git.standardError = FileHandle.nullDevice
    guard (try? git.run()) != nil else { return "unknown" }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    git.waitUntilExit()
    guard git.terminationStatus == 0 else { return "unknown" }
    return clean(String(decoding: data, as: UTF8.self)) ?? "unknown"
}
// MARK: - end CBuildInfo

// MARK: - SwiftFacts: the toolchain's SwiftSyntax / SwiftParser host libraries
// SwiftFacts reads Swift sources with the parser the toolchain itself ships in <toolchain>/usr/lib/swift/host.
// It needs unsafe flags, so it is a leaf reached only by the audit and the CLI, never by the library
// products. ACTIVITY_BRIDGE_SWIFT_HOST_LIBS=DIR overrides the directory; set to empty, it turns the parser
// off. Without the directory SwiftFacts builds without the parser and says so (`swift-source-unavailable`).
// SwiftIfConfig (with SwiftOperators, which it folds conditions with) decides `#if` clauses as the compiler does.
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

let swiftFactsTarget: Target = {
    // Diagnostics (with JSON, no flags, no system library) for the one SourceLocation every fact is placed at;
    // FileInput for the bounded file read.
    guard let host = swiftHostLibraries() else { return .target(name: "SwiftFacts", dependencies: ["Diagnostics", "FileInput", "ValueFlow"]) }
    return .target(
        name: "SwiftFacts",
        dependencies: ["Diagnostics", "FileInput", "ValueFlow"],
        swiftSettings: [.define("SWIFT_FACTS_PARSER"), .unsafeFlags(["-I", host])],
        linkerSettings: [.unsafeFlags([
            "-L", host, "-lSwiftSyntax", "-lSwiftParser", "-lSwiftDiagnostics", "-lSwiftIfConfig", "-lSwiftOperators",
            "-Xlinker", "-rpath", "-Xlinker", host,
        ])]
    )
}()
// MARK: - end SwiftFacts

// MARK: - ObjCFacts: libclang, loaded at run time
// ObjCFacts reads Objective-C with libclang through dlopen (Sources/CObjCClang declares the few functions it
// calls), so the package builds without libclang or its headers and no flag reaches a product. The path of
// the toolchain's own libclang (<toolchain>/usr/lib/libclang.so, beside the `swift` on PATH) is compiled in
// as the first place to look; the system's come after (ObjCFacts/LibClang.swift). A plain define, no unsafe flag.
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

let objCClangTarget: Target = .target(
    name: "CObjCClang",
    cSettings: toolchainLibClang().map { [.define("AB_TOOLCHAIN_LIBCLANG", to: "\"\($0)\"")] } ?? [],
    linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
)
// MARK: - end ObjCFacts

let package = Package(
    name: "ActivityBridge",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "activity-bridge", targets: ["activity-bridge"]),
        // What a team's own replay tests import (README, "Library").
        .library(name: "PropertyList", targets: ["PropertyList"]),
        // `Diagnostic` and `SourceLocation`, which every reader reports with; imported beside the others
        // (no module re-exports another).
        .library(name: "Diagnostics", targets: ["Diagnostics"]),
        // The value-flow engine SwiftFacts and ObjCFacts share (a product so that Fuzz/, which links those
        // readers' sources, links the same engine).
        .library(name: "ValueFlow", targets: ["ValueFlow"]),
        .library(name: "ActivityKit", targets: ["ActivityKit"]),
        .library(name: "IntentKit", targets: ["IntentKit"]),
        .library(name: "ActivityBridge", targets: ["ActivityBridge"]),
        // Build settings (`BuildSettings`, which replay expands `$(…)` with; xcconfig files) and Xcode projects.
        .library(name: "BuildSettings", targets: ["BuildSettings"]),
        .library(name: "XcodeProject", targets: ["XcodeProject"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // XcodeGen specs (`project.yml`): libyaml's event parser.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "JSON"),
        // The value-flow engine both source readers feed: terms, the bounded lattice, the worklist solver, the
        // one table of Apple's constants and the placeholders of values read at run time. Foundation only.
        .target(name: "ValueFlow"),
        // The bounded safe read of a file nobody here controls, its typed "cannot read" reason, and the
        // EINTR-safe pipe reader: Foundation only, so the leaves (SwiftFacts, ObjCFacts, GitRevision) use it too.
        .target(name: "FileInput"),
        .target(name: "Diagnostics", dependencies: ["JSON"]),
        .target(name: "PropertyList", dependencies: ["Diagnostics", "JSON", "FileInput", "CLibXML2"]),
        .target(name: "SQLiteStore", dependencies: ["CSQLite"]),
        // Build settings: definitions, `$(…)` expansion and modifiers, Xcode's assignment order, xcconfig files;
        // what ActivityKit needs of a build without the project reader.
        .target(name: "BuildSettings", dependencies: ["PropertyList", "Diagnostics", "FileInput"]),
        .target(name: "XcodeProject", dependencies: ["BuildSettings", "PropertyList", "Diagnostics", "FileInput", "CYAML", "CLibXML2"]),
        .target(name: "ActivityKit", dependencies: ["PropertyList", "Diagnostics", "BuildSettings", "SQLiteStore", "FileInput"]),
        .target(name: "IntentKit", dependencies: ["PropertyList", "SQLiteStore", "JSON"]),
        .target(name: "ActivityBridge", dependencies: ["PropertyList", "Diagnostics", "SQLiteStore", "ActivityKit", "IntentKit", "JSON", "BuildSettings"]),
        .target(name: "Hairdressers", dependencies: ["ActivityBridge", "ActivityKit", "IntentKit", "PropertyList", "SQLiteStore"], path: "Samples/Hairdressers",
                resources: [.embedInCode("Resources/Hairdressers-Info.plist"), .embedInCode("Resources/Hairdressers-Bridge.plist")]),
        .target(name: "WalkMate", dependencies: ["ActivityBridge", "ActivityKit", "IntentKit", "PropertyList", "SQLiteStore"], path: "Samples/WalkMate",
                resources: [.embedInCode("Resources/WalkMate-Info.plist"), .embedInCode("Resources/WalkMate-Bridge.plist")]),
        // audit: a repository's project, Info.plists, Swift facts and phrase localizations, cross-checked.
        // ActivityBridge for the app model (`--emit-app-model`) the audit builds from what it found.
        .target(name: "Audit", dependencies: [
            "XcodeProject", "BuildSettings", "SwiftFacts", "ObjCFacts", "ActivityKit", "IntentKit", "ActivityBridge", "PropertyList", "Diagnostics", "JSON", "FileInput",
            "ValueFlow",
        ]),
        // diff: a revision's files from git objects (the git executable, one batch process), and the surfaces of
        // two revisions compared (diff.md).
        .target(name: "GitRevision", dependencies: ["FileInput"]),
        // convert: the App Intents a repository's custom intents become, from the audit's model of it.
        .target(name: "Convert", dependencies: ["Audit", "ActivityBridge", "BuildSettings", "Diagnostics", "ObjCFacts", "PropertyList", "SwiftFacts", "ValueFlow", "XcodeProject"]),
        .target(name: "Compatibility", dependencies: ["Audit", "GitRevision", "XcodeProject", "BuildSettings", "PropertyList", "Diagnostics", "JSON"]),
        .target(name: "ActivityBridgeCLI", dependencies: [
            "ActivityBridge", "ActivityKit", "IntentKit", "PropertyList", "Diagnostics", "SQLiteStore", "JSON", "XcodeProject", "BuildSettings",
            "Audit", "Compatibility", "Convert", "GitRevision", "SwiftFacts", "ObjCFacts", "CBuildInfo",
        ]),
        .target(name: "CBuildInfo", cSettings: [.define("ACTIVITY_BRIDGE_COMMIT", to: "\"\(sourceCommit())\"")]),
        // The composition root: the only target that names the sample apps the binary carries.
        .executableTarget(name: "activity-bridge", dependencies: ["ActivityBridgeCLI", "Hairdressers", "WalkMate"]),
        .executableTarget(name: "activity-bridge-bench", dependencies: ["PropertyList", "SwiftFacts", "SeededRandom"], path: "Sources/ActivityBridgeBench"),
        // SplitMix64, the one seeded generator: the benchmark's inputs and the randomized tests.
        .target(name: "SeededRandom"),
        // Swift programs shaped like real value flows (call graphs with cycles), for the resolver's generated
        // tests and the libFuzzer harness value-flow (Fuzz/ links these sources).
        .target(name: "CallGraphSources"),
        swiftFactsTarget,
        objCClangTarget,
        // Objective-C facts through libclang (dlopen); a leaf like SwiftFacts, reached only by the audit.
        .target(name: "ObjCFacts", dependencies: ["CObjCClang", "Diagnostics", "FileInput", "ValueFlow"]),

        // Test support, for test targets only: package paths and ../shared, temporary directories, the
        // built-binary runner, marked-text locations, fixture folders, fixture trees (`[path: marked text]`,
        // located with Diagnostics' SourceLocation) and the own Info.plist fixtures.
        .target(name: "TestSupport", dependencies: ["Diagnostics", "FileInput"], path: "Tests/TestSupport", exclude: ["TruthTables"], resources: [.copy("Fixtures")]),

        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics", "JSON"]),
        .testTarget(name: "PropertyListTests", dependencies: ["PropertyList", "Diagnostics", "FileInput", "TestSupport", "SeededRandom"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore", "TestSupport"]),
        .testTarget(name: "BuildSettingsTests", dependencies: ["BuildSettings", "PropertyList", "Diagnostics"]),
        .testTarget(name: "XcodeProjectTests", dependencies: ["XcodeProject", "BuildSettings", "PropertyList", "Diagnostics", "TestSupport"]),
        .testTarget(name: "ActivityKitTests", dependencies: [
            "ActivityKit", "BuildSettings", "PropertyList", "Diagnostics", "SQLiteStore", "TestSupport", "SeededRandom",
        ]),
        .testTarget(name: "IntentKitTests", dependencies: ["IntentKit", "PropertyList", "SQLiteStore", "TestSupport"]),
        .testTarget(name: "ActivityBridgeTests", dependencies: [
            "ActivityBridge", "Hairdressers", "WalkMate", "ActivityKit", "IntentKit", "PropertyList", "Diagnostics", "SQLiteStore", "BuildSettings",
            "TestSupport",
        ]),
        .testTarget(name: "SamplesTests", dependencies: [
            "Hairdressers", "WalkMate", "ActivityBridge", "ActivityKit", "IntentKit", "PropertyList", "SQLiteStore", "TestSupport",
        ]),
        .testTarget(name: "ValueFlowTests", dependencies: ["ValueFlow", "SeededRandom"]),
        .testTarget(name: "SwiftFactsTests", dependencies: ["SwiftFacts", "Diagnostics", "TestSupport", "CallGraphSources", "SeededRandom", "ValueFlow"]),
        .testTarget(name: "ObjCFactsTests", dependencies: ["ObjCFacts", "TestSupport", "ValueFlow"]),
        .testTarget(name: "AuditTests", dependencies: [
            "Audit", "ActivityBridge", "SwiftFacts", "ObjCFacts", "XcodeProject", "BuildSettings", "PropertyList", "Diagnostics", "JSON", "TestSupport",
        ]),
        // RuleTableTests (here) checks every generated rule table of the docs, so it sees every rule family.
        .testTarget(name: "CompatibilityTests", dependencies: [
            "Compatibility", "GitRevision", "Audit", "SwiftFacts", "Diagnostics", "JSON", "TestSupport", "ActivityBridge", "XcodeProject",
        ]),
        // convert: the generator on fixtures, real SwiftParser and swiftc against the AppIntents stub in Fixtures,
        // and the built binary on fixture and corpus repositories.
        .testTarget(name: "ConvertTests", dependencies: [
            "Convert", "Audit", "SwiftFacts", "ObjCFacts", "JSON", "TestSupport", "activity-bridge", "ActivityBridge", "Diagnostics", "ValueFlow",
        ], exclude: ["Fixtures"]),
        .testTarget(name: "ActivityBridgeCLITests", dependencies: [
            "ActivityBridgeCLI", "activity-bridge", "ActivityBridge", "ActivityKit", "IntentKit", "PropertyList", "Diagnostics", "SQLiteStore", "XcodeProject",
            "Hairdressers", "WalkMate", "SwiftFacts", "Audit", "JSON", "TestSupport",
        ], exclude: ["Help"]),
    ],
    swiftLanguageModes: [.v6]
)

// Every Swift target is built with the same settings (as swift-foundation's Package.swift does), set
// here once so that a new target cannot forget them.
let commonSwiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    // A member is visible only where its module is imported: without it, `.cannotOpen ~= code` in a file
    // that did not import SQLiteStore compiled to Equatable's `~=` and silently matched exactly.
    .enableUpcomingFeature("MemberImportVisibility"),
]
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + commonSwiftSettings
}
