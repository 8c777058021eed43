/// String path operations with Xcode's meaning, on `/`-separated text (no file system access): the
/// build-setting operators `dir file base suffix standardizepath` and joining project paths.
package enum BuildSettingPath {
    /// The last component (`a/b/c.txt` → `c.txt`; `a/b/` → `b`; `/` → `/`).
    package static func lastComponent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// Everything before the last component, with its trailing `/`; `./` when there is none.
    package static func directory(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "./" }
        return String(trimmed[...slash])
    }

    /// A file name split at its last `.`: `c.tar.gz` → (`c.tar`, `.gz`); `.hidden` and `c` have no suffix.
    package static func splitSuffix(of name: String) -> (base: String, suffix: String) {
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    /// `//` and `/./` collapsed, `x/..` removed (a `..` with nothing before it is kept, as in a relative
    /// path that leaves its folder), trailing `/` removed. An empty path stays empty.
    package static func standardized(_ path: String) -> String {
        guard !path.isEmpty else { return "" }
        if isStandardized(path) { return path }
        let isAbsolute = path.hasPrefix("/")
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                if let last = components.last, last != ".." {
                    components.removeLast()
                } else if !isAbsolute {
                    components.append(component)
                }
            default: components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Whether `path` is already what ``standardized(_:)`` makes of it: no empty, `.` or `..` component and no
    /// trailing `/` (`/` itself is). Most paths are, and a walk of a repository standardizes every one.
    private static func isStandardized(_ path: String) -> Bool {
        let bytes = path.utf8
        if bytes.count == 1, bytes.first == UInt8(ascii: "/") { return true }
        var componentLength = 0, dots = 0, first = true
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                // Only an absolute path's leading `/` may end an empty component.
                if componentLength == 0 ? !first : dots == componentLength && dots <= 2 { return false }
                componentLength = 0
                dots = 0
            } else {
                componentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
            first = false
        }
        return componentLength > 0 && !(dots == componentLength && dots <= 2)
    }

    /// `base/relative`, standardized; `relative` alone when it is absolute, `base` when it is empty.
    package static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return standardized(relative) }
        if relative.isEmpty { return standardized(base.isEmpty ? "." : base) }
        if base.isEmpty || base == "." { return standardized(relative) }
        return standardized(base + "/" + relative)
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
