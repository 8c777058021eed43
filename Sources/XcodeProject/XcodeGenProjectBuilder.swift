import Diagnostics
import Foundation
import BuildSettings
import PropertyList

/// Turns a merged XcodeGen spec (``XcodeGenSpecLoader``) into an ``XcodeProject``: what XcodeGen would
/// write into `project.pbxproj`, each build setting located at its key in the YAML file that set it.
struct XcodeGenProjectBuilder {
    let spec: YAMLMapping
    var loader: XcodeGenSpecLoader
    let folder: String
    var configs: [(name: String, type: String?)] = []
    var settingGroups = YAMLMapping()
    var listings: [String: [String]] = [:]
    /// Setting keys already parsed (`NAME[sdk=…]`): the same keys recur in every target and configuration.
    var parsedKeys: [String: (name: String, conditions: [BuildSettingCondition])?] = [:]

    init(spec: YAMLMapping, loader: XcodeGenSpecLoader) {
        self.spec = spec
        self.loader = loader
        folder = loader.rootFolder
    }

    /// XcodeGen's target types (its `PBXProductType`s) → Xcode product types.
    static let productTypes: [String: String] = Dictionary(uniqueKeysWithValues: [
        "application", "application.on-demand-install-capable", "application.messages", "application.watchapp",
        "application.watchapp2", "application.watchapp2-container", "app-extension", "app-extension.intents-service",
        "app-extension.messages", "app-extension.messages-sticker-pack", "extensionkit-extension", "bundle",
        "bundle.unit-test", "bundle.ui-testing", "bundle.ocunit-test", "framework", "framework.static", "xcframework",
        "library.dynamic", "library.static", "tool", "tv-app-extension", "watchkit-extension", "watchkit2-extension",
        "xpc-service", "xcode-extension", "instruments-package", "metal-library", "driver-extension", "system-extension",
    ].map { ($0, "com.apple.product-type." + $0) })

    /// `platform` → `SDKROOT`, the one setting preset modelled.
    static let sdkRoots: [String: String] = [
        "iOS": "iphoneos", "tvOS": "appletvos", "watchOS": "watchos", "macOS": "macosx", "visionOS": "xros",
    ]

    /// Extensions XcodeGen puts in a Sources build phase.
    static let compiledExtensions: Set<String> = [
        "swift", "m", "mm", "c", "cc", "cpp", "cxx", "c++", "s", "S", "metal", "intentdefinition", "mlmodel", "rcproject",
        "iig", "defs", "mig", "xcmappingmodel", "l", "lm", "y", "ym",
    ]

