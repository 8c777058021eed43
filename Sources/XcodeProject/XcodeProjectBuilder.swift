import BuildSettings
import Diagnostics
import PropertyList

/// Turns the objects of one `project.pbxproj` into an ``XcodeProject``, following every reference through
/// ``PBXObjectGraph`` (dangling ones reported) and resolving group paths upward with a visited set
/// (cycles reported), so malformed projects give diagnostics and never recurse without bound.
struct XcodeProjectBuilder {
    private var graph: PBXObjectGraph
    private let document: PropertyListDocument
    private let projectPath: String
    private let files: ProjectFiles
    private var directory = "."
    private var sourceRoot = "."
    /// Each object listed in some `children` array: the group listing it and the index there.
    private var parents: [String: (group: String, index: Int)] = [:]
    private var resolvedPaths: [String: ProjectPath?] = [:]

    init(document: PropertyListDocument, projectPath: String, files: ProjectFiles) {
        self.document = document
        self.projectPath = projectPath
        self.files = files
        graph = PBXObjectGraph(document: document, file: BuildSettingPath.join(projectPath, "project.pbxproj"))
    }

    mutating func build() throws(XcodeProjectReadError) -> XcodeProject {
        let start = SourceLocation(file: graph.file, line: 1, column: 1)
        // A file that is no project at all: `project-invalid-object` as an error (its description says so).
        guard document.root["objects"]?.dictionaryValue != nil else {
            throw .notAProject(Diagnostic(.error, .projectInvalidObject, "not an Xcode project: no 'objects' dictionary", at: start))
        }
        guard let rootID = document.root["rootObject"]?.stringValue, let project = graph.object(rootID),
              project.isa == "PBXProject" else {
            throw .notAProject(Diagnostic(
                .error, .projectInvalidObject, "not an Xcode project: 'rootObject' names no PBXProject object", at: start))
        }
        directory = BuildSettingPath.directory(of: projectPath) == "./" ? "." : String(BuildSettingPath.directory(of: projectPath).dropLast())
        sourceRoot = BuildSettingPath.join(directory, project.string("projectDirPath") ?? "")
        recordParents()
        reportGroupCycles()

        let configurations = configurationList(from: project, "buildConfigurationList")
        let folderExceptions = synchronizedExceptionSets()
        var targets: [XcodeTarget] = []
        for index in (project.fields["targets"]?.arrayValue ?? []).indices {
            guard let object = graph.reference(from: project, "targets", index) else { continue }
            if let target = target(object, listedAt: project.path("targets", index), exceptions: folderExceptions) {
                targets.append(target)
            }
        }
        var name = BuildSettingPath.lastComponent(of: projectPath)
        if name.hasSuffix(".xcodeproj") { name = String(name.dropLast(".xcodeproj".count)) }
        return XcodeProject(
            path: projectPath, directory: directory, sourceRoot: sourceRoot, name: name, targets: targets,
            buildConfigurations: configurations, localPackages: localPackages(of: project),
            diagnostics: graph.diagnostics, files: files, referencedFiles: referencedFiles())
    }

    /// The paths of every `PBXFileReference` in the project.
    private mutating func referencedFiles() -> Set<String> {
        var result: Set<String> = []
        for entry in graph.objects where entry.value["isa"]?.stringValue == "PBXFileReference" {
            if let object = graph.object(entry.key), let file = path(of: object)?.filePath { result.insert(file) }
        }
        return result
    }

    // MARK: Groups and paths

