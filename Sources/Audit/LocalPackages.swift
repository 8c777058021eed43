import Foundation
import BuildSettings
import Diagnostics
import SwiftFacts
import XcodeProject

/// The Swift files each target of a project gets from the local Swift packages it links: each linked product
/// is followed to its package's targets and their local dependencies (`"Name"`, `.target(name:)`,
/// `.product(name:package:)` of another local package), each target's files found by SwiftPM's rules
/// (`path:`, `sources:`, `exclude:`, else `Sources|Source|src|srcs/<Target>`); test, macro and plugin
/// targets are not app code. Manifests are read statically (``PackageManifestReader``); with
/// `--evaluate-manifests`, SwiftPM evaluates those static reading cannot follow (``ManifestEvaluation``).
/// A package whose manifest cannot be mapped gives every Swift file under it, as the audit did before it
/// read manifests (``XcodeProject/swiftFiles(of:)-(LocalSwiftPackage)``). What was read how, and what was
/// not read, are notes (``diagnostics``), once each per project, for the targets the audit checks.
final class LocalPackages {
    /// The tools version whose version-specific manifests (`Package@swift-6.2.swift`) are chosen, as SwiftPM
    /// chooses: the highest at most this, else `Package.swift`.
    static let toolsVersion = [6, 3]
    /// SwiftPM's folders for a target without `path:`, the first that exists (PackageBuilder).
    static let predefinedSourceFolders = ["Sources", "Source", "src", "srcs"]

    enum Reading {
        case statically(PackageManifest)
        /// Evaluated by SwiftPM; why static reading did not do.
        case evaluated(PackageManifest, because: String)
        case unreadable(reason: String, location: SourceLocation?)
    }

    struct Package {
        var folder: String
        /// The manifest file read (repository path); nil when the folder has none.
        var manifestFile: String?
        var reading: Reading

        var manifest: PackageManifest? {
            switch reading {
            case let .statically(manifest), let .evaluated(manifest, _): manifest
            case .unreadable: nil
            }
        }
    }

    private let project: XcodeProject
    private let evaluatesManifests: Bool
    private let rootRealPath: String?
    private var packages: [String: Package] = [:]
    private var cache: [String: [String]] = [:]
    private var objectiveCCache: [String: [ObjectiveCFile]] = [:]
    private var listings: [String: [String]] = [:]
    private var noted: Set<String> = []
    /// Notes on what was read how, in the order the packages were reached.
    private(set) var diagnostics: [Diagnostic] = []
    /// Every local package folder reached from a target, in order.
    private(set) var folders: [String] = []

    init(project: XcodeProject, evaluatesManifests: Bool = false) {
        self.project = project
        self.evaluatesManifests = evaluatesManifests
        rootRealPath = Self.realPath(project.files.fileSystemPath("."))
    }

    /// An Objective-C file of a package's C-family target, with what SwiftPM compiles it with: the public
    /// headers folders of the targets the walk reached (its own and its dependencies'), its `headerSearchPath`s
    /// and its `cSettings` definitions.
    struct ObjectiveCFile: Hashable {
        var file: String
        var includeFolders: [String]
        var definitions: [String]
    }

    /// One walk from one target: what it collected and where it is.
    private struct Walk {
        var target: XcodeTarget
        /// Notes are given for the targets the audit checks only.
        var noting: Bool
        var files: [String] = []
        var objectiveC: [ObjectiveCFile] = []
        /// The public headers folders of the C-family targets reached (`include`, or `publicHeadersPath:`).
        var publicHeaders: [String] = []
        var seenTargets: Set<String> = []
        var seenProducts: Set<String> = []
        /// Packages whose manifest left something the walk needed unfollowed: all their files are taken too.
        var fallback: [String] = []
        /// The packages of the products being followed, outermost first (a cycle returns to one of them).
        var stack: [String] = []
    }

    /// The Swift files `target` gets from the local packages it links, in the order they are reached.
    func swiftFiles(of target: XcodeTarget) -> [String] {
        if let cached = cache[target.id] { return cached }
        return walk(from: target).swift
    }