    mutating func build() throws(XcodeProjectReadError) -> XcodeProject {
        let start = SourceLocation(file: loader.rootPath, line: 1, column: 1)
        var name = spec["name"]?.string ?? ""
        if name.isEmpty {
            name = BuildSettingPath.lastComponent(of: loader.rootPath).split(separator: ".").first.map(String.init) ?? "project"
            loader.report(.xcodegenInvalid, "the spec has no 'name' (XcodeGen requires one); '\(name)' is used", at: spec.entry("name")?.keyLocation ?? start)
        }
        let options = mapping(spec["options"], "options")
        readConfigs()
        settingGroups = mapping(spec["settingGroups"], "settingGroups") ?? mapping(spec["settingPresets"], "settingPresets") ?? YAMLMapping()

        var defaultConfig = configs.first?.name
        if let node = options?["defaultConfig"], let wanted = node.string {
            if configs.contains(where: { $0.name == wanted }) {
                defaultConfig = wanted
            } else {
                loader.report(.xcodegenInvalid, "options.defaultConfig '\(wanted)' is none of the configurations (\(configs.map(\.name).joined(separator: ", ")))", at: node.location)
            }
        }

        var projectConfigurations: [XcodeBuildConfiguration] = []
        for config in configs {
            var flat = FlatSettings()
            try collect(spec["settings"], config: config.name, level: .project, into: &flat, depth: 0)
            let (base, baseLocation) = configFile(spec["configFiles"], config: config.name)
            projectConfigurations.append(XcodeBuildConfiguration(
                id: "XCODEGEN-PROJECT-\(config.name)", name: config.name, settings: flat.assignments,
                baseConfiguration: base, baseConfigurationLocation: baseLocation))
        }

        // Targets: templates applied, one per platform of a platform list, sorted by name as XcodeGen sorts them.
        var definitions: [(name: String, target: YAMLMapping, location: SourceLocation)] = []
        if let targets = mapping(spec["targets"], "targets") {
            for entry in targets.entries {
                guard var target = entry.value.mapping else {
                    loader.report(.xcodegenInvalid, "target '\(entry.key)' is \(entry.value.kind), expected a mapping", at: entry.value.location)
                    continue
                }
                target = try applyingTemplates(target, name: entry.key, at: entry.keyLocation)
                if let platforms = target["platform"]?.sequence {
                    for platform in platforms.compactMap(\.string) {
                        var one = try substituting(target, ["${platform}": platform, "$platform": platform])
                        one.set(.init(key: "platform", keyLocation: entry.keyLocation, value: YAMLNode(content: .scalar(platform, plain: false), location: target["platform"]!.location)))
                        definitions.append(("\(entry.key)_\(platform)", one, entry.keyLocation))
                    }
                } else {
                    definitions.append((entry.key, target, entry.keyLocation))
                }
            }
        }
        definitions.sort { $0.name < $1.name }
        var aggregates: [(name: String, target: YAMLMapping, location: SourceLocation)] = []
        for entry in mapping(spec["aggregateTargets"], "aggregateTargets")?.entries ?? [] {
            guard let target = entry.value.mapping else { continue }
            aggregates.append((entry.key, target, entry.keyLocation))
        }
        aggregates.sort { $0.name < $1.name }
        let ids = Dictionary((definitions + aggregates).map { ($0.name, "XCODEGEN-TARGET-\($0.name)") }, uniquingKeysWith: { first, _ in first })

        var targets: [XcodeTarget] = []
        var generatedInfoPlists: [String: GeneratedInfoPlist] = [:]
        for definition in definitions {
            let built = try target(definition.name, definition.target, at: definition.location, ids: ids, options: options)
            targets.append(built)
            // Templates are applied already (definitions): the target's own `info`, or its template's.
            let info = definition.target["info"]
            let writtenTo = info?.mapping?["path"].flatMap { node in node.string.map { repositoryPath($0, writtenAt: node.location) } }
            if let generated = Self.generatedInfoPlist(info?.mapping, at: definition.location, writtenTo: writtenTo?.filePath) {
                generatedInfoPlists[definition.name] = generated
            }
        }
        for aggregate in aggregates {
            var configurations: [XcodeBuildConfiguration] = []
            for config in configs {
                var flat = FlatSettings()
                try collect(aggregate.target["settings"], config: config.name, level: .target, into: &flat, depth: 0)
                configurations.append(XcodeBuildConfiguration(id: "XCODEGEN-\(aggregate.name)-\(config.name)", name: config.name, settings: flat.assignments))
            }
            targets.append(XcodeTarget(
                id: ids[aggregate.name] ?? aggregate.name, name: aggregate.name, kind: .aggregate, productType: nil, productName: aggregate.name,
                buildConfigurations: XcodeConfigurationList(configurations: configurations, defaultConfigurationName: defaultConfig),
                sourceFiles: [], sourceFilePlatformFilters: [:], synchronizedFolders: [], synchronizedExtraFiles: [], packageProducts: [],
                dependencies: (aggregate.target["targets"]?.strings ?? []).map { TargetDependency(targetID: ids[$0], name: $0, productName: nil) },
                location: aggregate.location))
        }

        var project = XcodeProject(
            path: loader.rootPath, directory: folder, sourceRoot: folder, name: name, targets: targets,
            buildConfigurations: XcodeConfigurationList(configurations: projectConfigurations, defaultConfigurationName: defaultConfig),
            localPackages: localPackages(), diagnostics: loader.diagnostics, files: loader.files)
        project.generatedInfoPlists = generatedInfoPlists
        return project
    }

