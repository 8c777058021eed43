import ProjectDescription

extension Project {
    public static func app(name: String, bundlePrefix: String = "com.example", isDistribution: Bool = false,
                           extraKeys: [String: Plist.Value] = [:]) -> Project {
        let identity = isDistribution ? "Apple Distribution" : "Apple Development"
        return Project(name: name, targets: [
            .target(name: name, destinations: .iOS, product: .app, bundleId: "\(bundlePrefix).\(name.lowercased())",
                    infoPlist: .extendingDefault(with: ["CFBundleDisplayName": "\(name)"].merging(extraKeys) { $1 }),
                    sources: ["Targets/\(name)/Sources/**"],
                    settings: .settings(base: SettingsDictionary().bitcodeEnabled(false).merging(["CODE_SIGN_IDENTITY": .string(identity)]))),
        ])
    }
}

enum Module: String, CaseIterable {
    case app = "App"
    case widgets = "Widgets"

    var bundleId: String {
        switch self {
        case .app: return "com.example.app"
        case .widgets: return "com.example.app.widgets"
        }
    }

    var target: Target { .target(name: rawValue, destinations: .iOS, product: self == .app ? .app : .appExtension, bundleId: bundleId) }
}

let project = Project.app(name: "Helper", extraKeys: ["NSUserActivityTypes": ["com.example.helper.open"]])
let other = Project(name: "Modules", targets: Module.allCases.map(\.target))
