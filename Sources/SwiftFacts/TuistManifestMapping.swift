import Diagnostics
import Foundation
#if SWIFT_FACTS_PARSER
// See ValueExpressionReader.swift for why the imports are implementation-only.
@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// One manifest's mapping: its folders and the gaps found, the interpreter for positions.
struct TuistMapping {
    let interpreter: ManifestInterpreter
    /// The manifest's folder and the Tuist root, as repository paths.
    let manifestFolder: String
    let root: String
    var gaps: [PackageManifest.Gap] = []

    init(interpreter: ManifestInterpreter, manifestFolder: String, root: String) {
        self.interpreter = interpreter
        self.manifestFolder = manifestFolder
        self.root = root
    }

    func position(_ offset: Int) -> Diagnostics.SourceLocation { interpreter.position(offset) }

    mutating func gap(_ what: String, _ value: ManifestValue, fallback: Int) {
        guard gaps.count < ManifestInterpreter.maximumGaps, let gap = interpreter.gap(what, value, fallback: fallback) else { return }
        gaps.append(gap)
    }

    // MARK: Project and workspace

    mutating func project(_ call: ManifestCall) -> TuistManifest {
        var result = TuistManifest(name: call.argument("name")?.stringValue, position: position(call.offset))
        if let settings = call.argument("settings"), !ManifestInterpreter.isNil(settings) {
            result.settings = self.settings(settings, "the settings of the project", fallback: call.offset)
        }
        switch call.argument("targets") {
        case let .array(targets)?:
            for value in targets {
                if let target = target(value, fallback: call.offset) { result.targets.append(target) }
            }
        case nil: break
        case let value?: gap("the targets of the project", value, fallback: call.offset)
        }
        if case let .array(packages)? = call.argument("packages") {
            for case let .call(package) in packages where package.name == "local" || package.name == "package" {
                if let path = self.path(package.argument("path")) { result.localPackages.append(path) }
            }
        }
        result.gaps = gaps
        return result
    }

    mutating func workspace(_ call: ManifestCall) -> TuistWorkspace {
        var result = TuistWorkspace(name: call.argument("name")?.stringValue, position: position(call.offset))
        switch call.argument("projects") {
        case let .array(projects)?:
            for value in projects {
                if let path = path(value) { result.projects.append(path) } else { gap("a project of the workspace", value, fallback: call.offset) }
            }
        case nil: break
        case let value?: gap("the projects of the workspace", value, fallback: call.offset)
        }
        result.gaps = gaps
        return result
    }

    // MARK: Targets

    static let platformNames: [String: TuistManifest.Platform] = [
        "iOS": .iOS, "macOS": .macOS, "watchOS": .watchOS, "tvOS": .tvOS, "visionOS": .visionOS,
    ]
    /// Each `Destination` → the platform it builds for.
    static let destinations: [String: TuistManifest.Platform] = [
        "iPhone": .iOS, "iPad": .iOS, "macWithiPadDesign": .iOS, "macCatalyst": .iOS, "mac": .macOS, "appleWatch": .watchOS,
        "appleTv": .tvOS, "appleVision": .visionOS, "appleVisionWithiPadDesign": .iOS,
    ]

    mutating func target(_ value: ManifestValue, fallback: Int) -> TuistManifest.Target? {
        guard case let .call(call) = value, ["target", "Target", "init"].contains(call.name), let name = call.argument("name")?.stringValue else {
            gap("a target", value, fallback: fallback)
            return nil
        }
        var target = TuistManifest.Target(name: name, position: position(call.offset))
        let what = "target '\(name)'"
        if let product = call.argument("product") {
            if case let .symbol(symbol) = product { target.product = symbol } else { gap("the product of \(what)", product, fallback: call.offset) }
            target.productPosition = position(call.offset(of: "product"))
        }
        if let productName = call.argument("productName"), !ManifestInterpreter.isNil(productName) {
            if let text = productName.stringValue { target.productName = text } else { gap("the product name of \(what)", productName, fallback: call.offset) }
        }
        if let bundleId = call.argument("bundleId") {
            if let text = bundleId.stringValue { target.bundleId = text } else { gap("the bundle identifier of \(what)", bundleId, fallback: call.offset) }
            target.bundleIdPosition = position(call.offset(of: "bundleId"))
        }
        platforms(of: call, into: &target, what)
        if let plist = call.argument("infoPlist"), !ManifestInterpreter.isNil(plist) {
            target.infoPlist = infoPlist(plist, what, fallback: call.offset)
            target.infoPlistPosition = position(call.offset(of: "infoPlist"))
        }
        if let sources = call.argument("sources"), !ManifestInterpreter.isNil(sources) {
            target.sources = globs(sources, "the sources of \(what)", fallback: call.offset(of: "sources"))
        }
        if let entitlements = call.argument("entitlements"), !ManifestInterpreter.isNil(entitlements) {
            if case let .call(generated) = entitlements, generated.name == "dictionary" {
                target.entitlementsAreGenerated = true
            } else if let path = path(entitlements) {
                target.entitlements = path
            } else {
                gap("the entitlements of \(what)", entitlements, fallback: call.offset)
            }
        }
        switch call.argument("dependencies") {
        case let .array(dependencies)?:
            for dependency in dependencies {
                if let known = self.dependency(dependency) { target.dependencies.append(known) } else {
                    gap("a dependency of \(what)", dependency, fallback: call.offset)
                }
            }
        case nil: break
        case let value?: gap("the dependencies of \(what)", value, fallback: call.offset)
        }
        if let settings = call.argument("settings"), !ManifestInterpreter.isNil(settings) {
            target.settings = self.settings(settings, "the settings of \(what)", fallback: call.offset)
        }
        return target
    }