    // MARK: Configurations and settings

    /// `configs` sorted by name; XcodeGen's `Debug` and `Release` when there are none.
    mutating func readConfigs() {
        if let node = spec["configs"], let written = mapping(node, "configs"), written.count > 0 {
            configs = written.entries.map { ($0.key, $0.value.string) }.sorted { $0.name < $1.name }
        } else {
            configs = [("Debug", "debug"), ("Release", "release")]
        }
    }

    /// The settings XcodeGen writes into one configuration, in the order it applies them; a later key wins.
    struct FlatSettings {
        private(set) var assignments: [BuildSettingAssignment] = []
        var positions: [String: Int] = [:]

        static func key(_ assignment: BuildSettingAssignment) -> String {
            assignment.name + assignment.conditions.map(\.description).joined()
        }

        mutating func set(_ assignment: BuildSettingAssignment) {
            let key = Self.key(assignment)
            if let position = positions[key] {
                assignments[position] = assignment
            } else {
                positions[key] = assignments.count
                assignments.append(assignment)
            }
        }

        func has(_ name: String) -> Bool { assignments.contains { $0.name == name } }
    }

    /// A `settings` value (flat, or `base` / `configs` / `groups`) for `config`, as XcodeGen's SettingsBuilder
    /// reads it: groups first, then `base`, then each `configs` key that the configuration's name contains
    /// (case-insensitively) unless the key is exactly another configuration's name.
    mutating func collect(
        _ node: YAMLNode?, config: String, level: BuildSettingLevel, into flat: inout FlatSettings, depth: Int
    ) throws(XcodeProjectReadError) {
        guard let node, let settings = mapping(node, "settings") else { return }
        try loader.charge(settings.count, at: node.location)
        guard settings["base"] != nil || settings["configs"] != nil || settings["groups"] != nil else {
            add(settings, level: level, into: &flat)
            return
        }
        guard depth < XcodeGenLimits.maximumNesting else {
            loader.report(.xcodegenInvalid, "setting groups nested deeper than \(XcodeGenLimits.maximumNesting) (a group that includes itself?): not applied", at: node.location)
            return
        }
        for group in settings["groups"]?.strings ?? [] {
            guard let groupSettings = settingGroups[group] else { continue }  // XcodeGen ignores an unknown group too
            try collect(groupSettings, config: config, level: level, into: &flat, depth: depth + 1)
        }
        if let base = settings["base"], let baseSettings = mapping(base, "settings.base") { add(baseSettings, level: level, into: &flat) }
        for entry in mapping(settings["configs"], "settings.configs")?.entries ?? [] where applies(entry.key, to: config) {
            try collect(entry.value, config: config, level: level, into: &flat, depth: depth + 1)
        }
    }

    func applies(_ variant: String, to config: String) -> Bool {
        guard !variant.isEmpty, config.lowercased().contains(variant.lowercased()) else { return false }
        return variant == config || !configs.contains { $0.name == variant }
    }

    mutating func add(_ settings: YAMLMapping, level: BuildSettingLevel, into flat: inout FlatSettings) {
        for entry in settings.entries {
            let value: String
            switch entry.value.content {
            case .scalar:
                value = entry.value.bool.map { $0 ? "YES" : "NO" } ?? entry.value.string ?? ""
            case let .sequence(items):
                value = items.compactMap(\.string).map { $0.contains(" ") && !$0.hasPrefix("\"") ? "\"\($0)\"" : $0 }.joined(separator: " ")
            case .mapping:
                loader.report(.xcodegenInvalid, "build setting \(entry.key) is a mapping, expected a string or a list of strings", at: entry.keyLocation)
                continue
            }
            if parsedKeys[entry.key] == nil {
                parsedKeys[entry.key] = .some(XCConfigReader.assignment(Substring("\(entry.key) = "), origin: BuildSettingOrigin(level)).map { ($0.name, $0.conditions) })
            }
            guard let (name, conditions) = parsedKeys[entry.key] ?? nil else {
                loader.report(.xcodegenInvalid, "'\(entry.key)' is not a build setting name", at: entry.keyLocation)
                continue
            }
            let assignment = BuildSettingAssignment(name: name, value: value, conditions: conditions, origin: BuildSettingOrigin(level, at: entry.keyLocation))
            flat.set(assignment)
        }
    }

