public import Diagnostics

/// The configuration a target is evaluated with when nothing else is said: the one that ships (<doc:BuildSettingEvaluation>).
public struct ShippingConfiguration: Hashable, Sendable {
    /// Why ``ShippingConfiguration/name`` was chosen.
    public enum Source: Hashable, Sendable {
        /// `--configuration` (the caller's request).
        case requested
        /// The Archive action's `buildConfiguration` of the shared scheme of this name that builds the target.
        case scheme(String)
        /// No shared scheme archives the target: the project's configuration named `Release`.
        case namedRelease
        /// Neither: the project's `defaultConfigurationName` (else its first configuration).
        case projectDefault
    }

    public var name: String
    public var source: Source
    /// Notes on the choice: shared schemes that disagree, a scheme naming a configuration the project lacks
    /// (`project-schemes-disagree`).
    public var diagnostics: [Diagnostic] = []

    public init(name: String, source: Source, diagnostics: [Diagnostic] = []) {
        self.name = name
        self.source = source
        self.diagnostics = diagnostics
    }

    /// How reports say why: `--configuration`, `scheme 'App' archive action`, `named Release`, `default`.
    public var sourceDescription: String {
        switch source {
        case .requested: "--configuration"
        case let .scheme(name): "scheme '\(name)' archive action"
        case .namedRelease: "named Release"
        case .projectDefault: "default"
        }
    }
}

extension XcodeProject {
    /// The configuration `target` is audited with: `requested` (`--configuration`) when given; else the Archive
    /// action's `buildConfiguration` of the shared scheme that builds the target (when several such schemes
    /// disagree: the one named like the target, else the first by name, and a note); else the project's
    /// configuration named `Release`; else ``defaultConfigurationName``.
    ///
    /// A scheme whose Archive action names a configuration the project does not have is passed over, with a note.
    public func shippingConfiguration(for target: XcodeTarget, requested: String? = nil) -> ShippingConfiguration {
        if let requested { return ShippingConfiguration(name: requested, source: .requested) }
        var diagnostics: [Diagnostic] = []
        let archiving = schemes.filter { $0.archiveConfiguration != nil && $0.archives(target, of: self) }
        if !archiving.isEmpty {
            let configurations = Set(archiving.compactMap(\.archiveConfiguration))
            let chosen = configurations.count > 1 ? (archiving.first { $0.name == target.name } ?? archiving[0]) : archiving[0]
            let name = chosen.archiveConfiguration ?? ""
            let location = chosen.archiveLocation ?? SourceLocation(file: chosen.path, line: 1, column: 1)
            if configurations.count > 1 {
                let listed = archiving.map { "'\($0.name)' (\($0.archiveConfiguration ?? ""))" }.joined(separator: ", ")
                let why = chosen.name == target.name ? "the one named like the target" : "the first by name"
                diagnostics.append(Diagnostic(
                    .projectSchemesDisagree,
                    "the shared schemes that archive target \(target.name) archive different configurations: \(listed); "
                        + "\(target.name) is audited with '\(name)' of scheme '\(chosen.name)', \(why) (--configuration chooses another)",
                    at: location))
            }
            if configurationNames.isEmpty || configurationNames.contains(name) {
                return ShippingConfiguration(name: name, source: .scheme(chosen.name), diagnostics: diagnostics)
            }
            diagnostics.append(Diagnostic(
                .projectSchemesDisagree,
                "scheme '\(chosen.name)' archives target \(target.name) with configuration '\(name)', which the project does not have "
                    + "(it has \(configurationNames.map { "'\($0)'" }.joined(separator: ", "))): the scheme is not used",
                at: location))
        }
        if configurationNames.contains("Release") {
            return ShippingConfiguration(name: "Release", source: .namedRelease, diagnostics: diagnostics)
        }
        return ShippingConfiguration(name: defaultConfigurationName ?? target.buildConfigurations.defaultConfigurationName ?? "",
                                     source: .projectDefault, diagnostics: diagnostics)
    }
}
