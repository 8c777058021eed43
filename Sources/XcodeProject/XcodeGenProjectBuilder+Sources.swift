import Diagnostics
import Foundation
import BuildSettings
import PropertyList

/// A target's sources, their paths and the packages it uses, as XcodeGen reads them.
extension XcodeGenProjectBuilder {
    /// The target's sources: files named one by one (those XcodeGen puts in the Sources build phase), source
    /// folders as the folders they are on disk — a ``SynchronizedFolder`` whose exceptions are the files that
    /// `excludes` / `includes` leave out, so that the audit counts those as taken out on purpose rather than
    /// unclaimed — and the first `Info.plist` among them (XcodeGen's `INFOPLIST_FILE` when none is set).
    mutating func sources(of target: YAMLMapping, name: String) throws(XcodeProjectReadError) -> ([ProjectPath], [SynchronizedFolder], String?) {
        guard let node = target["sources"] else { return ([], [], nil) }
        var result: [ProjectPath] = []
        var folders: [SynchronizedFolder] = []
        var seen: Set<ProjectPath> = []
        var infoPlist: String?
        for entry in node.sequence ?? [node] {
            let fields = entry.mapping
            guard let pathNode = fields?["path"] ?? entry as YAMLNode?, let written = pathNode.string else {
                loader.report(.xcodegenInvalid, "a source of target \(name) is \(entry.kind), expected a path or {path: …}", at: entry.location)
                continue
            }
            let path = repositoryPath(written, writtenAt: pathNode.location)
            guard let filePath = path.filePath else { continue }
            let phase = fields?["buildPhase"].map { $0.string ?? "other" }
            let excludes = fields?["excludes"]?.strings ?? []
            let includes = fields?["includes"]?.strings ?? []
            func add(_ file: String) {
                if BuildSettingPath.lastComponent(of: file) == "Info.plist" {
                    if infoPlist == nil { infoPlist = file }
                    return
                }
                let extensionName = file.split(separator: "/").last?.split(separator: ".", omittingEmptySubsequences: false).dropFirst().last.map(String.init) ?? ""
                guard phase == "sources" || (phase == nil && Self.compiledExtensions.contains(extensionName)) else { return }
                let shown: ProjectPath = path.isAbsolute ? .absolute(file) : .repository(file)
                if seen.insert(shown).inserted { result.append(shown) }
            }
            if loader.files.isDirectory(filePath) {
                // A folder reference is copied whole; a folder in another build phase compiles nothing.
                if fields?["type"]?.string == "folder" || (phase != nil && phase != "sources") { continue }
                let listing = listings[filePath] ?? loader.files.files(under: filePath)
                listings[filePath] = listing
                try loader.charge(listing.count * (1 + excludes.count + includes.count), at: pathNode.location)
                let prefix = filePath == "." ? "" : filePath + "/"
                var leftOut: [String] = []
                for file in listing {
                    let relative = String(file.dropFirst(prefix.count))
                    if excludes.contains(where: { XcodeGenGlob.matches($0, relative) })
                        || (!includes.isEmpty && !includes.contains(where: { XcodeGenGlob.matches($0, relative) })) {
                        leftOut.append(relative)
                    } else if BuildSettingPath.lastComponent(of: file) == "Info.plist" {
                        if infoPlist == nil { infoPlist = file }
                        leftOut.append(relative)
                    }
                }
                folders.append(SynchronizedFolder(
                    id: "XCODEGEN-\(name)-SOURCES-\(folders.count)", path: path, excluded: leftOut, explicitFolders: [], platformFiltered: [:]))
            } else if FileManager.default.fileExists(atPath: loader.files.fileSystemPath(filePath)) {
                add(filePath)
            } else if fields?["optional"]?.bool != true {
                loader.report(.xcodegenSourceMissing, "source '\(written)' of target \(name) does not exist (\(filePath))",
                              at: pathNode.location)
            }
        }
        return (result, folders, infoPlist)
    }

    // MARK: Paths and packages