    /// `configFiles: {CONFIG: path}`: the configuration's base xcconfig and where it is named.
    mutating func configFile(_ node: YAMLNode?, config: String) -> (ProjectPath?, SourceLocation?) {
        guard let files = mapping(node, "configFiles"), let path = files[config], let written = path.string else { return (nil, nil) }
        return (repositoryPath(written, writtenAt: path.location), path.location)
    }

    // MARK: Targets

    mutating func target(
        _ name: String, _ target: YAMLMapping, at location: SourceLocation, ids: [String: String], options: YAMLMapping?
    ) throws(XcodeProjectReadError) -> XcodeTarget {
        var kind = XcodeTarget.Kind.native
        var productType: String?
        if target["legacy"] != nil {
            kind = .legacy
        } else if let type = target["type"], let written = type.string {
            productType = Self.productTypes[written]
            if productType == nil {
                loader.report(.xcodegenUnknownTargetType,
                              "target \(name) has type '\(written)', which XcodeGen does not know (application, app-extension, framework, bundle.unit-test, …): it has no product type",
                              at: type.location)
            }
        } else {
            loader.report(.xcodegenInvalid, "target \(name) has no 'type' (XcodeGen requires one): it has no product type", at: location)
        }
        let platformNode = target["platform"]
        let (sourceFiles, sourceFolders, foundInfoPlist) = try sources(of: target, name: name)
        let info = target["info"]?.mapping?["path"]
        let bundleIDPrefix = options?["bundleIdPrefix"]

        var configurations: [XcodeBuildConfiguration] = []
        for config in configs {
            var flat = FlatSettings()
            if let platformNode, let platform = platformNode.string, let sdk = Self.sdkRoots[platform] {
                flat.set(BuildSettingAssignment(name: "SDKROOT", value: sdk, origin: BuildSettingOrigin(.target, at: platformNode.location)))
            }
            try collect(target["settings"], config: config.name, level: .target, into: &flat, depth: 0)
            if !flat.has("INFOPLIST_FILE") {
                if let info, let written = info.string {
                    let path = relativeToProject(repositoryPath(written, writtenAt: info.location))
                    flat.set(BuildSettingAssignment(name: "INFOPLIST_FILE", value: path, origin: BuildSettingOrigin(.target, at: info.location)))
                } else if let foundInfoPlist {
                    flat.set(BuildSettingAssignment(name: "INFOPLIST_FILE", value: relativeToProject(.repository(foundInfoPlist)), origin: BuildSettingOrigin(.target, at: location)))
                }
            }
            if !flat.has("PRODUCT_BUNDLE_IDENTIFIER"), let bundleIDPrefix, let prefix = bundleIDPrefix.string {
                let escaped = String(String.UnicodeScalarView(name.replacingOccurrences(of: "_", with: "-").unicodeScalars.filter {
                    CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "."
                }))
                flat.set(BuildSettingAssignment(name: "PRODUCT_BUNDLE_IDENTIFIER", value: prefix + "." + escaped,
                                                origin: BuildSettingOrigin(.target, at: bundleIDPrefix.location)))
            }
            let (base, baseLocation) = configFile(target["configFiles"], config: config.name)
            configurations.append(XcodeBuildConfiguration(
                id: "XCODEGEN-\(name)-\(config.name)", name: config.name, settings: flat.assignments,
                baseConfiguration: base, baseConfigurationLocation: baseLocation))
        }

        var products: [PackageProductDependency] = []
        var dependencies: [TargetDependency] = []
        for dependency in target["dependencies"]?.sequence ?? [] {
            guard let fields = dependency.mapping else { continue }
            if let other = fields["target"]?.string {
                dependencies.append(TargetDependency(targetID: ids[other], name: other, productName: nil))
            } else if let package = fields["package"]?.string {
                let names = fields["products"]?.strings ?? [fields["product"]?.string ?? package]
                products += names.map { PackageProductDependency(productName: $0, package: packageReference(package)) }
            }
        }
        return XcodeTarget(
            id: ids[name] ?? name, name: name, kind: kind, productType: productType, productName: name,
            buildConfigurations: XcodeConfigurationList(configurations: configurations, defaultConfigurationName: nil),
            sourceFiles: sourceFiles, sourceFilePlatformFilters: [:], synchronizedFolders: sourceFolders, synchronizedExtraFiles: [],
            packageProducts: products, dependencies: dependencies, location: location)
    }

