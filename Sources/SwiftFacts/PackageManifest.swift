import Diagnostics
import Foundation

// A Swift package manifest (`Package.swift`) as the audit needs it: which targets a product is built from,
// what each target depends on, and where its sources are. Plain values, read statically from the manifest's
// syntax by ``PackageManifestReader`` (the repository's code is never run), or built from SwiftPM's own
// `dump-package` output when the audit is asked to evaluate manifests.

/// What a manifest declares about its products, targets and package dependencies.
package struct PackageManifest: Hashable, Sendable {
    package enum ProductKind: String, Hashable, Sendable {
        case library, executable, plugin, other
    }

    /// `.library(name:targets:)`, `.executable(name:targets:)` …
    package struct Product: Hashable, Sendable {
        package var name: String
        package var kind: ProductKind
        package var targets: [String]
        /// False when static reading could not follow the target list (some targets may be missing).
        package var targetsAreComplete = true
        package var position: SourceLocation?

        package init(name: String, kind: ProductKind = .library, targets: [String], position: SourceLocation? = nil) {
            self.name = name
            self.kind = kind
            self.targets = targets
            self.position = position
        }
    }

    package enum TargetKind: String, Hashable, Sendable {
        case regular, executable, test, macro, plugin, system, binary
    }

    /// One entry of a target's `dependencies:`.
    package enum TargetDependency: Hashable, Sendable {
        /// `"Name"` or `.byName(name:)`: a target of this package, else a product of that name.
        case byName(String)
        /// `.target(name:)`
        case target(String)
        /// `.product(name:package:)`; `package` nil for the old form that names none.
        case product(name: String, package: String?)
    }

    /// `.target(name:dependencies:path:exclude:sources:)`, `.executableTarget`, `.testTarget`, `.macro` …
    package struct Target: Hashable, Sendable {
        package var name: String
        package var kind: TargetKind
        package var dependencies: [TargetDependency]
        /// False when static reading could not follow the whole dependency list.
        package var dependenciesAreComplete = true
        /// `path:` as written (relative to the package folder); nil for the default.
        package var path: String?
        /// `sources:`, relative to the target's folder; nil for all of it.
        package var sources: [String]?
        /// `exclude:`, relative to the target's folder.
        package var exclude: [String]
        /// False when `path:`, `sources:` or `exclude:` is written but could not be followed.
        package var sourcesAreKnown = true
        /// `publicHeadersPath:` of a C-family target, relative to its folder; nil for SwiftPM's `include`.
        package var publicHeadersPath: String?
        /// `cSettings:` `.define("NAME")` / `.define("NAME", to: "VALUE")` as `NAME` / `NAME=VALUE`, for every
        /// build (a definition for Debug only is left out, as the audit reads what ships).
        package var definitions: [String] = []
        /// `cSettings:` `.headerSearchPath(…)`, relative to the target's folder.
        package var headerSearchPaths: [String] = []
        package var position: SourceLocation?

        package init(name: String, kind: TargetKind = .regular, dependencies: [TargetDependency] = [], path: String? = nil,
                     sources: [String]? = nil, exclude: [String] = [], position: SourceLocation? = nil) {
            self.name = name
            self.kind = kind
            self.dependencies = dependencies
            self.path = path
            self.sources = sources
            self.exclude = exclude
            self.position = position
        }
    }

    package enum DependencyLocation: Hashable, Sendable {
        /// `.package(path:)`, relative to this package's folder (or absolute).
        case path(String)
        /// `.package(url:…)`: a source-control package.
        case url(String)
        /// `.package(id:…)`: a registry package.
        case registry(String)
    }

    /// One entry of the package's `dependencies:`.
    package struct Dependency: Hashable, Sendable {
        /// `name:` when written (`.package(name: "Models", path: "../Models")`).
        package var name: String?
        package var location: DependencyLocation
        package var position: SourceLocation?

        package init(name: String? = nil, location: DependencyLocation, position: SourceLocation? = nil) {
            self.name = name
            self.location = location
            self.position = position
        }

        /// SwiftPM's identity: the last path component of the path or URL, lowercased, without `.git`; a
        /// registry identity as written, lowercased.
        package var identity: String {
            switch location {
            case let .path(text), let .url(text): Self.identity(of: text)
            case let .registry(id): id.lowercased()
            }
        }

        package static func identity(of location: String) -> String {
            var text = Substring(location)
            while text.hasSuffix("/") { text = text.dropLast() }
            var last = text.split(separator: "/").last.map(String.init) ?? String(text)
            if let colon = last.lastIndex(of: ":"), !location.contains("/") { last = String(last[last.index(after: colon)...]) }
            if last.lowercased().hasSuffix(".git") { last = String(last.dropLast(4)) }
            return last.lowercased()
        }

        /// Whether `.product(name:package:)`'s `package:` names this dependency: its identity, or its `name:`.
        package func isNamed(_ package: String) -> Bool {
            identity == package.lowercased() || name == package
        }
    }

    /// Something static reading could not follow, where.
    package struct Gap: Hashable, Sendable, CustomStringConvertible {
        package var what: String
        package var position: SourceLocation

        package init(what: String, position: SourceLocation) {
            self.what = what
            self.position = position
        }

        package var description: String { "\(position): \(what)" }
    }

    package var name: String?
    package var products: [Product]
    /// False when the product list itself could not be followed.
    package var productsAreComplete = true
    package var targets: [Target]
    /// False when the target list itself could not be followed.
    package var targetsAreComplete = true
    package var dependencies: [Dependency]
    /// False when the package dependency list, or one of its entries, could not be followed.
    package var dependenciesAreComplete = true
    /// Where `Package(` is written.
    package var position: SourceLocation?
    /// What static reading could not follow (empty for an evaluated manifest).
    package var gaps: [Gap] = []

    package init(name: String? = nil, products: [Product] = [], targets: [Target] = [], dependencies: [Dependency] = [],
                 position: SourceLocation? = nil) {
        self.name = name
        self.products = products
        self.targets = targets
        self.dependencies = dependencies
        self.position = position
    }

    package func product(named name: String) -> Product? { products.first { $0.name == name } }

    package func target(named name: String) -> Target? { targets.first { $0.name == name } }

    /// Whether everything the audit uses was followed.
    package var isComplete: Bool {
        productsAreComplete && targetsAreComplete && dependenciesAreComplete
            && products.allSatisfy(\.targetsAreComplete) && targets.allSatisfy { $0.dependenciesAreComplete && $0.sourcesAreKnown }
    }
}

/// Why a manifest (a package's, or a Tuist project's or workspace's) could not be read at all, and where.
package struct PackageManifestError: Error, Hashable, Sendable, CustomStringConvertible {
    package var reason: String
    package var position: SourceLocation

    package init(reason: String, position: SourceLocation) {
        self.reason = reason
        self.position = position
    }

    package var description: String { "\(position): \(reason)" }
}
