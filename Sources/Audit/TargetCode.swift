import XcodeProject

extension XcodeProject {
    /// The targets whose code runs as part of `target`: a WatchKit app's WatchKit extension (the app holds no
    /// code of its own), and the framework and library targets of this project it depends on, transitively
    /// (a framework's `Bundle.main` is still the app's: its activity types are the app's).
    func codeTargets(of target: XcodeTarget) -> [XcodeTarget] {
        var result: [XcodeTarget] = []
        var seen: Set<String> = [target.id]
        var pending = [target]
        while let current = pending.popLast() {
            for dependency in current.dependencies {
                guard let id = dependency.targetID, seen.insert(id).inserted,
                      let found = targets.first(where: { $0.id == id }), Self.runsInside(found, current) else { continue }
                result.append(found)
                pending.append(found)
            }
        }
        return result
    }

    private static func runsInside(_ dependency: XcodeTarget, _ dependent: XcodeTarget) -> Bool {
        dependency.isLibrary || (dependency.productType ?? "").hasPrefix("com.apple.product-type.watchkit")
    }
}

extension XcodeTarget {
    /// A framework or a library: code other targets link.
    var isLibrary: Bool {
        ["com.apple.product-type.framework", "com.apple.product-type.framework.static",
         "com.apple.product-type.library.static", "com.apple.product-type.library.dynamic"].contains(productType ?? "")
    }
}