    /// The `.m` / `.mm` files `target` gets from the Objective-C targets of the local packages it links.
    func objectiveCFiles(of target: XcodeTarget) -> [ObjectiveCFile] {
        if let cached = objectiveCCache[target.id] { return cached }
        return walk(from: target).objectiveC
    }

    private func walk(from target: XcodeTarget) -> (swift: [String], objectiveC: [ObjectiveCFile]) {
        var walk = Walk(target: target, noting: target.isApplicationOrExtension)
        for product in target.packageProducts {
            switch product.package {
            case let .remote(url)?:
                noteRemote(url, product: product.productName, at: target.location, &walk)
            case let .local(path)?:
                guard let folder = repositoryFolder(path) else {
                    note(.packageDependencyUnresolved, "the local package '\(path)' that target '\(target.name)' links is outside the repository: not read",
                         at: target.location, key: "outside \(path)", &walk)
                    continue
                }
                link(product.productName, in: folder, from: target.location, &walk)
            case nil:
                // No package named: a package of the project's own folders (a folder reference, older Xcode; a
                // synchronized folder holding packages, Xcode 16). The one whose manifest declares the product;
                // else the one whose folder has the product's name (as before manifests were read).
                guard !product.productName.hasPrefix("plugin:") else { continue }  // a build tool plugin, no code
                let name = product.productName
                let listed = project.localPackages.compactMap { repositoryFolder($0.path) }
                if let folder = listed.first(where: { package($0).manifest?.product(named: name) != nil })
                    ?? discoveredPackageFolders().first(where: { package($0).manifest?.product(named: name) != nil })
                    ?? listed.first(where: { BuildSettingPath.lastComponent(of: $0) == name }) {
                    link(name, in: folder, from: target.location, &walk)
                } else {
                    note(.packageDependencyUnresolved,
                         "product '\(name)' names no package, and no local package of the project declares it: not read",
                         at: target.location, key: "unknown product \(name)", &walk)
                }
            }
        }
        for folder in walk.fallback { walk.files += project.swiftFiles(ofPackageAt: folder) }
        var seen: Set<String> = []
        let files = walk.files.filter { seen.insert($0).inserted }
        cache[target.id] = files
        let objectiveC = walk.objectiveC.map { file in
            var file = file
            file.includeFolders = Self.unique(file.includeFolders + walk.publicHeaders)
            return file
        }
        objectiveCCache[target.id] = objectiveC
        return (files, objectiveC)
    }

    private static func unique(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }

    /// How deep under the project's folder packages are looked for (`Packages/Kit` is 2).
    static let discoveryDepth = 3
    private var discovered: [String]?

    /// The folders holding a `Package.swift` under the project's folder, at most ``discoveryDepth`` deep, outermost
    /// first: where Xcode finds the packages of a synchronized folder. Hidden, dependency and build folders
    /// and project bundles are not entered, nor a package's own folder, nor folders reached through a link.
    private func discoveredPackageFolders() -> [String] {
        if let discovered { return discovered }
        var result: [String] = []
        var level = [project.directory]
        let manager = FileManager.default
        for depth in 0...Self.discoveryDepth {
            var next: [String] = []
            for folder in level {
                if depth > 0, manager.fileExists(atPath: project.files.fileSystemPath(BuildSettingPath.join(folder, "Package.swift"))) {
                    result.append(folder)
                    continue
                }
                guard depth < Self.discoveryDepth,
                      let entries = try? manager.contentsOfDirectory(atPath: project.files.fileSystemPath(folder)) else { continue }
                for entry in entries.sorted() where !entry.hasPrefix(".") && !ProjectFiles.skippedFolders.contains(entry)
                    && !entry.hasSuffix(".xcodeproj") && !entry.hasSuffix(".xcworkspace") {
                    let shown = BuildSettingPath.join(folder, entry)
                    let attributes = try? manager.attributesOfItem(atPath: project.files.fileSystemPath(shown))
                    if attributes?[.type] as? FileAttributeType == .typeDirectory { next.append(shown) }
                }
            }
            level = next
        }
        discovered = result
        return result
    }

