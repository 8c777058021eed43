import ProjectDescription

let project = Project(
    name: "Legacy",
    targets: [
        Target(name: "Legacy", platform: .iOS, product: .app, bundleId: "com.example.legacy",
               deploymentTarget: .iOS(targetVersion: "15.0", devices: [.iphone, .ipad]),
               infoPlist: .file(path: "Legacy/Info.plist"), sources: ["Legacy/**"],
               dependencies: [.package(product: "Kit")]),
    ]
)