    /// `destinations:` (a set like `.iOS`, or `[.iPhone, .iPad]`), else the old `platform:`; `deploymentTargets:` /
    /// `deploymentTarget:`.
    mutating func platforms(of call: ManifestCall, into target: inout TuistManifest.Target, _ what: String) {
        func add(_ platform: TuistManifest.Platform) { if !target.platforms.contains(platform) { target.platforms.append(platform) } }
        if let destinations = call.argument("destinations") {
            target.platformPosition = position(call.offset(of: "destinations"))
            switch destinations {
            case let .symbol(set) where Self.platformNames[set] != nil:
                add(Self.platformNames[set]!)
            case let .array(elements):
                for element in elements {
                    guard case let .symbol(name) = element, let platform = Self.destinations[name] else {
                        gap("a destination of \(what)", element, fallback: call.offset)
                        continue
                    }
                    add(platform)
                    if name == "macCatalyst" { target.supportsMacCatalyst = true }
                }
            default:
                gap("the destinations of \(what)", destinations, fallback: call.offset)
            }
        } else if let platform = call.argument("platform") {
            target.platformPosition = position(call.offset(of: "platform"))
            if case let .symbol(name) = platform, let known = Self.platformNames[name] { add(known) } else {
                gap("the platform of \(what)", platform, fallback: call.offset)
            }
        }
        for label in ["deploymentTargets", "deploymentTarget"] {
            guard let value = call.argument(label), !ManifestInterpreter.isNil(value) else { continue }
            guard case let .call(deployment) = value else {
                gap("the deployment targets of \(what)", value, fallback: call.offset)
                continue
            }
            if let platform = Self.platformNames[deployment.name] {
                let version = deployment.arguments.first { $0.label == nil || $0.label == "targetVersion" }?.value.stringValue
                if let version { target.deploymentTargets[platform] = version }
            } else if deployment.name == "multiplatform" {
                for argument in deployment.arguments {
                    if let label = argument.label, let platform = Self.platformNames[label], let version = argument.value.stringValue {
                        target.deploymentTargets[platform] = version
                    }
                }
            }
        }
    }

    /// A path argument: `"a/b"`, `.relativeToManifest("…")`, `.relativeToRoot("…")`, `.path("…")`, `.file(path:)`,
    /// `Path("…")`; as a repository path.
    func path(_ value: ManifestValue?) -> String? {
        switch value {
        case let .string(text)?:
            return TuistManifestReader.join(manifestFolder, text)
        case let .call(call)?:
            let inner = call.argument("path") ?? call.arguments.first { $0.label == nil }?.value
            switch call.name {
            case "relativeToRoot": return inner?.stringValue.map { TuistManifestReader.join(root, $0) }
            case "relativeToManifest", "relativeToCurrentFile", "path", "file", "Path", "init", "local", "package", "folderReference":
                if case .call = inner { return path(inner) }
                return inner?.stringValue.map { TuistManifestReader.join(manifestFolder, $0) }
            default: return nil
            }
        default:
            return nil
        }
    }

    static func offset(of value: ManifestValue) -> Int? {
        switch value {
        case let .call(call): call.offset
        case let .unknown(_, offset): offset
        default: nil
        }
    }

