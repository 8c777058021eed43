import BuildSettings
extension XcodeProject {
    /// Folder types Xcode treats as one item in a synchronized folder: nothing inside them is compiled.
    static let opaqueFolderExtensions: Set<Substring> = [
        "xcassets", "bundle", "docc", "playground", "xcdatamodeld", "xcdatamodel", "framework", "xcframework",
        "app", "appex", "scnassets", "rcproject", "mlpackage", "xcstickers",
    ]

    /// The files `target` builds from: its Sources build phases, plus on disk every file under its
    /// synchronized folders minus the membership exceptions, plus files other folders' exception sets add
    /// to it. Files whose platform filter names only other platforms than `platform` are left out.
    /// Repository paths, without duplicates; Sources-phase files first in phase order, then the rest sorted.
    public func sourceFiles(of target: XcodeTarget, platform: String = "ios") -> [ProjectPath] {
        var result: [ProjectPath] = []
        var seen: Set<ProjectPath> = []
        for file in target.sourceFiles {
            if let filter = target.sourceFilePlatformFilters[file], !filter.isEmpty, !filter.contains(platform) { continue }
            if seen.insert(file).inserted { result.append(file) }
        }
        var synchronized: [ProjectPath] = []
        for folder in target.synchronizedFolders {
            guard let base = folder.path.filePath else { continue }
            let prefix = base == "." ? "" : base + "/"
            for path in files.files(under: base) {
                let relative = String(path.dropFirst(prefix.count))
                if Self.isExcluded(relative, by: folder.excluded) || Self.isExcluded(relative, by: folder.explicitFolders) { continue }
                if let filter = folder.platformFiltered[relative], !filter.isEmpty, !filter.contains(platform) { continue }
                if relative.split(separator: "/").dropLast().contains(where: Self.isOpaqueFolder) { continue }
                synchronized.append(folder.path.isAbsolute ? .absolute(path) : .repository(path))
            }
        }
        synchronized += target.synchronizedExtraFiles
        for file in synchronized.sorted(by: { $0.description < $1.description }) where seen.insert(file).inserted {
            result.append(file)
        }
        return result
    }

    /// The `.swift` files of ``sourceFiles(of:platform:)`` that are in the repository (or absolute).
    public func swiftFiles(of target: XcodeTarget, platform: String = "ios") -> [String] {
        sourceFiles(of: target, platform: platform).compactMap { path in
            guard let file = path.filePath, file.hasSuffix(".swift") else { return nil }
            return file
        }
    }

    /// The local packages whose products `target` links: by `XCLocalSwiftPackageReference`, or for a
    /// product that names no package, the local package whose folder has the product's name (a product named
    /// like its package is the common case). The project alone says no more: which of a package's targets a
    /// product is built from is its manifest's business, which the audit reads (Audit's `LocalPackages`).
    public func linkedLocalPackages(of target: XcodeTarget) -> [LocalSwiftPackage] {
        var result: [LocalSwiftPackage] = []
        for product in target.packageProducts {
            let package: LocalSwiftPackage?
            switch product.package {
            case let .local(path)?:
                package = localPackages.first { $0.path == path } ?? LocalSwiftPackage(path: path, isPackageReference: true)
            case .remote?:
                package = nil
            case nil:
                package = localPackages.first { BuildSettingPath.lastComponent(of: $0.path.description) == product.productName }
            }
            if let package, !result.contains(package) { result.append(package) }
        }
        return result
    }

    /// The Swift files of a local package that its products can be built from, as far as its folder tells:
    /// every `.swift` under it except the manifests (`Package.swift`, `Package@swift-*.swift`) and anything
    /// under `Tests/` or `.build/`. The audit's fallback for a package whose manifest it cannot map.
    public func swiftFiles(of package: LocalSwiftPackage) -> [String] {
        package.path.filePath.map(swiftFiles(ofPackageAt:)) ?? []
    }

    /// ``swiftFiles(of:)-(LocalSwiftPackage)`` of the package in `base` (a repository folder).
    public func swiftFiles(ofPackageAt base: String) -> [String] {
        let prefix = base == "." ? "" : base + "/"
        return files.files(under: base).filter { path in
            guard path.hasSuffix(".swift") else { return false }
            let relative = path.dropFirst(prefix.count)
            if relative == "Package.swift" || (relative.hasPrefix("Package@swift-") && !relative.contains("/")) { return false }
            return !relative.hasPrefix("Tests/") && !relative.contains("/Tests/") && !relative.hasPrefix(".build/")
        }
    }

    /// Whether a path (relative to a source folder) is inside a folder Xcode and SwiftPM treat as one item
    /// (`.docc`, `.xcassets`, `.bundle` …), whose files are never compiled.
    public static func isInsideOpaqueFolder(_ relative: String) -> Bool {
        relative.split(separator: "/").dropLast().contains(where: isOpaqueFolder)
    }

    private static func isExcluded(_ relative: String, by entries: [String]) -> Bool {
        entries.contains { relative == $0 || relative.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    private static func isOpaqueFolder(_ component: Substring) -> Bool {
        guard let dot = component.lastIndex(of: ".") else { return false }
        return opaqueFolderExtensions.contains(component[component.index(after: dot)...])
    }
}

extension ProjectPath {
    var isAbsolute: Bool {
        if case .absolute = self { true } else { false }
    }
}
