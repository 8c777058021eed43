// swift-tools-version:5.7
import PackageDescription

let publicLibraryTargets = [
    "CoreDataStack",
    "Common",
    "SDK",
]

let package = Package(
    name: "SDK",
    defaultLocalization: "en",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "SDK", targets: publicLibraryTargets),
        .library(name: "SDKDynamic", type: .dynamic, targets: publicLibraryTargets)
    ],
    dependencies: [
        .package(name: "Keys", path: "../dependencies/Keys"),
        .package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.4.0"),
    ],
    targets: [
        .target(name: "CoreDataStack", dependencies: ["Common"], exclude: ["Template/Stencil"]),
        .target(name: "Common", dependencies: []),
        .target(name: "SDK", dependencies: [.product(name: "Alamofire", package: "Alamofire"), .product(name: "Keys", package: "Keys"), "Common"]),
        .testTarget(name: "SDKTests", dependencies: ["SDK"]),
    ]
)
