import Foundation
import BuildSettings
import Diagnostics
import PropertyList
import SwiftFacts
import XcodeProject

/// Reads a Tuist project (`Project.swift`, with the declarations of `Tuist/ProjectDescriptionHelpers`) into the
/// project model a `project.pbxproj` or an XcodeGen spec gives, as `tuist generate` would write it: each target
/// with its product type, the build settings Tuist derives (`SDKROOT`, `SUPPORTED_PLATFORMS`,
/// `TARGETED_DEVICE_FAMILY`, `SUPPORTS_MACCATALYST`, deployment targets, `PRODUCT_BUNDLE_IDENTIFIER`,
/// `INFOPLIST_FILE`, `CODE_SIGN_ENTITLEMENTS`) under the manifest's own (`settings.base`, then each
/// configuration's), each located where the manifest writes it; the configurations' xcconfig files as base
/// configurations; sources by glob; an Info.plist Tuist generates from a dictionary as a ``GeneratedInfoPlist``
/// located in the manifest. `.external(name:)` products are found in the local packages `Tuist/Package.swift`
/// lists; others are remote, a note. The manifest is read statically (``TuistManifestReader``), never run.
package struct TuistProjectBuilder {
    package var files: ProjectFiles

    package init(files: ProjectFiles) { self.files = files }

    /// Tuist's default configurations when the manifest names none.
    static let defaultConfigurations: [(name: String, isRelease: Bool)] = [("Debug", false), ("Release", true)]

    /// ProjectDescription's `Product` → Xcode's product type (Tuist's `Product.xcodeValue`).
    static let productTypes: [String: String] = [
        "app": "application", "staticLibrary": "library.static", "dynamicLibrary": "library.dynamic", "framework": "framework",
        "staticFramework": "framework.static", "unitTests": "bundle.unit-test", "uiTests": "bundle.ui-testing", "bundle": "bundle",
        "commandLineTool": "tool", "appClip": "application.on-demand-install-capable", "appExtension": "app-extension",
        "watch2App": "application.watchapp2", "watch2Extension": "watchkit2-extension", "tvTopShelfExtension": "tv-app-extension",
        "messagesExtension": "app-extension.messages", "stickerPackExtension": "app-extension.messages-sticker-pack",
        "xpc": "xpc-service", "systemExtension": "system-extension", "extensionKitExtension": "extensionkit-extension", "macro": "tool",
    ].mapValues { "com.apple.product-type." + $0 }

    /// File extensions Tuist puts in a target's Sources build phase (its `Target.validSourceExtensions`).
    static let compiledExtensions: Set<String> = [
        "swift", "m", "mm", "c", "cc", "cpp", "cxx", "c++", "s", "S", "metal", "intentdefinition", "mlmodel", "mlpackage",
        "docc", "playground", "rcproject", "xcmappingmodel", "d", "defs", "mig", "iig", "xcdatamodeld", "xcstrings",
    ]

    static let sdkRoots: [TuistManifest.Platform: String] = [
        .iOS: "iphoneos", .macOS: "macosx", .watchOS: "watchos", .tvOS: "appletvos", .visionOS: "xros",
    ]
    static let simulators: [TuistManifest.Platform: String] = [
        .iOS: "iphonesimulator", .watchOS: "watchsimulator", .tvOS: "appletvsimulator", .visionOS: "xrsimulator",
    ]
    static let deploymentSettings: [TuistManifest.Platform: String] = [
        .iOS: "IPHONEOS_DEPLOYMENT_TARGET", .macOS: "MACOSX_DEPLOYMENT_TARGET", .watchOS: "WATCHOS_DEPLOYMENT_TARGET",
        .tvOS: "TVOS_DEPLOYMENT_TARGET", .visionOS: "XROS_DEPLOYMENT_TARGET",
    ]

    /// The folder `.relativeToRoot` paths start from: the nearest folder at or above the manifest's that holds
    /// `Tuist/` or `Tuist.swift`, else the manifest's own.
    func rootFolder(ofManifest path: String) -> String {
        var folder = Self.folder(of: path)
        // Each step drops a component: at most as many steps as the path has.
        for _ in 0...path.split(separator: "/").count {
            if files.isDirectory(BuildSettingPath.join(folder, "Tuist")) || files.contents(of: BuildSettingPath.join(folder, "Tuist.swift")) != nil {
                return folder
            }
            guard folder != "." else { break }
            folder = Self.folder(of: folder)
        }
        return Self.folder(of: path)
    }

    /// The folder of a repository path, without a trailing `/`: `.` at the root.
    static func folder(of path: String) -> String {
        let parts = BuildSettingPath.standardized(path).split(separator: "/").filter { $0 != "." }
        return parts.count <= 1 ? "." : parts.dropLast().joined(separator: "/")
    }

    /// `Tuist/ProjectDescriptionHelpers/**/*.swift` under the root, sorted.
    func helperFiles(root: String) -> [String] {
        let folder = BuildSettingPath.join(root, "Tuist/ProjectDescriptionHelpers")
        guard files.isDirectory(folder) else { return [] }
        return files.files(under: folder).filter { $0.hasSuffix(".swift") }
    }

    /// The project at `path` (a `Project.swift`); an error diagnostic, located, when it cannot be read at all.
    package func read(_ path: String) -> Result<XcodeProject, Diagnostic> {
        let root = rootFolder(ofManifest: path)
        let manifest: TuistManifest
        do throws(TuistManifestError) {
            let file = try TuistManifestReader.File.read(files.fileSystemPath(path), displayPath: path)
            let helpers = helperFiles(root: root).compactMap { try? TuistManifestReader.File.read(files.fileSystemPath($0), displayPath: $0) }
            manifest = try TuistManifestReader.readProject(file, helpers: helpers, root: root)
        } catch {
            return .failure(Diagnostic(.tuistManifestUnreadable, "the Tuist manifest is not read: \(error.reason)", at: error.position))
        }
        return .success(project(manifest, path: path, root: root))
    }

    func project(_ manifest: TuistManifest, path: String, root: String) -> XcodeProject {
        let folder = Self.folder(of: path)
        var diagnostics = manifest.gaps.map { gap in
            Diagnostic(.tuistManifestGap, "not followed in the Tuist manifest, static reading (never run) stops at \(gap.what)", at: gap.position)
        }
        let configurations: [(name: String, isRelease: Bool)] = manifest.settings.map { $0.configurations.map { ($0.name, $0.isRelease) } }
            .flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultConfigurations
        // Tuist makes the first release configuration the project's default (the one `xcodebuild` builds).
        let defaultName = configurations.first(where: \.isRelease)?.name ?? configurations.first?.name
        let projectConfigurations = configurations.map { configuration in
            let written = manifest.settings?.configurations.first { $0.name == configuration.name }
            var settings = OrderedSettings()
            if !configuration.isRelease {
                // Tuist's recommended project settings (`defaultSettings: .recommended`, the default) for a debug build.
                settings.set(BuildSettingAssignment(name: "SWIFT_ACTIVE_COMPILATION_CONDITIONS", value: "$(inherited) DEBUG",
                                                    origin: BuildSettingOrigin(.project, at: manifest.position)))
            }
            for setting in (manifest.settings?.base ?? []) + (written?.settings ?? []) { settings.set(Self.assignment(setting, .project)) }
            return XcodeBuildConfiguration(id: "TUIST-PROJECT-\(configuration.name)", name: configuration.name, settings: settings.assignments,
                                           baseConfiguration: written?.xcconfig.map(ProjectPath.repository),
                                           baseConfigurationLocation: written?.xcconfig == nil ? nil : written?.position)
        }
        let packages = TuistPackages(files: files, root: root, projectPackages: manifest.localPackages)
        var listing: [String: [String]] = [:]
        var generatedInfoPlists: [String: GeneratedInfoPlist] = [:]
        var notedExternals: Set<String> = []
        let ids = Dictionary(manifest.targets.map { ($0.name, "TUIST-TARGET-\($0.name)") }, uniquingKeysWith: { first, _ in first })
        var targets: [XcodeTarget] = []
        for target in manifest.targets {
            var products: [PackageProductDependency] = []
            var dependencies: [TargetDependency] = []
            for located in target.dependencies {
                switch located.dependency {
                case let .target(name):
                    dependencies.append(TargetDependency(targetID: ids[name], name: name, productName: nil))
                case let .project(other, _):
                    // A target of another project: that project is audited on its own (it is found or listed).
                    dependencies.append(TargetDependency(targetID: nil, name: other, productName: nil))
                case let .package(product), let .external(product):
                    if let folder = packages.localFolder(declaring: product) {
                        products.append(PackageProductDependency(productName: product, package: .local(.repository(folder))))
                    } else if notedExternals.insert(product).inserted {
                        diagnostics.append(Diagnostic(.packageRemoteNotRead,
                            "product '\(product)' is no local package's (Tuist/Package.swift, the project's packages): its code is not in the repository and is not read",
                            at: located.position))
                    }
                case .other:
                    continue
                }
            }
            var sourceFiles: [ProjectPath] = []
            var seen: Set<String> = []
            for glob in target.sources {
                let matched = TuistProjectPaths.files(matching: glob.pattern, excluding: glob.excluding, in: files, listing: &listing)
                for file in matched where Self.compiledExtensions.contains(BuildSettingPath.lastComponent(of: file).split(separator: ".").last.map(String.init) ?? "") {
                    if seen.insert(file).inserted { sourceFiles.append(.repository(file)) }
                }
            }
            // Tuist's generated Info.plist and entitlements are written under Derived/.
            let derivedPlist = "Derived/InfoPlists/\(target.name)-Info.plist"
            if let plist = generatedInfoPlist(target, manifest: manifest, writtenTo: BuildSettingPath.join(folder, derivedPlist)) {
                generatedInfoPlists[target.name] = plist
            }
            let targetConfigurations = configurations.map { configuration in
                var settings = OrderedSettings()
                for assignment in derivedSettings(target, folder: folder, derivedPlist: derivedPlist) { settings.set(assignment) }
                let written = target.settings?.configurations.first { $0.name == configuration.name }
                for setting in (target.settings?.base ?? []) + (written?.settings ?? []) { settings.set(Self.assignment(setting, .target)) }
                return XcodeBuildConfiguration(id: "TUIST-\(target.name)-\(configuration.name)", name: configuration.name, settings: settings.assignments,
                                               baseConfiguration: written?.xcconfig.map(ProjectPath.repository),
                                               baseConfigurationLocation: written?.xcconfig == nil ? nil : written?.position)
            }
            let productType = target.product.flatMap { Self.productTypes[$0] }
            if productType == nil, let product = target.product {
                diagnostics.append(Diagnostic(.tuistManifestGap, "target \(target.name) has product '.\(product)', which Tuist does not know: it has no product type",
                                              at: target.productPosition ?? target.position))
            }
            targets.append(XcodeTarget(
                id: ids[target.name] ?? target.name, name: target.name, productType: productType, productName: target.productName ?? target.name,
                buildConfigurations: XcodeConfigurationList(configurations: targetConfigurations, defaultConfigurationName: defaultName),
                sourceFiles: sourceFiles, packageProducts: products, dependencies: dependencies, location: target.position))
        }
        var project = XcodeProject(
            path: path, directory: folder, name: manifest.name ?? BuildSettingPath.lastComponent(of: folder), targets: targets,
            buildConfigurations: XcodeConfigurationList(configurations: projectConfigurations, defaultConfigurationName: defaultName),
            localPackages: packages.folders.map { LocalSwiftPackage(path: .repository($0), isPackageReference: true) },
            diagnostics: diagnostics + packages.diagnostics, files: files)
        project.generatedInfoPlists = generatedInfoPlists
        return project
    }

    static func assignment(_ setting: TuistManifest.Setting, _ level: BuildSettingLevel) -> BuildSettingAssignment {
        // `NAME[sdk=iphoneos*]` as Xcode reads a conditional key.
        let parsed = XCConfigReader.assignment(Substring("\(setting.name) = "), origin: BuildSettingOrigin(level))
        return BuildSettingAssignment(name: parsed?.name ?? setting.name, value: setting.value, conditions: parsed?.conditions ?? [],
                                      origin: BuildSettingOrigin(level, at: setting.position))
    }

    /// The target settings Tuist writes from the target's own arguments, each at the argument.
    func derivedSettings(_ target: TuistManifest.Target, folder: String, derivedPlist: String) -> [BuildSettingAssignment] {
        var result: [BuildSettingAssignment] = []
        func add(_ name: String, _ value: String, _ at: SourceLocation?) {
            result.append(BuildSettingAssignment(name: name, value: value, origin: BuildSettingOrigin(.target, at: at ?? target.position)))
        }
        let platforms = target.platforms.isEmpty ? [TuistManifest.Platform.iOS] : target.platforms
        if platforms.count == 1, let sdk = Self.sdkRoots[platforms[0]] { add("SDKROOT", sdk, target.platformPosition) } else { add("SDKROOT", "auto", target.platformPosition) }
        let supported = platforms.flatMap { platform in [Self.sdkRoots[platform], Self.simulators[platform]].compactMap { $0 } }
        add("SUPPORTED_PLATFORMS", supported.joined(separator: " "), target.platformPosition)
        if platforms.contains(.iOS) {
            add("SUPPORTS_MACCATALYST", target.supportsMacCatalyst ? "YES" : "NO", target.platformPosition)
            add("TARGETED_DEVICE_FAMILY", "1,2", target.platformPosition)
        }
        for platform in platforms {
            if let version = target.deploymentTargets[platform], let name = Self.deploymentSettings[platform] { add(name, version, target.platformPosition) }
        }
        if let bundleId = target.bundleId { add("PRODUCT_BUNDLE_IDENTIFIER", bundleId, target.bundleIdPosition) }
        add("PRODUCT_NAME", target.productName ?? target.name, target.position)
        switch target.infoPlist {
        case let .file(path)?:
            add("INFOPLIST_FILE", Self.relative(path, to: folder), target.infoPlistPosition)
        case .generated?, .default?:
            add("INFOPLIST_FILE", derivedPlist, target.infoPlistPosition)
        case nil:
            break
        }
        if let entitlements = target.entitlements {
            add("CODE_SIGN_ENTITLEMENTS", Self.relative(entitlements, to: folder), target.position)
        } else if target.entitlementsAreGenerated {
            add("CODE_SIGN_ENTITLEMENTS", "Derived/Entitlements/\(target.name).entitlements", target.position)
        }
        return result
    }

    /// A repository path as a path from the project's folder (as `INFOPLIST_FILE` is written).
    static func relative(_ path: String, to folder: String) -> String {
        guard folder != ".", !folder.isEmpty else { return path }
        if path.hasPrefix(folder + "/") { return String(path.dropFirst(folder.count + 1)) }
        return String(repeating: "../", count: folder.split(separator: "/").count) + path
    }

    /// Tuist's generated Info.plist: its default keys (``defaultInfoPlist(for:)``) for `.extendingDefault` and
    /// `.default`, then the manifest's dictionary, each value located where the manifest writes it.
    func generatedInfoPlist(_ target: TuistManifest.Target, manifest: TuistManifest, writtenTo: String) -> GeneratedInfoPlist? {
        let entries: [TuistManifest.Entry]
        let extendsDefault: Bool
        switch target.infoPlist {
        case let .generated(written, extendingDefault)?: (entries, extendsDefault) = (written, extendingDefault)
        case .default?: (entries, extendsDefault) = ([], true)
        default: return nil
        }
        let at = target.infoPlistPosition ?? target.position
        // Locations name one file: the one the dictionary is written in.
        var locations = PropertyListLocations(file: entries.first?.keyPosition.file ?? at.file)
        // The dictionary as a whole (a note on a missing key) is where `infoPlist:` is written.
        locations.recordValue(at: PropertyListPath(), at)
        var root = PropertyListDictionary()
        if extendsDefault {
            for (key, value) in Self.defaultInfoPlist(for: target) {
                root[key] = value
                locations.recordValue(at: PropertyListPath([.key(key)]), at)
            }
        }
        for entry in entries {
            let path = PropertyListPath([.key(entry.key)])
            locations.recordKey(at: path, entry.keyPosition)
            root[entry.key] = Self.value(entry.value, at: entry.valuePosition, path: path, locations: &locations, depth: 0)
        }
        return GeneratedInfoPlist(document: PropertyListDocument(root: .dictionary(root), format: .xml, locations: locations), writtenTo: writtenTo)
    }

    /// Deeper than this a value is left out (a manifest nobody controls may nest without end).
    static let maximumDepth = 64

    static func value(_ value: TuistManifest.Value, at location: SourceLocation, path: PropertyListPath,
                      locations: inout PropertyListLocations, depth: Int) -> PropertyListValue {
        locations.recordValue(at: path, location)
        guard depth < maximumDepth else { return .string("") }
        switch value {
        case let .string(text): return .string(text)
        case let .bool(flag): return .bool(flag)
        case let .integer(number): return .integer(PropertyListInteger(number))
        case let .real(number): return .real(number)
        case let .array(elements):
            return .array(elements.enumerated().map {
                Self.value($0.element, at: location, path: path.appending(.index($0.offset)), locations: &locations, depth: depth + 1)
            })
        case let .dictionary(entries):
            var dictionary = PropertyListDictionary()
            for entry in entries {
                let child = path.appending(.key(entry.key))
                locations.recordKey(at: child, entry.keyPosition)
                dictionary[entry.key] = Self.value(entry.value, at: entry.valuePosition, path: child, locations: &locations, depth: depth + 1)
            }
            return .dictionary(dictionary)
        }
    }

    /// Tuist's default Info.plist keys (its `InfoPlistContentProvider`): the bundle keys every product has, and an
    /// application's platform keys.
    static func defaultInfoPlist(for target: TuistManifest.Target) -> [(String, PropertyListValue)] {
        var keys: [(String, PropertyListValue)] = [
            ("CFBundleDevelopmentRegion", .string("$(DEVELOPMENT_LANGUAGE)")), ("CFBundleExecutable", .string("$(EXECUTABLE_NAME)")),
            ("CFBundleIdentifier", .string("$(PRODUCT_BUNDLE_IDENTIFIER)")), ("CFBundleInfoDictionaryVersion", .string("6.0")),
            ("CFBundleName", .string("$(PRODUCT_NAME)")), ("CFBundlePackageType", .string("$(PRODUCT_BUNDLE_PACKAGE_TYPE)")),
            ("CFBundleShortVersionString", .string("1.0")), ("CFBundleVersion", .string("1")),
        ]
        guard target.product == "app" else { return keys }
        if target.platforms.contains(.macOS) && !target.platforms.contains(.iOS) {
            keys += [("LSMinimumSystemVersion", .string("$(MACOSX_DEPLOYMENT_TARGET)")), ("NSPrincipalClass", .string("NSApplication"))]
        } else {
            keys += [("LSRequiresIPhoneOS", .bool(true)), ("UILaunchStoryboardName", .string("LaunchScreen"))]
        }
        return keys
    }
}

