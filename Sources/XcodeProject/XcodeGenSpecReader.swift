public import Diagnostics
import Foundation
public import BuildSettings
public import PropertyList
import FileInput

/// Reads an XcodeGen spec (`project.yml` and the files it includes) into the same ``XcodeProject/XcodeProject`` model
/// as a committed `project.pbxproj`, for repositories that generate their project and do not commit it.
///
/// What XcodeGen would generate is modelled as far as the audit needs it: `include:` (merged as XcodeGen
/// merges: mappings key by key, lists appended, `KEY:REPLACE` replacing; paths in an included file relative
/// to it unless `relativePaths: false`), `configs` (default `Debug` and `Release`, sorted by name as XcodeGen
/// sorts them; the default configuration is `options.defaultConfig`, else the first by name, as XcodeGen
/// documents), project and target `settings` (`base`, `configs` matched as XcodeGen matches them, `groups`
/// of `settingGroups`) and `configFiles`, `targets` (sorted by name) with `type` → product type, `platform`
/// (a list makes one target per platform, `NAME_PLATFORM`), `templates` of `targetTemplates`, `sources`
/// (folders expanded on disk with `excludes` / `includes` globs), `info.path` and an `Info.plist` among the
/// sources as `INFOPLIST_FILE`, `options.bundleIdPrefix` as `PRODUCT_BUNDLE_IDENTIFIER`, `dependencies`
/// and `packages`. The project's path is the spec's; its folder is `SRCROOT`.
///
/// Not modelled: XcodeGen's setting presets (beyond `SDKROOT` of the platform), `${ENV}` expansion (a `${X}`
/// stays a build-setting reference), an Info.plist generated from `info.properties` when the file is not
/// committed, schemes.
public struct XcodeGenSpecReader: Sendable {
    public var files: ProjectFiles

    public init(files: ProjectFiles = ProjectFiles()) { self.files = files }

    /// Whether `path` names a YAML file (a possible spec) rather than an `.xcodeproj`.
    public static func isSpecPath(_ path: String) -> Bool {
        path.hasSuffix(".yml") || path.hasSuffix(".yaml")
    }

    /// Reads the spec at `path` (relative to ``ProjectFiles/root`` or absolute) and its includes.
    public func read(_ path: String) throws(XcodeProjectReadError) -> XcodeProject {
        let specPath = BuildSettingPath.standardized(path)
        let data: Data
        do {
            data = try files.read(specPath, maximumSize: XcodeGenLimits.maximumFileSize)
        } catch {
            if case let .unreadableFile(path, reason) = error { throw .unreadableFile(path: path, reason: reason) }
            throw .invalid(error.diagnostics)
        }
        return try read(data, path: specPath)
    }

    /// Reads spec bytes as the file at `path` (includes and sources resolve from its folder).
    public func read(_ data: Data, path: String) throws(XcodeProjectReadError) -> XcodeProject {
        let specPath = BuildSettingPath.standardized(path)
        var loader = XcodeGenSpecLoader(files: files, rootPath: specPath)
        let spec = try loader.loadRoot(data)
        var builder = XcodeGenProjectBuilder(spec: spec, loader: loader)
        return try builder.build()
    }
}

extension XcodeProjectReader {
    /// Reads an `.xcodeproj` folder, or an XcodeGen spec when `path` is a `.yml` / `.yaml` file.
    public func readProjectOrSpec(_ path: String) throws(XcodeProjectReadError) -> XcodeProject {
        XcodeGenSpecReader.isSpecPath(path) ? try XcodeGenSpecReader(files: files).read(path) : try read(path)
    }
}

extension XcodeProject {
    /// True when the project was read from an XcodeGen spec (``path`` is the spec).
    public var isXcodeGenSpec: Bool { XcodeGenSpecReader.isSpecPath(path) }

    /// The file the project was read from: the XcodeGen spec, or the `.xcodeproj`'s `project.pbxproj`.
    public var definitionFile: String { Self.definitionFile(ofProjectAt: path) }

    /// ``definitionFile`` for a project path (an `.xcodeproj` folder, a spec, or a Tuist `Project.swift`).
    public static func definitionFile(ofProjectAt path: String) -> String {
        XcodeGenSpecReader.isSpecPath(path) || TuistProjectPaths.isManifest(path) ? path : BuildSettingPath.join(path, "project.pbxproj")
    }
}

