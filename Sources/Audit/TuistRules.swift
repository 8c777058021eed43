import Diagnostics

// The audit's rules about Tuist manifests and Xcode workspaces (listed with the others in AuditRules.audit, whose
// table the command-line article shows). A Tuist example is a repository with `Project.swift` and no
// `.xcodeproj` (`--no-project`): it is read as Tuist's project.

extension Diagnostic.Rule {
    /// A Tuist `Project.swift` that cannot be read at all (no `Project(…)`, not UTF-8, unreadable).
    package static let tuistManifestUnreadable = RuleDescription.tuistManifestUnreadable.id
    /// What static reading of a Tuist manifest could not follow.
    package static let tuistManifestGap = RuleDescription.tuistManifestGap.id
    /// A workspace's `contents.xcworkspacedata` that cannot be read.
    package static let workspaceInvalid = RuleDescription.workspaceInvalid.id
}

private let tuistApp = """
    import ProjectDescription

    let project = Project(
        name: "Shop",
        targets: [
            .target(name: "Shop", destinations: .iOS, product: .app, bundleId: "com.example.shop",
                    infoPlist: .extendingDefault(with: ["NSUserActivityTypes": ["com.example.shop.open"]]),
                    sources: ["App/**"]),
        ]
    )

    """

extension RuleDescription {
    package static let tuistManifestUnreadable = RuleDescription(
        "tuist-manifest-unreadable", .error,
        "A Tuist Project.swift cannot be read: no `let project = Project(…)` static reading finds, not UTF-8, or not a readable file.",
        rationale: "A Tuist `Project.swift` is read statically (never run); when no `Project(…)` is found at its top level (nor made by a helper of `Tuist/ProjectDescriptionHelpers`), or the file is no UTF-8 text, nothing of the project is audited: one error, at the manifest.",
        triggering: [.repository(["Project.swift": "↓import ProjectDescription\n\nlet project = makeProject()\n",
                                  "App/Donate.swift": "import Foundation\n"], arguments: ["--no-project"])],
        nonTriggering: [.repository(["Project.swift": tuistApp, "App/Donate.swift": "import Foundation\n"], arguments: ["--no-project"])])

    package static let tuistManifestGap = RuleDescription(
        "tuist-manifest-gap", .note,
        "A value of a Tuist manifest static reading does not follow: what it is for, and why (nothing is guessed).",
        rationale: "A Tuist manifest is read statically, with the helpers of `Tuist/ProjectDescriptionHelpers`: what it cannot follow (a value read from the environment, a function it does not know, a step budget spent) is left out of the project, and said at its place, never guessed.",
        triggering: [.repository(["Project.swift": """
            import ProjectDescription

            let project = Project(
                name: "Shop",
                targets: [
                    .target(name: "Shop", destinations: .iOS, product: .app, bundleId: ↓Environment.bundleId.getString(default: "x"),
                            infoPlist: .default, sources: ["App/**"]),
                ]
            )

            """, "App/Donate.swift": "import Foundation\n"], arguments: ["--no-project"])],
        nonTriggering: [.repository(["Project.swift": tuistApp, "App/Donate.swift": "import Foundation\n"], arguments: ["--no-project"])])

    package static let workspaceInvalid = RuleDescription(
        "workspace-invalid", .note,
        "A workspace's contents.xcworkspacedata cannot be read (malformed XML, not a workspace): the projects it lists are not looked for.",
        rationale: "An `.xcworkspace`'s `contents.xcworkspacedata` lists the projects a team builds together, some outside the folders the audit searches; one that cannot be read (malformed XML, a DOCTYPE, not a `<Workspace>`, too large) adds none of its projects: one note, at the place it fails.",
        triggering: [.repository(["Shop.xcworkspace/contents.xcworkspacedata": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace version = \"1.0\">\n   <FileRef location = \"group:Shop.xcodeproj\">\n↓</Workspace>\n"])],
        nonTriggering: [.repository(["Shop.xcworkspace/contents.xcworkspacedata": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace version = \"1.0\">\n   <FileRef location = \"group:Shop.xcodeproj\">\n   </FileRef>\n</Workspace>\n"])])
}
