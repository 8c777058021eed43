import Diagnostics

// A Tuist project manifest (`Project.swift`) and workspace manifest (`Workspace.swift`) as the audit needs them:
// the targets with their product, bundle identifier, platforms, Info.plist, sources, settings and dependencies.
// Plain values, each located in the file that wrote it, read statically by ``TuistManifestReader`` (the
// manifest is never compiled or run). The audit turns them into the project model Xcode projects and XcodeGen
// specs give (Audit's TuistProjectBuilder).

/// What a `Project.swift` declares.
package struct TuistManifest: Hashable, Sendable {
    /// A value written in the manifest for an Info.plist or entitlements dictionary.
    package indirect enum Value: Hashable, Sendable {
        case string(String)
        case bool(Bool)
        case integer(Int64)
        case real(Double)
        /// Elements have no place of their own in the reading: each is located where its array is.
        case array([Value])
        case dictionary([Entry])
    }

    package struct Entry: Hashable, Sendable {
        package var key: String
        package var keyPosition: SourceLocation
        package var value: Value
        package var valuePosition: SourceLocation
    }

    package enum InfoPlist: Hashable, Sendable {
        /// `.file(path:)` or a path written as a string: relative to the manifest's folder.
        case file(String)
        /// `.dictionary([…])` (only these keys) or `.extendingDefault(with: […])` (Tuist's default keys, then these).
        case generated([Entry], extendingDefault: Bool)
        /// `.default`: Tuist's default keys only.
        case `default`
    }

    /// One build setting as a string (`["A", "B"]` is `A B`, `true` is `YES`), located at its key.
    package struct Setting: Hashable, Sendable {
        package var name: String
        package var value: String
        package var position: SourceLocation
    }

    /// `.debug(name:settings:xcconfig:)` / `.release(…)`.
    package struct Configuration: Hashable, Sendable {
        package var name: String
        package var isRelease: Bool
        package var settings: [Setting]
        /// Relative to the manifest's folder.
        package var xcconfig: String?
        package var position: SourceLocation
    }

    /// `.settings(base:configurations:)`, or a settings dictionary given alone.
    package struct Settings: Hashable, Sendable {
        package var base: [Setting] = []
        package var configurations: [Configuration] = []
    }

    package enum Dependency: Hashable, Sendable {
        /// `.target(name:)`, or `.target(someTarget)`: a target of this project.
        case target(String)
        /// `.project(target:path:)`: a target of the project at `path` (relative to the manifest's folder).
        case project(target: String, path: String)
        /// `.package(product:)`: a product of a package the project lists.
        case package(product: String)
        /// `.external(name:)`: a product of the packages in `Tuist/Package.swift`.
        case external(String)
        /// `.sdk`, `.xcframework`, `.framework` …: nothing the audit reads.
        case other(String)
    }

    package struct LocatedDependency: Hashable, Sendable {
        package var dependency: Dependency
        package var position: SourceLocation
    }

    /// `"Sources/**"` or `.glob("…", excluding: […])`, relative to the manifest's folder.
    package struct SourceGlob: Hashable, Sendable {
        package var pattern: String
        package var excluding: [String]
        package var position: SourceLocation
    }

    package enum Platform: String, Hashable, Sendable, CaseIterable {
        case iOS, macOS, watchOS, tvOS, visionOS
    }

    package struct Target: Hashable, Sendable {
        package var name: String
        package var position: SourceLocation
        /// ProjectDescription's `Product` case (`app`, `appExtension`, `staticFramework` …).
        package var product: String?
        package var productPosition: SourceLocation?
        package var productName: String?
        package var bundleId: String?
        package var bundleIdPosition: SourceLocation?
        /// The platforms its destinations (or the old `platform:`) build for, in Tuist's order.
        package var platforms: [Platform] = []
        /// `.macCatalyst` among the destinations.
        package var supportsMacCatalyst = false
        /// Where the destinations or platform are written.
        package var platformPosition: SourceLocation?
        /// `deploymentTargets: .iOS("17.0")` (or the old `deploymentTarget:`), by platform.
        package var deploymentTargets: [Platform: String] = [:]
        package var infoPlist: InfoPlist?
        package var infoPlistPosition: SourceLocation?
        package var sources: [SourceGlob] = []
        /// `entitlements:` as a path; nil when absent or generated from a dictionary.
        package var entitlements: String?
        /// True for `.dictionary([…])` entitlements (Tuist writes them to `Derived/Entitlements`).
        package var entitlementsAreGenerated = false
        package var dependencies: [LocatedDependency] = []
        package var settings: Settings?
    }

    package var name: String?
    package var position: SourceLocation
    package var settings: Settings?
    package var targets: [Target] = []
    /// `packages: [.local(path:)]` of the project, relative to the manifest's folder.
    package var localPackages: [String] = []
    /// What static reading could not follow (a located note each, never a guess).
    package var gaps: [PackageManifest.Gap] = []
    /// The files read besides the manifest (`Tuist/ProjectDescriptionHelpers/*.swift`).
    package var helperFiles: [String] = []
}

/// What a `Workspace.swift` declares: the projects (folders, globs allowed) it builds together.
package struct TuistWorkspace: Hashable, Sendable {
    package var name: String?
    package var position: SourceLocation
    /// `projects: ["App", "Modules/**"]`, relative to the manifest's folder.
    package var projects: [String] = []
    package var gaps: [PackageManifest.Gap] = []
}

/// Why a Tuist manifest was not read at all: the same located refusal as a package manifest's.
package typealias TuistManifestError = PackageManifestError
