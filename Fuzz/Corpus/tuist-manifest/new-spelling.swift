import ProjectDescription

let project = Project(
    name: "Shop",
    organizationName: "Example",
    settings: .settings(base: ["SWIFT_VERSION": "6.0"], configurations: [
        .debug(name: "Debug", settings: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG"], xcconfig: "Configs/Debug.xcconfig"),
        .release(name: "Release", xcconfig: .relativeToRoot("Configs/Release.xcconfig")),
    ]),
    targets: [
        .target(name: "Shop", destinations: [.iPhone, .iPad], product: .app, bundleId: "com.example.shop",
                deploymentTargets: .iOS("17.0"),
                infoPlist: .extendingDefault(with: ["NSUserActivityTypes": ["com.example.shop.open"], "UILaunchScreen": [:]]),
                sources: ["App/**", .glob("Shared/**/*.swift", excluding: ["Shared/Tests/**"])],
                entitlements: "App/Shop.entitlements",
                dependencies: [.target(name: "ShopKit"), .external(name: "Remote"), .project(target: "Core", path: "../Core")]),
        .target(name: "ShopKit", destinations: .iOS, product: .staticFramework, bundleId: "com.example.shop.kit",
                infoPlist: .default, sources: "Kit/**"),
    ]
)