extension ProjectFiles {
    /// XcodeGen specs under `folder` whose project is not committed (shown paths, sorted), searched as
    /// ``projects(under:)`` searches: a `.yml` / `.yaml` file with top-level `name:` and `targets:` keys that
    /// no other such spec includes, and beside which no `NAME.xcodeproj/project.pbxproj` (the project
    /// XcodeGen generates from it) is committed — that project is read instead. A `project.yml` or
    /// `*-project.yml` that cannot be read (too large, not a regular file) is listed too: reading it says why.
    public func xcodeGenSpecs(under folder: String = ".") -> [String] {
        var candidates: [(path: String, includes: [String])] = []
        searchEntries(under: folder) { shown, entry, isFolder in
            guard !isFolder, XcodeGenSpecReader.isSpecPath(entry) else { return }
            guard let data = try? read(shown, maximumSize: XcodeGenLimits.maximumFileSize) else {
                // Named as a spec but unreadable (too large, a FIFO …): listed, so that reading it says why.
                if entry == "project.yml" || entry.hasSuffix("-project.yml") { candidates.append((shown, [])) }
                return
            }
            guard Self.looksLikeSpec(data) else { return }
            let summary = XcodeGenSpecLoader.summary(of: data, path: shown)
            if let name = summary.name,
               contents(of: BuildSettingPath.join(XcodeGenSpecLoader.folder(of: shown), "\(name).xcodeproj/project.pbxproj")) != nil {
                return
            }
            candidates.append((shown, summary.includes))
        }
        let included = Set(candidates.flatMap(\.includes))
        return candidates.map(\.path).filter { !included.contains($0) }.sorted()
    }

    /// Top-level `name:` and `targets:` (or `include:`, whose files may hold every target) lines: a spec, not an
    /// included fragment or another tool's YAML.
    static func looksLikeSpec(_ data: Data) -> Bool {
        var name = false, targets = false
        for line in data.split(separator: UInt8(ascii: "\n")) {
            if line.starts(with: "name:".utf8) { name = true }
            if line.starts(with: "targets:".utf8) || line.starts(with: "include:".utf8) { targets = true }
            if name && targets { return true }
        }
        return false
    }
}

/// Reads a spec and its includes into one merged mapping, each node keeping the file and place it came
/// from (so diagnostics point into the right file, and relative paths resolve from the right folder).
struct XcodeGenSpecLoader {
    let files: ProjectFiles
    let rootPath: String
    let rootFolder: String
    var diagnostics: [Diagnostic] = []
    /// YAML nodes left to read (``XcodeGenLimits/maximumNodes``).
    var budget = XcodeGenLimits.maximumNodes
    /// Steps of merging and evaluation done so far (``XcodeGenLimits/maximumWork``).
    var work = 0
    /// Each file read: the folder its relative paths start from.
    private(set) var pathBases: [String: String] = [:]
    private var loaded: Set<String> = []

    init(files: ProjectFiles, rootPath: String) {
        self.files = files
        self.rootPath = rootPath
        rootFolder = Self.folder(of: rootPath)
    }

    static func folder(of path: String) -> String {
        let directory = BuildSettingPath.directory(of: path)
        if directory == "./" { return "." }
        return directory == "/" ? "/" : String(directory.dropLast())
    }

    /// The folder relative paths written at `location` start from.
    func pathBase(of location: SourceLocation) -> String { pathBases[location.file] ?? rootFolder }

    mutating func loadRoot(_ data: Data) throws(XcodeProjectReadError) -> YAMLMapping {
        let node: YAMLNode?
        do {
            node = try YAMLReader.read(data, file: rootPath, budget: &budget)
        } catch {
            throw .invalid([Diagnostic(.xcodegenSyntax, error.message, at: error.location)])
        }
        guard let mapping = node?.mapping else {
            throw .notAProject(Diagnostic(
                .xcodegenInvalid, "not an XcodeGen spec: the document is \(node.map(\.kind) ?? "empty"), not a mapping",
                at: node?.location ?? SourceLocation(file: rootPath, line: 1, column: 1)))
        }
        loaded.insert(rootPath)
        pathBases[rootPath] = rootFolder
        return try resolvingIncludes(mapping, file: rootPath, stack: [rootPath])
    }