    /// A path written in the spec, from the folder of the file it was written in (an included file's own
    /// folder, unless it was included with `relativePaths: false`).
    func repositoryPath(_ written: String, writtenAt location: SourceLocation) -> ProjectPath {
        if written.hasPrefix("/") { return .absolute(BuildSettingPath.standardized(written)) }
        let joined = BuildSettingPath.join(loader.pathBase(of: location), written)
        return joined.hasPrefix("/") ? .absolute(joined) : .repository(joined)
    }

    /// A repository path as a path relative to the project folder (what `INFOPLIST_FILE` holds).
    func relativeToProject(_ path: ProjectPath) -> String {
        guard case let .repository(file) = path else { return path.description }
        if folder == "." { return file }
        if file.hasPrefix(folder + "/") { return String(file.dropFirst(folder.count + 1)) }
        let base = folder.split(separator: "/"), target = file.split(separator: "/")
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)).joined(separator: "/")
    }

    func packageReference(_ name: String) -> PackageProductDependency.Package? {
        guard let package = spec["packages"]?.mapping?[name]?.mapping else { return nil }
        if let path = package["path"], let written = path.string { return .local(repositoryPath(written, writtenAt: path.location)) }
        if let url = package["url"]?.string { return .remote(url) }
        if let github = package["github"]?.string { return .remote("https://github.com/\(github)") }
        return nil
    }

    func localPackages() -> [LocalSwiftPackage] {
        var result: [LocalSwiftPackage] = []
        for entry in spec["packages"]?.mapping?.entries ?? [] {
            guard let path = entry.value.mapping?["path"], let written = path.string else { continue }
            result.append(LocalSwiftPackage(path: repositoryPath(written, writtenAt: path.location), isPackageReference: true))
        }
        for path in spec["localPackages"]?.sequence ?? [] {
            guard let written = path.string else { continue }
            result.append(LocalSwiftPackage(path: repositoryPath(written, writtenAt: path.location), isPackageReference: true))
        }
        return result
    }

    /// `node` as a mapping; a diagnostic when it is something else (null is nothing, silently).
    mutating func mapping(_ node: YAMLNode?, _ key: String) -> YAMLMapping? {
        guard let node, !node.isNull else { return nil }
        guard let mapping = node.mapping else {
            loader.report(.xcodegenInvalid, "'\(key)' is \(node.kind), expected a mapping", at: node.location)
            return nil
        }
        return mapping
    }
}

/// XcodeGen's `excludes` / `includes` globs, relative to the source folder: `*` and `?` within one path
/// component, `**` any number of components, `{a,b}` alternatives. A pattern that matches a folder matches
/// everything under it. Matching is a table over components (no backtracking blow-up).
enum XcodeGenGlob {
    static func matches(_ pattern: String, _ path: String) -> Bool {
        let components = path.split(separator: "/").map(String.init)
        return alternatives(of: pattern).contains { alternative in
            let parts = alternative.split(separator: "/").map(String.init)
            return (1...max(components.count, 1)).contains { matches(parts, Array(components.prefix($0))) }
        }
    }

    /// `a{b,c}d` → `abd`, `acd` (the first brace group, repeatedly; at most 64 alternatives).
    static func alternatives(of pattern: String) -> [String] {
        var result: [String] = []
        var pending = [pattern]
        while let next = pending.popLast(), result.count + pending.count < 64 {
            guard let open = next.firstIndex(of: "{"), let close = next[open...].firstIndex(of: "}") else {
                result.append(next)
                continue
            }
            for choice in next[next.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false) {
                pending.append(String(next[..<open]) + choice + String(next[next.index(after: close)...]))
            }
        }
        return result
    }

    static func matches(_ parts: [String], _ components: [String]) -> Bool {
        // reachable[j]: the parts so far can match the first j components.
        var reachable = [Bool](repeating: false, count: components.count + 1)
        reachable[0] = true
        for part in parts {
            var next = [Bool](repeating: false, count: components.count + 1)
            if part == "**" {
                var any = false
                for j in reachable.indices {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                for j in components.indices where reachable[j] && BuildSettingCondition.glob(part, matches: components[j]) {
                    next[j + 1] = true
                }
            }
            reachable = next
        }
        return reachable[components.count]
    }
}