    // MARK: - Following products and targets

    /// Follows product `name` of the package in `folder`.
    private func link(_ name: String, in folder: String, from location: SourceLocation, _ walk: inout Walk) {
        if let start = walk.stack.firstIndex(of: folder) {
            let cycle = (walk.stack[start...] + [folder]).map { self.packages[$0]?.manifest?.name ?? $0 }.joined(separator: " → ")
            note(.packageDependencyUnresolved, "local packages depend on each other in a cycle (\(cycle)), which SwiftPM refuses; each is read once",
                 at: location, key: "cycle \(Set(walk.stack[start...]).sorted())", &walk)
            return
        }
        let package = reach(folder, from: location, &walk)
        guard let manifest = package.manifest else {
            if !walk.fallback.contains(folder) { walk.fallback.append(folder) }
            return
        }
        guard let product = manifest.product(named: name) else {
            if manifest.productsAreComplete {
                note(.packageDependencyUnresolved,
                     "package '\(manifest.name ?? folder)' (\(folder)) declares no product '\(name)': every Swift file of the package is taken",
                     at: manifest.position ?? location, key: "product \(folder) \(name)", &walk)
            }
            if !walk.fallback.contains(folder) { walk.fallback.append(folder) }
            return
        }
        guard walk.seenProducts.insert(folder + "\u{0}" + name).inserted else { return }
        if !product.targetsAreComplete, !walk.fallback.contains(folder) { walk.fallback.append(folder) }
        walk.stack.append(folder)
        defer { walk.stack.removeLast() }
        for target in product.targets {
            follow(target, in: folder, manifest, from: product.position ?? location, product: name, &walk)
        }
    }

    private func follow(_ name: String, in folder: String, _ manifest: PackageManifest, from location: SourceLocation, product: String?,
                        _ walk: inout Walk) {
        guard walk.seenTargets.insert(folder + "\u{0}" + name).inserted else { return }
        guard let target = manifest.target(named: name) else {
            if manifest.targetsAreComplete {
                let what = product.map { "product '\($0)'" } ?? "a target"
                note(.packageDependencyUnresolved,
                     "\(what) of package '\(manifest.name ?? folder)' names target '\(name)', which its manifest does not declare (SwiftPM refuses it)",
                     at: location, key: "target \(folder) \(name)", &walk)
            } else if !walk.fallback.contains(folder) {
                walk.fallback.append(folder)
            }
            return
        }
        switch target.kind {
        case .test, .macro, .plugin, .system, .binary: return  // no app code
        case .regular, .executable: break
        }
        if !target.sourcesAreKnown || !target.dependenciesAreComplete, !walk.fallback.contains(folder) { walk.fallback.append(folder) }
        let sources = sourceFiles(of: target, in: folder, manifest, &walk)
        walk.files += sources.filter { $0.hasSuffix(".swift") }
        let objectiveC = sources.filter { file in ObjectiveCSources.extensions.contains(where: file.hasSuffix) }
        if !objectiveC.isEmpty {
            let base = sourcesFolder(of: target, in: folder)
            walk.publicHeaders.append(BuildSettingPath.join(base, target.publicHeadersPath ?? "include"))
            let searched = target.headerSearchPaths.map { BuildSettingPath.join(base, $0) }
            walk.objectiveC += objectiveC.map { ObjectiveCFile(file: $0, includeFolders: searched, definitions: target.definitions) }
        }
        let at = target.position ?? location
        for dependency in target.dependencies {
            switch dependency {
            case let .target(other):
                follow(other, in: folder, manifest, from: at, product: nil, &walk)
            case let .byName(other):
                if manifest.target(named: other) != nil {
                    follow(other, in: folder, manifest, from: at, product: nil, &walk)
                } else {
                    dependOnProduct(other, package: nil, of: folder, manifest, from: at, &walk)
                }
            case let .product(other, package):
                dependOnProduct(other, package: package, of: folder, manifest, from: at, &walk)
            }
        }
    }