    /// `mapping` merged over what it includes (in order), as XcodeGen merges them.
    private mutating func resolvingIncludes(_ mapping: YAMLMapping, file: String, stack: [String]) throws(XcodeProjectReadError) -> YAMLMapping {
        guard let include = mapping["include"] else { return mapping }
        var own = mapping
        own.remove("include")
        var base = YAMLMapping()
        for entry in include.sequence ?? [include] {
            var pathNode = entry
            var relativePaths = true
            if let options = entry.mapping {
                if options["enable"]?.bool == false { continue }
                relativePaths = options["relativePaths"]?.bool ?? true
                pathNode = options["path"] ?? entry
            }
            guard let written = pathNode.string, !written.isEmpty else {
                report(.xcodegenInvalid, "an include is \(pathNode.kind), expected a path or {path: …}", at: pathNode.location)
                continue
            }
            let path = BuildSettingPath.join(Self.folder(of: file), written)
            if stack.contains(path) {
                report(.xcodegenIncludeCycle, "'\(written)' includes itself through \(stack.joined(separator: " → ")): not included again", at: pathNode.location)
                continue
            }
            if loaded.contains(path) { continue }  // included once already (XcodeGen would merge the same again)
            guard stack.count < XcodeGenLimits.maximumNesting, loaded.count < XcodeGenLimits.maximumIncludes else {
                report(.xcodegenSyntax, "more than \(XcodeGenLimits.maximumIncludes) includes, or nested deeper than \(XcodeGenLimits.maximumNesting): '\(written)' not read", at: pathNode.location)
                continue
            }
            loaded.insert(path)
            let data: Data
            do {
                data = try files.read(path, maximumSize: XcodeGenLimits.maximumFileSize)
            } catch {
                var reason = FileUnreadableReason.other(error.description)
                if case let .unreadableFile(_, why) = error { reason = why }
                report(.xcodegenIncludeMissing, reason == .noSuchFile ? "included file '\(written)' does not exist (\(path)): its settings and targets are missing"
                       : "cannot read included file '\(written)' (\(path)): \(reason)", at: pathNode.location)
                continue
            }
            guard budget > 0 else { break }
            let node: YAMLNode?
            do {
                node = try YAMLReader.read(data, file: path, budget: &budget)
            } catch {
                report(.xcodegenSyntax, error.message, at: error.location)
                continue
            }
            guard let included = node?.mapping else {
                report(.xcodegenInvalid, "included file '\(written)' is \(node.map(\.kind) ?? "empty"), not a mapping: not merged",
                       at: node?.location ?? pathNode.location)
                continue
            }
            pathBases[path] = relativePaths ? Self.folder(of: path) : rootFolder
            base = try merged(base, try resolvingIncludes(included, file: path, stack: stack + [path]))
        }
        return try merged(base, own)
    }

    /// XcodeGen's merge: `top` over `base`; mappings merge key by key, lists are appended, anything else
    /// replaced; a key `K:REPLACE` replaces `K` whole.
    mutating func merged(_ base: YAMLMapping, _ top: YAMLMapping) throws(XcodeProjectReadError) -> YAMLMapping {
        try charge(base.count + top.count, at: top.entries.first?.keyLocation)
        var result = base
        for entry in top.entries {
            if entry.key.hasSuffix(":REPLACE") {
                result.set(.init(key: String(entry.key.dropLast(":REPLACE".count)), keyLocation: entry.keyLocation, value: entry.value))
                continue
            }
            guard let existing = result[entry.key] else {
                result.set(entry)
                continue
            }
            var value = entry.value
            switch (existing.content, entry.value.content) {
            case let (.mapping(old), .mapping(new)):
                value.content = .mapping(try merged(old, new))
            case let (.sequence(old), .sequence(new)):
                try charge(old.count + new.count, at: entry.keyLocation)
                value.content = .sequence(old + new)
            default:
                break
            }
            result.set(.init(key: entry.key, keyLocation: entry.keyLocation, value: value))
        }
        return result
    }

    /// Counts `steps` of work; past ``XcodeGenLimits/maximumWork`` the spec is refused, at `location`.
    mutating func charge(_ steps: Int, at location: SourceLocation?) throws(XcodeProjectReadError) {
        work += steps
        guard work > XcodeGenLimits.maximumWork else { return }
        throw .invalid([Diagnostic(
            .xcodegenSyntax,
            "the spec takes more than \(XcodeGenLimits.maximumWork) steps to evaluate (its templates, targets, configurations and settings multiply): not read",
            at: location ?? SourceLocation(file: rootPath, line: 1, column: 1))])
    }

    mutating func report(_ rule: RuleDescription, _ message: String, at location: SourceLocation) {
        let diagnostic = Diagnostic(rule, message, at: location)
        if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
    }

    /// A spec's `name` and the repository paths of what it includes, for the search; nil parts when unreadable.
    static func summary(of data: Data, path: String) -> (name: String?, includes: [String]) {
        var budget = XcodeGenLimits.maximumNodes
        guard let mapping = (try? YAMLReader.read(data, file: path, budget: &budget))??.mapping else { return (nil, []) }
        let includes = (mapping["include"].map { $0.sequence ?? [$0] } ?? []).compactMap { entry in
            (entry.mapping?["path"] ?? entry).string.map { BuildSettingPath.join(folder(of: path), $0) }
        }
        return (mapping["name"]?.string, includes)
    }
}
