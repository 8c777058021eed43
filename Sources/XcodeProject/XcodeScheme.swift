public import Diagnostics
import BuildSettings
import Foundation

/// A shared scheme of a project: `<project>.xcodeproj/xcshareddata/xcschemes/<name>.xcscheme` (an XML file Xcode
/// writes; read by ``XcodeSchemeReader``). Only what the audit needs to know which configuration ships: the
/// targets its Build action builds and the configuration its Archive action builds with.
public struct XcodeScheme: Hashable, Sendable {
    /// A `BuildableReference` of a `BuildActionEntry`.
    public struct BuildableReference: Hashable, Sendable {
        /// `BlueprintIdentifier`: the target's object identifier in its project.
        public var blueprintIdentifier: String?
        /// `BlueprintName`: the target's name.
        public var blueprintName: String?
        /// `ReferencedContainer` (`container:App.xcodeproj`): the project the target is in.
        public var referencedContainer: String?
        /// False when the entry says `buildForArchiving = "NO"`: an archive does not build it.
        public var buildsForArchiving: Bool
        public var location: SourceLocation

        public init(blueprintIdentifier: String?, blueprintName: String?, referencedContainer: String?,
                    buildsForArchiving: Bool = true, location: SourceLocation) {
            self.blueprintIdentifier = blueprintIdentifier
            self.blueprintName = blueprintName
            self.referencedContainer = referencedContainer
            self.buildsForArchiving = buildsForArchiving
            self.location = location
        }
    }

    /// The file name without `.xcscheme`: the scheme's name in Xcode.
    public var name: String
    /// The scheme file, as shown (relative to the reader's root).
    public var path: String
    /// The Build action's entries, in file order.
    public var builtTargets: [BuildableReference]
    /// The Archive action's `buildConfiguration`; nil when the scheme has no Archive action or it names none.
    public var archiveConfiguration: String?
    /// Where the Archive action is (its `buildConfiguration` is an attribute of it).
    public var archiveLocation: SourceLocation?

    public init(name: String, path: String, builtTargets: [BuildableReference], archiveConfiguration: String?,
                archiveLocation: SourceLocation?) {
        self.name = name
        self.path = path
        self.builtTargets = builtTargets
        self.archiveConfiguration = archiveConfiguration
        self.archiveLocation = archiveLocation
    }

    /// True when an archive of this scheme builds `target` of `project`: an entry names the target's identifier,
    /// or (an entry whose identifier is no target of the project, e.g. a regenerated project) its name in this
    /// project's container.
    public func archives(_ target: XcodeTarget, of project: XcodeProject) -> Bool {
        let identifiers = Set(project.targets.map(\.id))
        let projectFile = BuildSettingPath.lastComponent(of: project.path)
        return builtTargets.contains { reference in
            guard reference.buildsForArchiving else { return false }
            if let identifier = reference.blueprintIdentifier, identifiers.contains(identifier) { return identifier == target.id }
            guard reference.blueprintName == target.name else { return false }
            guard let container = reference.referencedContainer else { return true }
            return BuildSettingPath.lastComponent(of: container.hasPrefix("container:") ? String(container.dropFirst("container:".count)) : container) == projectFile
        }
    }
}

/// Bounds of ``XcodeSchemeReader``: a repository is nobody's to trust.
public enum XcodeSchemeLimits {
    /// Bytes of one `.xcscheme` file (Xcode's are a few kilobytes).
    public static let maximumFileSize = 4 << 20
    /// Scheme files read per project; the rest are skipped with a note.
    public static let maximumSchemes = 256
    /// Elements of one scheme file; past it the file is given up with a note.
    public static let maximumElements = 100_000
}
