// swift-tools-version: 6.0
import PackageDescription

// A team's replay tests, as a package of its own beside the app: the app's platform-independent
// logic (`Bookshelf`, what the iOS target links too), and a test target that drives it through
// ActivityBridge's replay engine with the scripts in `Replays/`. ActivityBridge comes by path here;
// a team would use `.package(url: "…/ActivityBridge.git", from: "…")`.
//
// ActivityBridge's manifest gives its SwiftFacts target unsafe flags (the toolchain's SwiftParser).
// SwiftPM refuses unsafe flags only in targets a package actually builds from a remote dependency;
// SwiftFacts is reached by the audit and the CLI alone, never by the library products used here, so
// this dependency (by path, or by URL) builds without them and without the parser.
let package = Package(
    name: "ReplayTests",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "ActivityBridge", path: "../.."),
    ],
    targets: [
        .target(name: "Bookshelf"),
        .testTarget(name: "BookshelfReplayTests", dependencies: [
            "Bookshelf",
            .product(name: "ActivityBridge", package: "ActivityBridge"),
            .product(name: "ActivityKit", package: "ActivityBridge"),
            .product(name: "IntentKit", package: "ActivityBridge"),
            .product(name: "PropertyList", package: "ActivityBridge"),
            .product(name: "BuildSettings", package: "ActivityBridge"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
