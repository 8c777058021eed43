public import BuildSettings
public import PropertyList
import FileInput
public import Diagnostics

/// One target's evaluated settings for one configuration, with what went wrong reading its xcconfig files.
public struct TargetBuildSettings: Sendable {
    public var target: String
    /// The configuration evaluated (the target's default one when the requested name is not among its own).
    public var configuration: String
    /// Every assignment, lowest level first (see ``BuildSettingTable``).
    public var table: BuildSettingTable
    public var resolved: ResolvedBuildSettings
    /// xcconfig problems (missing files and includes, cycles, syntax) and a missing configuration.
    public var diagnostics: [Diagnostic]
    /// The xcconfig files read, each level's base file first, then what it includes.
    public var xcconfigFiles: [String]
}

extension TargetBuildSettings {
    /// Whether Xcode expands build settings in the Info.plist's values (`INFOPLIST_EXPAND_BUILD_SETTINGS`
    /// is not `NO`).
    public var expandsInfoPlist: Bool { resolved["INFOPLIST_EXPAND_BUILD_SETTINGS"]?.uppercased() != "NO" }
}

extension XcodeProject {
    /// The target's Info.plist as a path relative to the reader's root: `INFOPLIST_FILE`, which is relative
    /// to the project folder; nil when it is not set (or empty), as with `GENERATE_INFOPLIST_FILE = YES` alone.
    public func infoPlistPath(_ settings: TargetBuildSettings) -> String? {
        guard let file = settings.resolved["INFOPLIST_FILE"], !file.isEmpty else { return nil }
        // One the build writes (`$(DERIVED_FILE_DIR)/Info.plist`, from a script phase) is in no repository.
        if let build = settings.resolved["OBJROOT"], !build.isEmpty, file.hasPrefix(build + "/") { return nil }
        return path(relativeToProject: file)
    }

    /// The settings of `target` for `configuration` (default: the project's ``defaultConfigurationName``),
    /// evaluated in Xcode's order: built-in defaults, project xcconfig, project settings, target xcconfig,
    /// target settings, then `defines` (the `--define` overrides, level ``BuildSettingLevel/define``).
    /// Conditions are evaluated for `sdk` and any architecture.
    public func buildSettings(
        for target: XcodeTarget, configuration: String? = nil, sdk: String = "iphoneos",
        defines: BuildSettings = BuildSettings(), options: BuildSettingExpansionOptions = .xcode
    ) -> TargetBuildSettings {
        var diagnostics: [Diagnostic] = []
        var xcconfigFiles: [String] = []
        let requested = configuration ?? defaultConfigurationName ?? target.buildConfigurations.defaultConfigurationName ?? ""
        var name = requested
        var targetConfiguration = target.buildConfigurations[requested]
        if targetConfiguration == nil, let fallback = target.buildConfigurations.defaultConfigurationName ?? target.buildConfigurations.configurations.first?.name {
            diagnostics.append(Diagnostic(
                .projectConfigurationMissing,
                "target \(target.name) has no configuration '\(requested)'; its default configuration '\(fallback)' is used",
                at: target.location))
            name = fallback
            targetConfiguration = target.buildConfigurations[fallback]
        }
        let projectConfiguration = buildConfigurations[name]

        var table = BuildSettingTable(BuiltInBuildSettings.assignments(project: self, target: target, configuration: name))
        for (configuration, xcconfigLevel) in [(projectConfiguration, BuildSettingLevel.projectXcconfig), (targetConfiguration, .targetXcconfig)] {
            guard let configuration else { continue }
            if let base = configuration.baseConfiguration {
                table.append(contentsOf: xcconfig(base, level: xcconfigLevel, namedAt: configuration.baseConfigurationLocation,
                                                  diagnostics: &diagnostics, files: &xcconfigFiles))
            }
            table.append(contentsOf: configuration.settings)
        }
        for (defineName, value) in defines.definitions.sorted(by: { $0.key < $1.key }) {
            table.append(BuildSettingAssignment(name: defineName, value: value, origin: BuildSettingOrigin(.define)))
        }
        let resolved = table.resolve(for: BuildSettingEnvironment(sdk: sdk, configuration: name), options: options)
        return TargetBuildSettings(
            target: target.name, configuration: name, table: table, resolved: resolved,
            diagnostics: diagnostics, xcconfigFiles: xcconfigFiles)
    }

    private func xcconfig(
        _ path: ProjectPath, level: BuildSettingLevel, namedAt location: SourceLocation?,
        diagnostics: inout [Diagnostic], files read: inout [String]
    ) -> [BuildSettingAssignment] {
        guard let filePath = path.filePath,
              let file = XCConfigReader(files: files).read(filePath, level: level, searchPaths: [sourceRoot]) else {
            let reason = path.filePath.map(files.unreadableReason) ?? .noSuchFile
            diagnostics.append(Diagnostic(
                .xcconfigMissing, reason == .noSuchFile
                    ? "base configuration file '\(path)' does not exist; its settings are not applied"
                    : "cannot read base configuration file '\(path)': \(reason); its settings are not applied",
                at: location ?? SourceLocation(file: BuildSettingPath.join(self.path, "project.pbxproj"), line: 1, column: 1)))
            return []
        }
        read.append(file.path)
        read += file.includedFiles
        // The project and the target may share an xcconfig: its problems are reported once.
        diagnostics += file.diagnostics.filter { !diagnostics.contains($0) }
        return file.assignments
    }
}
