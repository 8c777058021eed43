// swift-tools-version: 6.0
// libFuzzer harnesses for ActivityBridge's readers (README "Fuzzing"; run with ./run.sh).
// A package of its own so that the main package's build and tests never see the sanitizer flags:
// build with `swift build -c release -Xswiftc -sanitize=fuzzer,address`.
// Each executable runs libFuzzer from its main (FuzzDriver).
import PackageDescription

let harnesses = [
    "fuzz-plist-xml", "fuzz-plist-binary", "fuzz-plist-openstep", "fuzz-json", "fuzz-xcconfig",
    "fuzz-pbxproj", "fuzz-replay-script", "fuzz-bridge-manifest",
]

let package = Package(
    name: "ActivityBridgeFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "ActivityBridge", path: "..")],
    targets: [
        // The checks every harness shares (round trips, equality); the harnesses are one call each.
        .target(name: "FuzzChecks", dependencies: [
            .product(name: "PropertyList", package: "ActivityBridge"),
            .product(name: "ActivityBridge", package: "ActivityBridge"),
        ]),
    ] + harnesses.map { name in
        .executableTarget(name: name, dependencies: ["FuzzChecks"], path: "Sources/Harnesses/\(name)")
    }
)
