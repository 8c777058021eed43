import ProjectDescription

let workspace = Workspace(name: "All", projects: ["App", "Modules/**", .relativeToRoot("Shared")])
