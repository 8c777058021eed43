/// The assignments of one target and configuration in Xcode's order, lowest first (built-in defaults,
/// project xcconfig, project, target xcconfig, target, `--define`); within a level, file order.
///
/// A later assignment of a name wins; `$(inherited)` in it refers to the value before it, which is how both
/// `OTHER_LDFLAGS = $(inherited) -lz` after an `#include` and a target's `$(inherited)` over the project work.
/// As in Xcode, `$(X)` inside a definition of X (directly or through other settings) means the value of X
/// below that definition, so `PRODUCT_BUNDLE_IDENTIFIER = $(PRODUCT_BUNDLE_IDENTIFIER)` in a target takes the
/// xcconfig's value, and settings cannot form cycles.
public struct BuildSettingTable: Hashable, Sendable {
    public private(set) var assignments: [BuildSettingAssignment] = []

    public init(_ assignments: [BuildSettingAssignment] = []) { self.assignments = assignments }

    public mutating func append(_ assignment: BuildSettingAssignment) { assignments.append(assignment) }

    public mutating func append(contentsOf more: [BuildSettingAssignment]) { assignments += more }

    /// Evaluates every setting for `environment`; undefined references expand to empty (and are reported).
    public func resolve(
        for environment: BuildSettingEnvironment, options: BuildSettingExpansionOptions = .xcode
    ) -> ResolvedBuildSettings {
        ResolvedBuildSettings(
            assignments: assignments.filter { $0.conditions.allSatisfy { $0.holds(in: environment) } },
            options: options)
    }
}

/// One setting's final value, where it was set, and what could not be expanded in it.
public struct ResolvedBuildSetting: Hashable, Sendable {
    public var name: String
    public var value: String
    /// The assignment that won (the highest one whose conditions hold).
    public var origin: BuildSettingOrigin
    /// The value as written there, before expansion.
    public var unexpandedValue: String
    /// References in the value (or in what it refers to) that were undefined, recursive or malformed.
    public var problems: [BuildSettingProblem]
}

/// A target's settings for one configuration, evaluated. Built by ``BuildSettingTable/resolve(for:options:)``.
public struct ResolvedBuildSettings: Sendable {
    /// Each name's assignments whose conditions hold, lowest first.
    private let chains: [String: [BuildSettingAssignment]]
    public let options: BuildSettingExpansionOptions
    /// Every setting, by name.
    public let settings: [String: ResolvedBuildSetting]

    init(assignments: [BuildSettingAssignment], options: BuildSettingExpansionOptions) {
        var chains: [String: [BuildSettingAssignment]] = [:]
        for assignment in assignments { chains[assignment.name, default: []].append(assignment) }
        self.chains = chains
        self.options = options
        var expander = BuildSettingExpander(source: ChainSource(chains: chains), options: options)
        var settings: [String: ResolvedBuildSetting] = [:]
        settings.reserveCapacity(chains.count)
        for (name, chain) in chains {
            let top = BuildSettingDefinitionID(name: name, index: chain.count - 1)
            let expansion = expander.expand(definition: top)
            settings[name] = ResolvedBuildSetting(
                name: name, value: expansion.value, origin: chain[chain.count - 1].origin,
                unexpandedValue: chain[chain.count - 1].value, problems: expansion.problems)
        }
        self.settings = settings
    }

    /// The final value of `name`; nil when it is not set at any level.
    public subscript(name: String) -> String? { settings[name]?.value }

    /// The setting names, sorted (the order of `xcodebuild -showBuildSettings`).
    public var names: [String] { settings.keys.sorted() }

    /// The final values as flat definitions, expanding as these settings do: what `validate`'s declarations
    /// take (``BuildSettings``) when the settings come from a project. The values are already expanded, so
    /// expanding a reference to one gives the same text as ``expand(_:options:)``.
    public var definitions: BuildSettings {
        BuildSettings(settings.mapValues(\.value), options: options)
    }

    /// Every assignment of `name` that applies, lowest first: how its value was built up.
    public func assignments(of name: String) -> [BuildSettingAssignment] { chains[name] ?? [] }

    /// Expands references in other text (an Info.plist string) against these settings.
    public func expand(_ text: String, options: BuildSettingExpansionOptions? = nil) -> BuildSettingExpansion {
        var expander = BuildSettingExpander(source: ChainSource(chains: chains), options: options ?? self.options)
        return expander.expand(text)
    }

    /// `$(NAME)` finds the highest assignment; `$(inherited)` inside assignment i finds assignment i - 1.
    private struct ChainSource: BuildSettingDefinitionSource {
        let chains: [String: [BuildSettingAssignment]]

        func definition(named name: String) -> BuildSettingDefinitionID? {
            guard let chain = chains[name] else { return nil }
            return BuildSettingDefinitionID(name: name, index: chain.count - 1)
        }

        func definition(inheritedBy definition: BuildSettingDefinitionID) -> BuildSettingDefinitionID? {
            definition.index > 0 ? BuildSettingDefinitionID(name: definition.name, index: definition.index - 1) : nil
        }

        func text(of definition: BuildSettingDefinitionID) -> String { chains[definition.name]?[definition.index].value ?? "" }

        var referencesToNamesBeingExpandedInherit: Bool { true }
    }
}