    /// A target's dependency on product `name` of another package: a local one is followed, a remote one noted.
    private func dependOnProduct(_ name: String, package: String?, of folder: String, _ manifest: PackageManifest, from location: SourceLocation,
                                 _ walk: inout Walk) {
        // `.product(name:package:)` names its package; a by-name dependency is a product of the package of that
        // name, else of any package dependency that declares it.
        let named = manifest.dependencies.filter { $0.isNamed(package ?? name) }
        let candidates = package == nil ? named + manifest.dependencies.filter { !$0.isNamed(name) } : named
        for dependency in candidates {
            let at = dependency.position ?? location
            switch dependency.location {
            case let .path(path):
                let joined = BuildSettingPath.join(folder, path)
                guard let other = insideRepository(joined) else {
                    if package != nil || dependency.isNamed(name) {
                        note(.packageDependencyUnresolved, "the package dependency '\(path)' of '\(manifest.name ?? folder)' is outside the repository: not read",
                             at: at, key: "outside \(joined)", &walk)
                        return
                    }
                    continue
                }
                if package != nil || dependency.isNamed(name) || self.package(other).manifest?.product(named: name) != nil {
                    link(name, in: other, from: at, &walk)
                    return
                }
            case let .url(url):
                if package != nil || dependency.isNamed(name) {
                    noteRemote(url, product: name, at: at, &walk)
                    return
                }
            case let .registry(id):
                if package != nil || dependency.isNamed(name) {
                    noteRemote(id, product: name, at: at, &walk)
                    return
                }
            }
        }
        if let package {
            note(.packageDependencyUnresolved,
                 "'\(manifest.name ?? folder)' depends on product '\(name)' of package '\(package)', which is none of its package dependencies (SwiftPM refuses it)",
                 at: location, key: "package \(folder) \(package)", &walk)
        }
    }

    // MARK: - A target's files (SwiftPM's rules)

    /// The folder of a target's sources: `path:`, else SwiftPM's predefined folder and the target's name.
    private func sourcesFolder(of target: PackageManifest.Target, in folder: String) -> String {
        if let path = target.path { return BuildSettingPath.join(folder, path) }
        let predefined = Self.predefinedSourceFolders.first { project.files.isDirectory(BuildSettingPath.join(folder, $0)) } ?? "Sources"
        return BuildSettingPath.join(folder, predefined + "/" + target.name)
    }

    /// A target's Swift and Objective-C files.
    private func sourceFiles(of target: PackageManifest.Target, in folder: String, _ manifest: PackageManifest, _ walk: inout Walk) -> [String] {
        let at = target.position ?? SourceLocation(file: folder, line: 1, column: 1)
        let base = sourcesFolder(of: target, in: folder)
        let isInPackage = folder == "." ? !(base == ".." || base.hasPrefix("../") || base.hasPrefix("/")) : (base == folder || base.hasPrefix(folder + "/"))
        guard isInPackage, insideRepository(base) != nil else {
            note(.packageDependencyUnresolved,
                 "target '\(target.name)' of package '\(manifest.name ?? folder)' has its sources at '\(target.path ?? base)', outside the package (SwiftPM refuses it): not read",
                 at: at, key: "outside \(folder) \(target.name)", &walk)
            return []
        }
        guard project.files.isDirectory(base) else {
            note(.packageDependencyUnresolved,
                 "target '\(target.name)' of package '\(manifest.name ?? folder)' has no sources folder '\(base)' (SwiftPM refuses it): nothing read",
                 at: at, key: "missing \(base)", &walk)
            return []
        }
        let prefix = base == "." ? "" : base + "/"
        let sources = target.sources.map { $0.map(Self.relativeEntry) }
        let excluded = target.exclude.map(Self.relativeEntry)
        return listing(base).filter { file in
            guard file.hasSuffix(".swift") || ObjectiveCSources.extensions.contains(where: file.hasSuffix) else { return false }
            let relative = String(file.dropFirst(prefix.count))
            if let sources, !sources.contains(where: { Self.isWithin(relative, $0) }) { return false }
            if excluded.contains(where: { Self.isWithin(relative, $0) }) { return false }
            if XcodeProject.isInsideOpaqueFolder(relative) { return false }
            // The manifests are no target's sources, even with `path: "."`.
            if BuildSettingPath.directory(of: file) == (folder == "." ? "./" : folder + "/") {
                let name = BuildSettingPath.lastComponent(of: file)
                if name == "Package.swift" || name.hasPrefix("Package@swift-") { return false }
            }
            return true
        }
    }

