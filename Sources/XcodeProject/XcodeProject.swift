public import BuildSettings
public import PropertyList
public import Diagnostics

/// A path a project names, resolved as far as the repository allows.
public enum ProjectPath: Hashable, Sendable, CustomStringConvertible {
    /// A path relative to the reader's root (``ProjectFiles/root``), standardized.
    case repository(String)
    /// An `<absolute>` path.
    case absolute(String)
    /// A path under a build-time folder (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR` …), not in the repository.
    case buildSetting(String, path: String)

    /// The path to read from the repository; nil for build-time folders.
    public var filePath: String? {
        switch self {
        case let .repository(path), let .absolute(path): path
        case .buildSetting: nil
        }
    }

    public var description: String {
        switch self {
        case let .repository(path), let .absolute(path): path
        case let .buildSetting(name, path): path.isEmpty ? "$(\(name))" : "$(\(name))/\(path)"
        }
    }
}

/// One `XCBuildConfiguration`: a name, its settings as written, and its base xcconfig file.
public struct XcodeBuildConfiguration: Hashable, Sendable {
    public var id: String
    public var name: String
    /// The `buildSettings` as written, in file order, each with the location of its key.
    public var settings: [BuildSettingAssignment]
    /// The base xcconfig (`baseConfigurationReference`, or the Xcode 16 anchor in a synchronized folder).
    public var baseConfiguration: ProjectPath?
    /// Where the base configuration is named, for a diagnostic when it is missing.
    public var baseConfigurationLocation: SourceLocation?

    package init(id: String, name: String, settings: [BuildSettingAssignment], baseConfiguration: ProjectPath? = nil,
                 baseConfigurationLocation: SourceLocation? = nil) {
        self.id = id
        self.name = name
        self.settings = settings
        self.baseConfiguration = baseConfiguration
        self.baseConfigurationLocation = baseConfigurationLocation
    }
}

/// An `XCConfigurationList`.
public struct XcodeConfigurationList: Hashable, Sendable {
    public var configurations: [XcodeBuildConfiguration]
    public var defaultConfigurationName: String?

    package init(configurations: [XcodeBuildConfiguration], defaultConfigurationName: String?) {
        self.configurations = configurations
        self.defaultConfigurationName = defaultConfigurationName
    }

    public subscript(name: String) -> XcodeBuildConfiguration? { configurations.first { $0.name == name } }
}

/// An Xcode 16 `PBXFileSystemSynchronizedRootGroup` a target builds from: every file under the folder
/// belongs to the target, except the membership exceptions for it.
public struct SynchronizedFolder: Hashable, Sendable {
    public var id: String
    public var path: ProjectPath
    /// Paths relative to the folder that are not members (an entry may name a sub-folder).
    public var excluded: [String]
    /// Folders Xcode copies as a whole (`explicitFolders`): nothing under them is compiled.
    public var explicitFolders: [String]
    /// Files whose `platformFiltersByRelativePath` limits them to other platforms than the one evaluated.
    public var platformFiltered: [String: [String]]
}

/// A Swift package product a target links (`packageProductDependencies`).
public struct PackageProductDependency: Hashable, Sendable {
    public enum Package: Hashable, Sendable {
        /// `XCLocalSwiftPackageReference`: the package's folder.
        case local(ProjectPath)
        /// `XCRemoteSwiftPackageReference`: its repository URL.
        case remote(String)
    }

    public var productName: String
    /// nil when the product names no package: then it comes from a local package the project holds as a
    /// folder reference (older Xcode), see ``XcodeProject/localPackages``.
    public var package: Package?

    package init(productName: String, package: Package?) {
        self.productName = productName
        self.package = package
    }
}

/// A `PBXTargetDependency`.
public struct TargetDependency: Hashable, Sendable {
    /// The target in this project, when it is one.
    public var targetID: String?
    /// The target's name (or the proxy's `remoteInfo` for a target of another project).
    public var name: String?
    /// A package product the dependency names instead of a target (`productRef`).
    public var productName: String?

    package init(targetID: String?, name: String?, productName: String?) {
        self.targetID = targetID
        self.name = name
        self.productName = productName
    }
}