    mutating func infoPlist(_ value: ManifestValue, _ what: String, fallback: Int) -> TuistManifest.InfoPlist? {
        if case let .symbol(name) = value, name == "default" { return .default }
        if case let .call(call) = value, call.name == "extendingDefault" || call.name == "dictionary" {
            let written = call.argument("with") ?? call.arguments.first?.value ?? .dictionary([])
            guard case let .dictionary(entries) = written else {
                gap("the Info.plist of \(what)", written, fallback: call.offset)
                return nil
            }
            return .generated(self.entries(entries, "the Info.plist of \(what)"), extendingDefault: call.name == "extendingDefault")
        }
        if let path = path(value) { return .file(path) }
        gap("the Info.plist of \(what)", value, fallback: fallback)
        return nil
    }

    /// A dictionary's entries as plain values; an entry whose value is not followed is left out, with a gap.
    mutating func entries(_ entries: [ManifestDictionaryEntry], _ what: String) -> [TuistManifest.Entry] {
        entries.compactMap { entry -> TuistManifest.Entry? in
            guard let value = plain(entry.value, "\(what): '\(entry.key)'", fallback: entry.valueOffset) else { return nil }
            return TuistManifest.Entry(key: entry.key, keyPosition: position(entry.keyOffset), value: value, valuePosition: position(entry.valueOffset))
        }
    }

    /// ProjectDescription's `Plist.Value` (a literal, or `.string(…)`, `.boolean(…)`, `.integer(…)`, `.array(…)`,
    /// `.dictionary(…)`) as a plain value.
    mutating func plain(_ value: ManifestValue, _ what: String, fallback: Int) -> TuistManifest.Value? {
        switch value {
        case let .string(text): return .string(text)
        case let .symbol(name):
            if let bool = value.boolValue { return .bool(bool) }
            if let number = Int64(name) { return .integer(number) }
            if let number = Double(name) { return .real(number) }
        case let .array(elements):
            var values: [TuistManifest.Value] = []
            for element in elements {
                if let plain = plain(element, what, fallback: fallback) { values.append(plain) }
            }
            return .array(values)
        case let .dictionary(entries):
            return .dictionary(self.entries(entries, what))
        case let .enumCase(_, name, rawValue):
            return .string(rawValue ?? name)
        case let .call(call):
            if ["string", "boolean", "integer", "real", "array", "dictionary", "init"].contains(call.name), let inner = call.arguments.first?.value {
                return plain(inner, what, fallback: call.offset)
            }
        case .unknown: break
        }
        gap(what, value, fallback: fallback)
        return nil
    }

    mutating func globs(_ value: ManifestValue, _ what: String, fallback: Int) -> [TuistManifest.SourceGlob] {
        switch value {
        case .string:
            return path(value).map { [TuistManifest.SourceGlob(pattern: $0, excluding: [], position: position(fallback))] } ?? []
        case let .array(elements):
            return elements.flatMap { globs($0, what, fallback: fallback) }
        case let .call(call) where call.name == "glob" || call.name == "init" && call.argument("globs") == nil:
            guard let pattern = path(call.arguments.first?.value) else {
                gap(what, value, fallback: call.offset)
                return []
            }
            var excluding: [String] = []
            switch call.argument("excluding") {
            case let .array(excluded)?: excluding = excluded.compactMap { path($0) }
            case let .string(one)?: excluding = [TuistManifestReader.join(manifestFolder, one)]
            default: break
            }
            return [TuistManifest.SourceGlob(pattern: pattern, excluding: excluding, position: position(call.offset))]
        case let .call(call) where ["paths", "sourceFilesList", "SourceFilesList", "init"].contains(call.name):
            let list = call.argument("globs") ?? call.argument("paths") ?? call.arguments.first?.value
            return list.map { globs($0, what, fallback: call.offset) } ?? []
        default:
            gap(what, value, fallback: fallback)
            return []
        }
    }