    /// The files under `folder`, listed once per audit of the project (the app and its extensions share targets).
    private func listing(_ folder: String) -> [String] {
        if let listed = listings[folder] { return listed }
        let listed = project.files.files(under: folder)
        listings[folder] = listed
        return listed
    }

    private static func relativeEntry(_ entry: String) -> String {
        let standardized = BuildSettingPath.standardized(entry)
        return standardized == "." ? "" : standardized
    }

    private static func isWithin(_ relative: String, _ entry: String) -> Bool {
        entry.isEmpty || relative == entry || relative.hasPrefix(entry + "/")
    }

    // MARK: - Manifests

    /// The package in `folder`, read once; the first walk that reaches it from a checked target notes how.
    private func reach(_ folder: String, from location: SourceLocation, _ walk: inout Walk) -> Package {
        let package = self.package(folder)
        if !folders.contains(folder) { folders.append(folder) }
        guard walk.noting, noted.insert("read \(folder)").inserted else { return package }
        let name = package.manifest?.name.map { "'\($0)' (\(folder))" } ?? "'\(folder)'"
        switch package.reading {
        case let .statically(manifest):
            var message = "the manifest of local package \(name) was read statically: its code was not run"
            var notes: [Diagnostic.Note] = []
            if !manifest.gaps.isEmpty {
                message += "; static reading could not follow \(manifest.gaps.count == 1 ? "one part" : "\(manifest.gaps.count) parts") of it (below), "
                    + "so every Swift file of the package is taken where the audit needed them"
                    + (evaluatesManifests ? "" : " (--evaluate-manifests lets SwiftPM evaluate it)")
                notes = manifest.gaps.prefix(10).map { Diagnostic.Note("not followed: \($0.what)", at: $0.position) }
            }
            diagnostics.append(Diagnostic(.packageManifestRead, message,
                                          at: manifest.position ?? location, notes: notes))
        case let .evaluated(manifest, because):
            diagnostics.append(Diagnostic(
                .packageManifestRead,
                "the manifest of local package \(name) was evaluated by SwiftPM (`swift package dump-package`, --evaluate-manifests), which runs it: \(because)",
                at: manifest.position ?? location))
        case let .unreadable(reason, at):
            diagnostics.append(Diagnostic(.packageManifestUnreadable, "local package \(name): \(reason)", at: at ?? location))
        }
        return package
    }

    /// The package in `folder`, its manifest read (and evaluated, when asked and needed) the first time.
    private func package(_ folder: String) -> Package {
        if let package = packages[folder] { return package }
        let result: Package
        if let file = manifestFile(in: folder) {
            result = Package(folder: folder, manifestFile: file, reading: read(file, in: folder))
        } else {
            let reason = project.files.isDirectory(folder)
                ? "the folder has no Package.swift; every Swift file under it (except Tests/) is taken as its products' code"
                : "the folder is not in the repository (a submodule not checked out?): nothing to read"
            result = Package(folder: folder, manifestFile: nil, reading: .unreadable(reason: reason, location: nil))
        }
        packages[folder] = result
        return result
    }