    /// `templates: [A, B]`: each template (with its own templates first) merged under the target, then
    /// `${target_name}` / `$target_name` replaced by the target's name.
    mutating func applyingTemplates(_ target: YAMLMapping, name: String, at location: SourceLocation) throws(XcodeProjectReadError) -> YAMLMapping {
        guard let names = target["templates"]?.strings, !names.isEmpty else { return target }
        var base = YAMLMapping()
        for template in names {
            if let resolved = try resolvedTemplate(template, stack: [], at: target["templates"]?.location ?? location) {
                base = try loader.merged(base, resolved)
            }
        }
        var own = target
        own.remove("templates")
        return try substituting(try loader.merged(base, own), ["${target_name}": name, "$target_name": name])
    }

    mutating func resolvedTemplate(_ name: String, stack: [String], at location: SourceLocation) throws(XcodeProjectReadError) -> YAMLMapping? {
        guard let template = spec["targetTemplates"]?.mapping?[name]?.mapping else {
            loader.report(.xcodegenInvalid, "no target template '\(name)' in targetTemplates", at: location)
            return nil
        }
        guard !stack.contains(name), stack.count < XcodeGenLimits.maximumNesting else {
            loader.report(.xcodegenInvalid, "target template '\(name)' uses itself through \((stack + [name]).joined(separator: " → "))", at: location)
            return nil
        }
        var base = YAMLMapping()
        for inner in template["templates"]?.strings ?? [] {
            if let resolved = try resolvedTemplate(inner, stack: stack + [name], at: template["templates"]?.location ?? location) {
                base = try loader.merged(base, resolved)
            }
        }
        var own = template
        own.remove("templates")
        return try loader.merged(base, own)
    }

    /// Every scalar of `mapping` with the `replacements` made (keys are left as written).
    mutating func substituting(_ mapping: YAMLMapping, _ replacements: [String: String]) throws(XcodeProjectReadError) -> YAMLMapping {
        var result = YAMLMapping()
        for entry in mapping.entries {
            result.set(.init(key: entry.key, keyLocation: entry.keyLocation, value: try substituting(entry.value, replacements)))
        }
        return result
    }

    mutating func substituting(_ node: YAMLNode, _ replacements: [String: String]) throws(XcodeProjectReadError) -> YAMLNode {
        try loader.charge(1, at: node.location)
        var node = node
        switch node.content {
        case let .scalar(text, plain):
            guard text.contains("$") else { return node }
            var replaced = text
            // Longest first: `${platform}` before `$platform`.
            for (pattern, value) in replacements.sorted(by: { $0.key.count > $1.key.count }) {
                replaced = replaced.replacingOccurrences(of: pattern, with: value)
            }
            node.content = .scalar(replaced, plain: plain)
        case let .sequence(items):
            var result: [YAMLNode] = []
            for item in items { result.append(try substituting(item, replacements)) }
            node.content = .sequence(result)
        case let .mapping(mapping):
            node.content = .mapping(try substituting(mapping, replacements))
        }
        return node
    }
}