    mutating func dependency(_ value: ManifestValue) -> TuistManifest.LocatedDependency? {
        guard case let .call(call) = value else { return nil }
        let at = position(call.offset)
        let first = call.arguments.first?.value
        switch call.name {
        case "target":
            // `.target(name: "X")`, or `.target(someTarget)`: the target's own name.
            if let name = call.argument("name")?.stringValue ?? first?.stringValue { return .init(dependency: .target(name), position: at) }
            if case let .call(target)? = first, let name = target.argument("name")?.stringValue { return .init(dependency: .target(name), position: at) }
            return nil
        case "project":
            guard let target = call.argument("target")?.stringValue, let path = path(call.argument("path")) else { return nil }
            return .init(dependency: .project(target: target, path: path), position: at)
        case "package":
            guard let product = call.argument("product")?.stringValue else { return nil }
            return .init(dependency: .package(product: product), position: at)
        case "external":
            guard let name = call.argument("name")?.stringValue else { return nil }
            return .init(dependency: .external(name), position: at)
        default:
            return .init(dependency: .other(call.name), position: at)
        }
    }

    // MARK: Settings

    /// `.settings(base:configurations:defaultSettings:)`, `Settings.settings(…)`.
    mutating func settings(_ value: ManifestValue, _ what: String, fallback: Int) -> TuistManifest.Settings? {
        guard case let .call(call) = value, call.name == "settings" || call.name == "Settings" || call.name == "init" else {
            gap(what, value, fallback: fallback)
            return nil
        }
        var result = TuistManifest.Settings()
        if let base = call.argument("base") { result.base = dictionarySettings(base, "\(what): base", fallback: call.offset) }
        switch call.argument("configurations") {
        case let .array(configurations)?:
            for configuration in configurations {
                guard case let .call(written) = configuration, written.name == "debug" || written.name == "release" else {
                    gap("\(what): a configuration", configuration, fallback: call.offset)
                    continue
                }
                let name: String
                switch written.argument("name") {
                case let .string(text)?: name = text
                case let .symbol(symbol)?: name = symbol.prefix(1).uppercased() + symbol.dropFirst()
                case let .call(named)? where named.name == "configuration": name = named.arguments.first?.value.stringValue ?? written.name.capitalized
                case nil: name = written.name.capitalized
                case let other?:
                    gap("\(what): the name of a configuration", other, fallback: written.offset)
                    continue
                }
                var entry = TuistManifest.Configuration(name: name, isRelease: written.name == "release", settings: [], xcconfig: nil,
                                                        position: position(written.offset))
                if let settings = written.argument("settings") {
                    entry.settings = dictionarySettings(settings, "\(what): configuration '\(name)'", fallback: written.offset)
                }
                if let xcconfig = written.argument("xcconfig"), !ManifestInterpreter.isNil(xcconfig) {
                    if let path = path(xcconfig) { entry.xcconfig = path } else {
                        gap("\(what): the xcconfig of configuration '\(name)'", xcconfig, fallback: written.offset)
                    }
                }
                result.configurations.append(entry)
            }
        case nil: break
        case let other?: gap("\(what): configurations", other, fallback: call.offset)
        }
        return result
    }

    /// A `SettingsDictionary`: each value as Xcode writes it (`["A", "B"]` → `A B`, `true` → `YES`).
    mutating func dictionarySettings(_ value: ManifestValue, _ what: String, fallback: Int) -> [TuistManifest.Setting] {
        let entries: [ManifestDictionaryEntry]
        switch value {
        case let .dictionary(written): entries = written
        case let .call(call) where call.name == "SettingsDictionary" && call.arguments.isEmpty: entries = []
        default:
            gap(what, value, fallback: fallback)
            return []
        }
        var settings: [TuistManifest.Setting] = []
        for entry in entries {
            guard let text = settingText(entry.value) else {
                gap("\(what): \(entry.key)", entry.value, fallback: entry.valueOffset)
                continue
            }
            settings.append(TuistManifest.Setting(name: entry.key, value: text, position: position(entry.keyOffset)))
        }
        return settings
    }

    /// `SettingValue`: a string, an array of strings, a Bool, or `.string(…)` / `.array(…)` /
    /// `SettingValue(stringLiteral:)` / `.init(arrayLiteral:)`.
    func settingText(_ value: ManifestValue) -> String? {
        switch value {
        case let .string(text): return text
        case let .symbol(name):
            if let bool = value.boolValue { return bool ? "YES" : "NO" }
            return Int64(name) != nil ? name : nil
        case let .array(elements):
            let texts = elements.compactMap(settingText)
            return texts.count == elements.count ? texts.joined(separator: " ") : nil
        case let .call(call):
            if ["string", "array", "init", "SettingValue"].contains(call.name) {
                let parts = call.arguments.map(\.value).compactMap(settingText)
                return parts.count == call.arguments.count && !parts.isEmpty ? parts.joined(separator: " ") : nil
            }
            return nil
        default:
            return nil
        }
    }
}
#endif