/// A `PBXNativeTarget`, `PBXAggregateTarget` or `PBXLegacyTarget`.
public struct XcodeTarget: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case native, aggregate, legacy
    }

    public var id: String
    public var name: String
    public var kind: Kind
    /// `com.apple.product-type.application` …; nil for aggregate and legacy targets.
    public var productType: String?
    public var productName: String?
    public var buildConfigurations: XcodeConfigurationList
    /// The files of the Sources build phases, in order (all languages).
    public var sourceFiles: [ProjectPath]
    /// Each source file's platform filter (`platformFilter` / `platformFilters` of its build file), if any.
    public var sourceFilePlatformFilters: [ProjectPath: [String]]
    /// The synchronized folders the target lists (`fileSystemSynchronizedGroups`).
    public var synchronizedFolders: [SynchronizedFolder]
    /// Files of synchronized folders the target does not list, made members by an exception set naming it.
    public var synchronizedExtraFiles: [ProjectPath]
    public var packageProducts: [PackageProductDependency]
    public var dependencies: [TargetDependency]
    /// Where the target object is defined in `project.pbxproj`.
    public var location: SourceLocation

    /// An application or app extension: the targets `audit` checks.
    public var isApplicationOrExtension: Bool {
        guard kind == .native, let productType else { return false }
        return productType.hasPrefix("com.apple.product-type.application")
            || productType.hasPrefix("com.apple.product-type.app-extension")
            || productType.hasPrefix("com.apple.product-type.extensionkit-extension")
    }
}

/// A local Swift package of the project: an `XCLocalSwiftPackageReference`, or a folder reference whose
/// folder holds a `Package.swift`.
public struct LocalSwiftPackage: Hashable, Sendable {
    public var path: ProjectPath
    /// True when it is an `XCLocalSwiftPackageReference` (products name it); false for a folder reference.
    public var isPackageReference: Bool

    package init(path: ProjectPath, isPackageReference: Bool) {
        self.path = path
        self.isPackageReference = isPackageReference
    }
}

/// An Xcode project read from its `project.pbxproj` (see ``XcodeProjectReader``).
public struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder, as shown (relative to the reader's root).
    public var path: String
    /// The folder holding the `.xcodeproj` (`.` for the root): `PROJECT_DIR`.
    public var directory: String
    /// The folder group paths start from: ``directory`` plus the project's `projectDirPath`: `SRCROOT`.
    public var sourceRoot: String
    /// The `.xcodeproj` name without its extension: `PROJECT_NAME`.
    public var name: String
    public var targets: [XcodeTarget]
    /// The project-level configurations; their names are the project's configurations.
    public var buildConfigurations: XcodeConfigurationList
    public var localPackages: [LocalSwiftPackage]
    /// Dangling references, reference cycles, malformed objects; never fatal.
    public var diagnostics: [Diagnostic]
    /// The reader the project was read with (for xcconfig files and synchronized folders).
    public var files: ProjectFiles
    /// Every file path the project's groups reference (each `PBXFileReference`, a variant group's localizations
    /// among them), built by a target or not: a referenced file that no target builds was left out on purpose.
    public var referencedFiles: Set<String> = []
    /// Info.plists the generator writes from the spec (XcodeGen's `info.properties`), by target name: read instead
    /// of the file at `INFOPLIST_FILE`, which the generator overwrites and a repository seldom holds.
    public var generatedInfoPlists: [String: GeneratedInfoPlist] = [:]
    /// The shared schemes (`xcshareddata/xcschemes/*.xcscheme`), sorted by name; empty for an XcodeGen spec.
    public var schemes: [XcodeScheme] = []

    /// The configuration names, in the project's order.
    public var configurationNames: [String] { buildConfigurations.configurations.map(\.name) }

    /// What `--configuration` defaults to: the project list's `defaultConfigurationName`, else the first.
    public var defaultConfigurationName: String? {
        buildConfigurations.defaultConfigurationName ?? configurationNames.first
    }

    public func target(named name: String) -> XcodeTarget? { targets.first { $0.name == name } }

    /// A path written relative to the project folder (`SRCROOT`, as `INFOPLIST_FILE` is), as a repository path.
    public func path(relativeToProject path: String) -> String {
        BuildSettingPath.join(sourceRoot, path)
    }
}
