// swift-tools-version:5.0
import PackageDescription

let package = Package(
	name: "Dependencies",
	products: [
		.library(
			name: "Dependencies",
			targets: ["Dependencies"]
		)
	],
	dependencies: [
		.package(url: "https://github.com/apple/swift-log.git", .branch("master"))
	],
	targets: [
		.target(
			name: "Dependencies",
			dependencies: ["Logging"]
		),
		.testTarget(
			name: "DependenciesTests",
			dependencies: ["Dependencies"]
		)
	]
)
