// swift-tools-version:5.6
import PackageDescription

let package = Package(
  name: "OmniKit",
  products: [
    .library(name: "App", targets: ["App"]),
    .library(name: "Views", targets: ["Views"])
  ],
  dependencies: dependencies,
  targets: [
    .target(name: "App", dependencies: appPackageDependencies),
    .testTarget(name: "AppTests", dependencies: ["App"]),
    .target(name: "Views", dependencies: ["Models", .product(name: "Introspect", package: "SwiftUI-Introspect")], resources: [.process("Resources")]),
    .target(name: "Models")
  ]
)

var appPackageDependencies: [Target.Dependency] {
  var deps: [Target.Dependency] = ["Views", "Models"]
  // Comment out following line for macOS build
  deps.append(.product(name: "PDF", package: "PDF-SP", condition: .when(platforms: [.iOS])))
  return deps
}

var dependencies: [Package.Dependency] {
  var deps: [Package.Dependency] = [
    .package(url: "https://github.com/siteline/SwiftUI-Introspect.git", from: "0.1.4")
  ]
  deps.append(.package(url: "https://github.com/example/PDF-SP", from: "13.7.0"))
  return deps
}
