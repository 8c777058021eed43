import Diagnostics
import Foundation
import SwiftFacts
import Testing
import TestSupport

/// `PackageManifestReader`: each shape manifests are written in, read statically (never run), with what it
/// cannot follow reported where it is, and bounded on hostile input.
@Suite("Package manifests read statically", .enabled(if: parserAvailable, "built without the toolchain's SwiftParser: manifests cannot be read statically"))
struct PackageManifestReaderTests {
    /// The manifest of `text` (markers removed), and the marked positions as `Package.swift:L:C`.
    static func read(_ text: String) throws(PackageManifestError) -> PackageManifest {
        let marked = MarkedText(text)
        let data = marked.data
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(PackageManifestError) in try PackageManifestReader.read(bytes, file: "Package.swift") }
        }
        return try result.get()
    }

    static func at(_ text: String, _ marker: String) -> String {
        MarkedText(text).position(marker).map { "Package.swift:\($0.line):\($0.column)" } ?? "no marker \(marker)"
    }

    @Test func literalManifest() throws {
        let text = """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = 1️⃣Package(
                name: "Kit",
                platforms: [.iOS(.v16), .macOS(.v13)],
                products: [
                    2️⃣.library(name: "Kit", type: .dynamic, targets: ["Kit", "KitUI"]),
                    .executable(name: "tool", targets: ["Tool"]),
                ],
                dependencies: [
                    .package(path: "../Models"),
                    .package(name: "Legacy", path: "Vendor/Legacy"),
                    .package(url: "https://github.com/apple/swift-collections.git", from: "1.0.0"),
                    .package(id: "mona.LinkedList", from: "1.0.0"),
                ],
                targets: [
                    3️⃣.target(
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
                        resources: [.process("Resources")]
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

            """
        let manifest = try Self.read(text)
        #expect(manifest.name == "Kit")
        #expect(manifest.position?.description == Self.at(text, "1️⃣"))
        #expect(manifest.isComplete && manifest.gaps.isEmpty)
        #expect(manifest.products.map { "\($0.kind.rawValue) \($0.name) \($0.targets)" } == [
            "library Kit [\"Kit\", \"KitUI\"]", "executable tool [\"Tool\"]",
        ])
        #expect(manifest.products[0].position?.description == Self.at(text, "2️⃣"))
        #expect(manifest.targets.map { "\($0.kind.rawValue) \($0.name)" } == [
            "regular Kit", "regular KitCore", "regular KitUI", "executable Tool", "test KitTests", "macro KitMacros",
            "plugin Lint", "binary Blob", "system CZlib",
        ])
        let kit = try #require(manifest.target(named: "Kit"))
        #expect(kit.position?.description == Self.at(text, "3️⃣"))
        #expect(kit.dependencies == [
            .byName("KitCore"), .target("KitUI"), .product(name: "Models", package: "Models"),
            .product(name: "OrderedCollections", package: "swift-collections"), .byName("Legacy"),
        ])
        #expect(kit.path == "Sources/KitMain")
        #expect(kit.exclude == ["Generated", "README.md"])
        #expect(kit.sources == ["Public", "Internal/Core.swift"])
        #expect(manifest.target(named: "KitCore")?.path == nil && manifest.target(named: "KitCore")?.sources == nil)
        #expect(manifest.dependencies.map(\.location) == [
            .path("../Models"), .path("Vendor/Legacy"), .url("https://github.com/apple/swift-collections.git"), .registry("mona.LinkedList"),
        ])
        #expect(manifest.dependencies.map(\.identity) == ["models", "legacy", "swift-collections", "mona.linkedlist"])
        #expect(manifest.dependencies[1].isNamed("Legacy"))
    }

    /// Constants, arrays built from them, `+`, `append`, `+=` after `Package(…)`, computed variables with local
    /// `var`s (OmnivoreKit's shape), functions with parameters, `map`, interpolation, static members of the
    /// manifest's own extensions, and `if` / `#if` branches (all of them count).
    @Test func constantsFunctionsAndMutations() throws {
        let manifest = try Self.read("""
            // swift-tools-version: 5.9
            import PackageDescription

            let libraries = ["Core", "UI"]
            let featureNames = ["Feed", "Settings"]
            let shared: [Target.Dependency] = ["Core"] + ["UI"]

            func feature(_ name: String, extra: [Target.Dependency] = []) -> Target {
                .target(name: name, dependencies: shared + extra, path: "Features/\\(name)")
            }

            extension Target.Dependency {
                static var collections: Self { .product(name: "Collections", package: "swift-collections") }
            }

            var appDependencies: [Target.Dependency] {
                var deps: [Target.Dependency] = ["Core"]
                deps.append(.collections)
                deps += featureNames.map { .target(name: $0) }
                if ProcessInfo.processInfo.environment["CI"] != nil {
                    deps.append("CIOnly")
                } else {
                    deps.append(contentsOf: ["Local"])
                }
                return deps
            }

            let package = Package(
                name: "App",
                products: [.library(name: "App", targets: ["App"])] + libraries.map { .library(name: $0, targets: [$0]) },
                targets: [
                    .target(name: "App", dependencies: appDependencies),
                    .target(name: "Core"),
                    .target(name: "UI", dependencies: ["Core"]),
                ] + featureNames.map { feature($0) }
            )

            package.targets.append(.target(name: "Late"))
            package.targets += [.testTarget(name: "AppTests", dependencies: ["App"])]
            #if os(Linux)
            package.products.append(.library(name: "LinuxOnly", targets: ["Late"]))
            #endif
            for target in package.targets {
                target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
            }

            """)
        #expect(manifest.isComplete, "\(manifest.gaps)")
        #expect(manifest.products.map(\.name) == ["App", "Core", "UI", "LinuxOnly"])
        #expect(manifest.product(named: "UI")?.targets == ["UI"])
        #expect(manifest.targets.map(\.name) == ["App", "Core", "UI", "Feed", "Settings", "Late", "AppTests"])
        #expect(manifest.target(named: "App")?.dependencies == [
            .byName("Core"), .product(name: "Collections", package: "swift-collections"), .target("Feed"), .target("Settings"),
            .byName("CIOnly"), .byName("Local"),
        ])
        #expect(manifest.target(named: "Feed")?.path == "Features/Feed")
        #expect(manifest.target(named: "Settings")?.dependencies == [.byName("Core"), .byName("UI")])
    }

    /// What static reading cannot follow is a gap at its place; the rest is still read.
    @Test func gapsArePlaced() throws {
        let text = """
            import PackageDescription
            import Foundation

            let package = Package(
                name: "Odd",
                products: [.library(name: "Odd", targets: 1️⃣listTargets())],
                targets: [
                    .target(name: "Odd", dependencies: 2️⃣ProcessInfo.processInfo.environment.keys.sorted()),
                    .target(name: "Fine", path: 3️⃣sourcesRoot),
                    4️⃣makeTarget(),
                ]
            )

            """
        let manifest = try Self.read(text)
        #expect(!manifest.isComplete)
        #expect(manifest.product(named: "Odd")?.targetsAreComplete == false)
        #expect(manifest.target(named: "Odd")?.dependenciesAreComplete == false)
        #expect(manifest.target(named: "Fine")?.sourcesAreKnown == false)
        #expect(!manifest.targetsAreComplete)
        #expect(manifest.targets.map(\.name) == ["Odd", "Fine"])
        #expect(manifest.gaps.map(\.position.description) == [
            Self.at(text, "1️⃣"), Self.at(text, "2️⃣"), Self.at(text, "3️⃣"), Self.at(text, "4️⃣"),
        ])
        #expect(manifest.gaps[0].what == "the targets of product 'Odd': 'listTargets' is not declared in the manifest")
        #expect(manifest.gaps[3].what.hasPrefix("a target: "))
    }

    @Test func manifestsThatCannotBeRead() throws {
        // No Package(…) at the top level: nothing to read.
        #expect(throws: PackageManifestError(reason: "no `let package = Package(…)` at the top level of the manifest",
                                             position: Diagnostics.SourceLocation(file: "Package.swift", line: 1, column: 1))) {
            try Self.read("// swift-tools-version: 6.0\n")
        }
        // Not Swift at all: SwiftParser recovers, and there is still no package.
        #expect(throws: PackageManifestError.self) { try Self.read("\u{7}\u{1}PK\u{3}\u{4} ((((( let = = Package") }
        // A file that is not a regular file, or too large, is refused before it is parsed.
        let folder = try TemporaryDirectory("manifest")
        let large = folder.url.appendingPathComponent("Package.swift")
        try Data(repeating: 0x20, count: PackageManifestReader.maximumSize + 1).write(to: large)
        #expect(throws: PackageManifestError.self) { try PackageManifestReader.read(contentsOf: large.path, displayPath: "Package.swift") }
        #expect(throws: PackageManifestError.self) { try PackageManifestReader.read(contentsOf: folder.url.path, displayPath: "Package.swift") }
        #expect(throws: PackageManifestError.self) { try PackageManifestReader.read(contentsOf: "/nonexistent/Package.swift", displayPath: "Package.swift") }
        // What SwiftParser would take exponential time on, and bytes that are not UTF-8, are refused before parsing.
        #expect(throws: PackageManifestError(reason: "20 '[' in a row, on which SwiftParser takes time exponential in their number: not parsed",
                                             position: Diagnostics.SourceLocation(file: "Package.swift", line: 2, column: 1))) {
            try Self.read("let package = Package(name: \"B\")\nlet x = " + String(repeating: "[", count: 20) + "\n")
        }
        let notUTF8 = Data([0x6C, 0x65, 0x74, 0xFF, 0xFE]).withUnsafeBytes { bytes in
            Result { () throws(PackageManifestError) in try PackageManifestReader.read(bytes, file: "Package.swift") }
        }
        #expect(throws: PackageManifestError.self) { try notUTF8.get() }
        // A manifest with syntax errors is read as far as SwiftParser recovers it.
        let broken = try Self.read("let package = Package(name: \"B\", products: [.library(name: \"B\", targets: [\"B\"])], targets: [.target(name: \"B\"),\n")
        #expect(broken.products.map(\.name) == ["B"])
    }

    /// Hostile manifests end quickly: arrays doubled in a loop, self-reference, deep nesting.
    @Test func boundedOnHostileInput() throws {
        let doubling = "var x = [\"a\"]\n" + String(repeating: "x += x\n", count: 200)
            + "let package = Package(name: \"D\", targets: x.map { .target(name: $0) })\n"
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            let manifest = try Self.read(doubling)
            #expect(!manifest.targetsAreComplete)
        }
        #expect(elapsed < .seconds(5))
        let recursive = try Self.read("""
            var a: [Target] { a + b }
            var b: [Target] { a }
            func f(_ n: String) -> [Target] { f(n) + [.target(name: n)] }
            let package = Package(name: "R", targets: a + f("x"))
            """)
        #expect(!recursive.targetsAreComplete)
        let nested = "let package = Package(name: \"N\", targets: " + String(repeating: "(", count: 500) + "[]" + String(repeating: ")", count: 500) + ")\n"
        _ = try? Self.read(nested)
    }

    /// Every input `fuzz-package-manifest` ever hung or crashed on (Fuzz/Reproducers/README.md) reads in bounded time.
    @Test func fuzzReproducers() throws {
        let folder = TestPaths.inPackage("Fuzz/Reproducers/package-manifest")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!names.isEmpty)
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let clock = ContinuousClock()
            let elapsed = clock.measure {
                _ = data.withUnsafeBytes { bytes in try? PackageManifestReader.read(bytes, file: "Package.swift") }
            }
            // 0.2 s in a debug build alone; the bound leaves room for a loaded machine and parallel tests.
            #expect(elapsed < .seconds(10), "\(name): \(elapsed)")
        }
    }
}