/// A target's settings in the order Tuist writes them; a later key replaces an earlier one in its place.
struct OrderedSettings {
    private(set) var assignments: [BuildSettingAssignment] = []
    private var positions: [String: Int] = [:]

    mutating func set(_ assignment: BuildSettingAssignment) {
        let key = assignment.name + assignment.conditions.map(\.description).joined()
        if let position = positions[key] { assignments[position] = assignment } else {
            positions[key] = assignments.count
            assignments.append(assignment)
        }
    }
}

/// The local packages a Tuist project links by product: those `Tuist/Package.swift` lists (`.package(path:)`)
/// and the project's own `packages: [.local(path:)]`, each manifest read statically.
struct TuistPackages {
    private(set) var folders: [String] = []
    private var manifests: [String: PackageManifest] = [:]
    private(set) var diagnostics: [Diagnostic] = []

    init(files: ProjectFiles, root: String, projectPackages: [String]) {
        var candidates = projectPackages
        let dependencies = BuildSettingPath.join(root, "Tuist/Package.swift")
        if files.contents(of: dependencies) != nil,
           let manifest = try? PackageManifestReader.read(contentsOf: files.fileSystemPath(dependencies), displayPath: dependencies) {
            for dependency in manifest.dependencies {
                if case let .path(path) = dependency.location {
                    candidates.append(BuildSettingPath.standardized(BuildSettingPath.join(TuistProjectBuilder.folder(of: dependencies), path)))
                }
            }
        }
        for folder in candidates where !folders.contains(folder) {
            let file = BuildSettingPath.join(folder, "Package.swift")
            guard files.contents(of: file) != nil else { continue }  // outside the repository, or not there
            folders.append(folder)
            if let manifest = try? PackageManifestReader.read(contentsOf: files.fileSystemPath(file), displayPath: file) { manifests[folder] = manifest }
        }
    }

    /// The local package whose manifest declares the product (else whose folder has its name).
    func localFolder(declaring product: String) -> String? {
        folders.first { manifests[$0]?.product(named: product) != nil } ?? folders.first { BuildSettingPath.lastComponent(of: $0) == product }
    }
}