    /// Reports every cycle of the `children` graph once, at the child entry that closes it: a depth-first
    /// walk with an explicit stack (no recursion, however deep the groups nest).
    private mutating func reportGroupCycles() {
        enum State { case open, done }
        var state: [String: State] = [:]
        for entry in graph.objects where entry.value["children"] != nil && state[entry.key] == nil {
            var stack: [(id: String, next: Int)] = [(entry.key, 0)]
            state[entry.key] = .open
            while let top = stack.last {
                let children = graph.objects[top.id]?["children"]?.arrayValue ?? []
                guard top.next < children.count else {
                    state[top.id] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                guard let child = children[top.next].stringValue, let object = graph.object(child),
                      object.fields["children"] != nil else { continue }
                switch state[child] {
                case .open?:
                    graph.report(
                        .projectReferenceCycle,
                        "group \(child) (\(object.string("name") ?? object.string("path") ?? object.isa)) contains itself through its children: paths under it cannot be resolved",
                        at: PropertyListPath([.key("objects"), .key(top.id), .key("children"), .index(top.next)]))
                case .done?: continue
                case nil:
                    state[child] = .open
                    stack.append((child, 0))
                }
            }
        }
    }

    private mutating func recordParents() {
        for entry in graph.objects {
            guard let fields = entry.value.dictionaryValue, let children = fields["children"] else { continue }
            let group = PBXObject(id: entry.key, isa: fields["isa"]?.stringValue ?? "", fields: fields)
            guard let array = children.arrayValue else {
                _ = graph.references(from: group, "children")  // reports the malformed field
                continue
            }
            for index in array.indices {
                guard let child = graph.reference(from: group, "children", index) else { continue }
                if parents[child.id] == nil { parents[child.id] = (entry.key, index) }
            }
        }
    }

    /// The path of a file reference, group or synchronized folder; nil when a group cycle is in the way.
    mutating func path(of object: PBXObject) -> ProjectPath? {
        if let known = resolvedPaths[object.id] { return known }
        // Walk up to the first object whose path does not depend on its group, then join back down.
        var chain: [PBXObject] = [object]
        var visited: Set<String> = [object.id]
        var base: ProjectPath?
        while true {
            let current = chain[chain.count - 1]
            if let known = resolvedPaths[current.id] {
                chain.removeLast()
                base = known
                break
            }
            let tree = current.string("sourceTree") ?? "<group>"
            if tree != "<group>" {
                chain.removeLast()
                base = anchor(tree, path: current.string("path") ?? "")
                resolvedPaths[current.id] = base
                break
            }
            guard let (parentID, index) = parents[current.id], let parent = graph.object(parentID) else {
                base = .repository(sourceRoot)   // the main group (or an orphan): relative to SRCROOT
                break
            }
            guard visited.insert(parentID).inserted else {
                // Already reported by reportGroupCycles at this same entry (the report is once per place).
                graph.report(
                    .projectReferenceCycle,
                    "group \(current.id) (\(current.string("name") ?? current.string("path") ?? current.isa)) contains itself through its children: paths under it cannot be resolved",
                    at: parent.path("children", index))
                for member in chain { resolvedPaths[member.id] = .some(nil) }
                return nil
            }
            chain.append(parent)
        }
        guard var path = base else {
            for member in chain { resolvedPaths[member.id] = .some(nil) }
            return nil
        }
        for (position, member) in chain.reversed().enumerated() {
            path = Self.appending(member.string("path") ?? "", to: path)
            // Groups nested thousands deep make paths (and their sum) grow without bound: a path no file
            // system opens is not resolved, and what is under it neither.
            guard path.description.utf8.count <= Self.maximumPathLength else {
                graph.report(
                    .projectInvalidObject,
                    "\(member.isa) \(member.id) is nested so deep that its path is longer than \(Self.maximumPathLength) bytes (PATH_MAX): paths under it are not resolved",
                    at: PropertyListPath([.key("objects"), .key(member.id)]))
                for unresolved in chain.reversed().dropFirst(position) { resolvedPaths[unresolved.id] = .some(nil) }
                return nil
            }
            resolvedPaths[member.id] = path
        }
        return path
    }

    /// PATH_MAX on Linux (macOS: 1,024): no longer path can be opened.
    static let maximumPathLength = 4096

    private func anchor(_ tree: String, path: String) -> ProjectPath {
        switch tree {
        case "SOURCE_ROOT": .repository(BuildSettingPath.join(sourceRoot, path))
        case "<absolute>": .absolute(BuildSettingPath.standardized(path))
        default: .buildSetting(tree, path: path)
        }
    }

    private static func appending(_ component: String, to base: ProjectPath) -> ProjectPath {
        guard !component.isEmpty else { return base }
        switch base {
        case let .repository(path): return component.hasPrefix("/") ? .absolute(component) : .repository(BuildSettingPath.join(path, component))
        case let .absolute(path): return .absolute(BuildSettingPath.join(path, component))
        case let .buildSetting(name, path): return .buildSetting(name, path: path.isEmpty ? component : BuildSettingPath.join(path, component))
        }
    }

    // MARK: Configurations

    private mutating func configurationList(from owner: PBXObject, _ key: String) -> XcodeConfigurationList {
        guard let list = graph.reference(from: owner, key) else {
            return XcodeConfigurationList(configurations: [], defaultConfigurationName: nil)
        }
        let configurations = graph.references(from: list, "buildConfigurations").map { configuration($0, level: owner.isa == "PBXProject" ? .project : .target) }
        return XcodeConfigurationList(configurations: configurations, defaultConfigurationName: list.string("defaultConfigurationName"))
    }

    private mutating func configuration(_ object: PBXObject, level: BuildSettingLevel) -> XcodeBuildConfiguration {
        var settings: [BuildSettingAssignment] = []
        for entry in object.dictionary("buildSettings") ?? PropertyListDictionary() {
            let keyPath = object.path("buildSettings").appending(.key(entry.key))
            let location = graph.locations?.key(at: keyPath) ?? graph.location(keyPath)
            guard let value = Self.settingText(entry.value) else {
                graph.report(.projectInvalidObject, "build setting \(entry.key) is \(PBXObjectGraph.kind(of: entry.value)), expected a string or an array of strings",
                             at: keyPath, atKey: true)
                continue
            }
            guard let assignment = XCConfigReader.assignment(
                Substring("\(entry.key) = "), origin: BuildSettingOrigin(level, at: location)) else {
                graph.report(.projectInvalidObject, "'\(entry.key)' is not a build setting name", at: keyPath, atKey: true)
                continue
            }
            var withValue = assignment
            withValue.value = value
            settings.append(withValue)
        }
        var base: ProjectPath?
        var baseLocation: SourceLocation?
        if let reference = graph.reference(from: object, "baseConfigurationReference") {
            base = path(of: reference)
            baseLocation = graph.location(object.path("baseConfigurationReference"))
        } else if let anchor = graph.reference(from: object, "baseConfigurationReferenceAnchor"),
                  let folder = path(of: anchor) {
            // Xcode 16: an xcconfig inside a synchronized folder is named by the folder and a relative path.
            base = Self.appending(object.string("baseConfigurationReferenceRelativePath") ?? "", to: folder)
            baseLocation = graph.location(object.path("baseConfigurationReferenceAnchor"))
        }
        return XcodeBuildConfiguration(
            id: object.id, name: object.string("name") ?? "", settings: settings,
            baseConfiguration: base, baseConfigurationLocation: baseLocation)
    }

    /// A setting's value as text: arrays are joined with spaces, elements with spaces quoted (as Xcode shows them).
    private static func settingText(_ value: PropertyListValue) -> String? {
        if let string = value.stringValue { return string }
        guard let array = value.arrayValue else { return nil }
        var parts: [String] = []
        for element in array {
            guard let string = element.stringValue else { return nil }
            parts.append(string.contains(" ") && !string.hasPrefix("\"") ? "\"\(string)\"" : string)
        }
        return parts.joined(separator: " ")
    }

    // MARK: Targets

    private typealias ExceptionSet = (folderID: String, targetID: String, members: [String], platforms: [String: [String]])

    /// Every `PBXFileSystemSynchronizedBuildFileExceptionSet` of every synchronized folder, by folder.
    private mutating func synchronizedExceptionSets() -> [String: [ExceptionSet]] {
        var result: [String: [ExceptionSet]] = [:]
        for entry in graph.objects where entry.value["isa"]?.stringValue == "PBXFileSystemSynchronizedRootGroup" {
            guard let folder = graph.object(entry.key) else { continue }
            for exception in graph.references(from: folder, "exceptions")
            where exception.isa == "PBXFileSystemSynchronizedBuildFileExceptionSet" {
                guard let target = graph.reference(from: exception, "target") else { continue }
                let members = (exception.fields["membershipExceptions"]?.arrayValue ?? []).compactMap(\.stringValue)
                var platforms: [String: [String]] = [:]
                for filter in exception.dictionary("platformFiltersByRelativePath") ?? PropertyListDictionary() {
                    platforms[filter.key] = (filter.value.arrayValue ?? []).compactMap(\.stringValue)
                }
                result[folder.id, default: []].append((folder.id, target.id, members, platforms))
            }
        }
        return result
    }

    private mutating func target(
        _ object: PBXObject, listedAt listing: PropertyListPath, exceptions: [String: [ExceptionSet]]
    ) -> XcodeTarget? {
        let kind: XcodeTarget.Kind
        switch object.isa {
        case "PBXNativeTarget": kind = .native
        case "PBXAggregateTarget": kind = .aggregate
        case "PBXLegacyTarget": kind = .legacy
        default:
            graph.report(.projectInvalidObject, "the project's targets list \(object.id), a \(object.isa), not a target", at: listing)
            return nil
        }
        guard let name = object.string("name") ?? object.string("productName") else {
            graph.report(.projectInvalidObject, "target \(object.id) has no name", at: PropertyListPath([.key("objects"), .key(object.id), .key("isa")]))
            return nil
        }
        var sources: [ProjectPath] = []
        var filters: [ProjectPath: [String]] = [:]
        var phaseExclusions: [String: [String]] = [:]   // synchronized folder id -> excluded from the Sources phase
        for phase in graph.references(from: object, "buildPhases") where phase.isa == "PBXSourcesBuildPhase" {
            for buildFile in graph.references(from: phase, "files") {
                guard let reference = graph.reference(from: buildFile, "fileRef"), let path = path(of: reference) else { continue }
                sources.append(path)
                // A variant group (`Intents.intentdefinition` with Base and its localizations) builds its files.
                if reference.isa == "PBXVariantGroup" {
                    sources += graph.references(from: reference, "children").compactMap { self.path(of: $0) }
                }
                if let filter = buildFile.string("platformFilter") {
                    filters[path] = [filter]
                } else if let list = buildFile.fields["platformFilters"]?.arrayValue {
                    filters[path] = list.compactMap(\.stringValue)
                }
            }
            for entry in graph.objects where entry.value["isa"]?.stringValue == "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet"
                && entry.value["buildPhase"]?.stringValue == phase.id {
                let members = (entry.value["membershipExceptions"]?.arrayValue ?? []).compactMap(\.stringValue)
                for folder in graph.objects where (folder.value["exceptions"]?.arrayValue ?? []).contains(.string(entry.key)) {
                    phaseExclusions[folder.key, default: []] += members
                }
            }
        }
        var folders: [SynchronizedFolder] = []
        let listed = graph.references(from: object, "fileSystemSynchronizedGroups")
        for folder in listed {
            guard let path = path(of: folder) else { continue }
            let sets = (exceptions[folder.id] ?? []).filter { $0.targetID == object.id }
            var platforms: [String: [String]] = [:]
            for set in sets { platforms.merge(set.platforms) { $1 } }
            folders.append(SynchronizedFolder(
                id: folder.id, path: path, excluded: sets.flatMap(\.members) + (phaseExclusions[folder.id] ?? []),
                explicitFolders: (folder.fields["explicitFolders"]?.arrayValue ?? []).compactMap(\.stringValue),
                platformFiltered: platforms))
        }
        // An exception set naming this target on a folder it does not list adds those files to it.
        let listedIDs = Set(listed.map(\.id))
        var extra: [ProjectPath] = []
        for (folderID, sets) in exceptions.sorted(by: { $0.key < $1.key }) where !listedIDs.contains(folderID) {
            guard let folder = graph.object(folderID), let base = path(of: folder) else { continue }
            for set in sets where set.targetID == object.id {
                extra += set.members.map { Self.appending($0, to: base) }
            }
        }
        return XcodeTarget(
            id: object.id, name: name, kind: kind, productType: object.string("productType"),
            productName: object.string("productName"),
            buildConfigurations: configurationList(from: object, "buildConfigurationList"),
            sourceFiles: sources, sourceFilePlatformFilters: filters, synchronizedFolders: folders,
            synchronizedExtraFiles: extra, packageProducts: graph.references(from: object, "packageProductDependencies").map { packageProduct($0) },
            dependencies: graph.references(from: object, "dependencies").map { dependency($0) },
            location: graph.location(of: object))
    }

    private mutating func packageProduct(_ object: PBXObject) -> PackageProductDependency {
        var package: PackageProductDependency.Package?
        if let reference = graph.reference(from: object, "package") {
            switch reference.isa {
            case "XCLocalSwiftPackageReference":
                package = .local(Self.appending(reference.string("relativePath") ?? "", to: .repository(sourceRoot)))
            case "XCRemoteSwiftPackageReference":
                package = .remote(reference.string("repositoryURL") ?? "")
            default: break
            }
        }
        return PackageProductDependency(productName: object.string("productName") ?? "", package: package)
    }

    private mutating func dependency(_ object: PBXObject) -> TargetDependency {
        var result = TargetDependency(targetID: nil, name: object.string("name"), productName: nil)
        if let target = graph.reference(from: object, "target") {
            result.targetID = target.id
            result.name = target.string("name") ?? result.name
        } else if let proxy = graph.reference(from: object, "targetProxy") {
            result.name = result.name ?? proxy.string("remoteInfo")
            if proxy.string("proxyType") == "1", let id = proxy.string("remoteGlobalIDString"), graph.object(id) != nil {
                result.targetID = id
            }
        }
        if let product = graph.reference(from: object, "productRef") { result.productName = product.string("productName") }
        return result
    }

    private mutating func localPackages(of project: PBXObject) -> [LocalSwiftPackage] {
        var packages: [LocalSwiftPackage] = []
        for reference in graph.references(from: project, "packageReferences") where reference.isa == "XCLocalSwiftPackageReference" {
            let path = Self.appending(reference.string("relativePath") ?? "", to: .repository(sourceRoot))
            packages.append(LocalSwiftPackage(path: path, isPackageReference: true))
        }
        // Older Xcode adds a local package as a folder reference in the group tree.
        for entry in graph.objects {
            guard entry.value["isa"]?.stringValue == "PBXFileReference",
                  let type = entry.value["lastKnownFileType"]?.stringValue, type == "wrapper" || type == "folder",
                  let object = graph.object(entry.key), let path = path(of: object), let folder = path.filePath,
                  files.contents(of: BuildSettingPath.join(folder, "Package.swift")) != nil else { continue }
            packages.append(LocalSwiftPackage(path: path, isPackageReference: false))
        }
        return packages
    }
}
