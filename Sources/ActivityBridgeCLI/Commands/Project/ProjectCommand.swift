/// Xcode projects read on Linux — their targets and configurations, and a target's resolved build settings
/// (ActivityBridgeCLI.docc, "project").
enum ProjectCommand: Command {
    static let configuration = CommandConfiguration(
        path: "project",
        overview: "List Xcode projects and resolve a target's build settings (project.pbxproj and xcconfig files).",
        subcommands: [ProjectListCommand.self, ProjectSettingsCommand.self])
}