    private func read(_ file: String, in folder: String) -> Reading {
        let staticReading: Result<PackageManifest, PackageManifestError>
        do {
            staticReading = .success(try PackageManifestReader.read(contentsOf: project.files.fileSystemPath(file), displayPath: file))
        } catch {
            staticReading = .failure(error)
        }
        if case let .success(manifest) = staticReading, manifest.isComplete { return .statically(manifest) }
        var evaluationError: String?
        if evaluatesManifests {
            switch ManifestEvaluation.evaluate(packageFolder: project.files.fileSystemPath(folder), manifestFile: file) {
            case var .success(manifest):
                switch staticReading {
                case let .success(partial):
                    manifest.position = partial.position
                    return .evaluated(manifest, because: "static reading could not follow \(partial.gaps.first?.description ?? "all of it")")
                case let .failure(error):
                    manifest.position = error.position
                    return .evaluated(manifest, because: "static reading could not: \(error.reason)")
                }
            case let .failure(error):
                evaluationError = error.description
            }
        }
        switch staticReading {
        case var .success(manifest):
            if let evaluationError {
                manifest.gaps.append(.init(what: "SwiftPM could not evaluate the manifest either: \(evaluationError)",
                                           position: manifest.position ?? SourceLocation(file: file, line: 1, column: 1)))
            }
            return .statically(manifest)
        case let .failure(error):
            let reason = "its manifest cannot be read statically: \(error.reason)"
                + (evaluationError.map { "; SwiftPM could not evaluate it either: \($0)" } ?? " (--evaluate-manifests lets SwiftPM evaluate it)")
                + "; every Swift file under '\(folder)' (except Tests/) is taken as its products' code"
            return .unreadable(reason: reason, location: error.position)
        }
    }

    /// `Package.swift`, or the version-specific manifest SwiftPM would choose: the highest
    /// `Package@swift-X[.Y[.Z]].swift` at most ``toolsVersion``.
    private func manifestFile(in folder: String) -> String? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: project.files.fileSystemPath(folder)) else { return nil }
        func padded(_ version: [Int]) -> [Int] { version + Array(repeating: 0, count: max(0, 3 - version.count)) }
        let current = padded(Self.toolsVersion)
        var best: (version: [Int], name: String)?
        for entry in entries where entry.hasPrefix("Package@swift-") && entry.hasSuffix(".swift") {
            let text = entry.dropFirst("Package@swift-".count).dropLast(".swift".count)
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...3).contains(parts.count), parts.allSatisfy({ ($0 ?? -1) >= 0 }) else { continue }
            let version = padded(parts.compactMap { $0 })
            guard !current.lexicographicallyPrecedes(version) else { continue }
            if best.map({ $0.version.lexicographicallyPrecedes(version) }) ?? true { best = (version, entry) }
        }
        let chosen = best?.name ?? (entries.contains("Package.swift") ? "Package.swift" : nil)
        return chosen.map { BuildSettingPath.join(folder, $0) }
    }

    // MARK: - Paths and notes

    private func repositoryFolder(_ path: ProjectPath) -> String? {
        switch path {
        case let .repository(folder): return insideRepository(folder)
        case let .absolute(folder):
            guard let root = rootRealPath, let real = Self.realPath(folder), real == root || real.hasPrefix(root + "/") else { return nil }
            let relative = String(real.dropFirst(root.count)).drop { $0 == "/" }
            return relative.isEmpty ? "." : String(relative)
        case .buildSetting: return nil
        }
    }

    /// `path` when it stays inside the repository (also once symbolic links are resolved), else nil.
    private func insideRepository(_ path: String) -> String? {
        let standardized = BuildSettingPath.standardized(path)
        guard standardized != "..", !standardized.hasPrefix("../"), !standardized.hasPrefix("/") else { return nil }
        if let root = rootRealPath, let real = Self.realPath(project.files.fileSystemPath(standardized)),
           real != root, !real.hasPrefix(root + "/") {
            return nil
        }
        return standardized
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private func noteRemote(_ location: String, product: String, at: SourceLocation, _ walk: inout Walk) {
        let identity = PackageManifest.Dependency.identity(of: location)
        note(.packageRemoteNotRead,
             "remote package '\(location)' (product '\(product)') is not read: its code is not in the repository",
             at: at, key: "remote \(identity)", &walk)
    }

    private func note(_ rule: RuleDescription, _ message: String, at location: SourceLocation, key: String, _ walk: inout Walk) {
        guard walk.noting, noted.insert(key).inserted else { return }
        diagnostics.append(Diagnostic(rule, message, at: location))
    }

}
