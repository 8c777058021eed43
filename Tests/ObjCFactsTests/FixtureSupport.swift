import Foundation
import ObjCFacts

/// Writes Objective-C fixtures (and headers) to a fresh temporary folder and extracts their facts; display
/// paths are the names. `.h` files are headers (found by name, as Xcode's header map finds them).
func extractObjCFacts(_ files: KeyValuePairs<String, String>, definitions: [String] = [], usePrefilter: Bool = true,
                      bridging: [String: String] = [:]) throws -> ObjCTargetFacts {
    try extractObjCFacts(files.map { ($0.key, $0.value) }, definitions: definitions, usePrefilter: usePrefilter, bridging: bridging)
}

func extractObjCFacts(_ files: [(String, String)], definitions: [String] = [], usePrefilter: Bool = true,
                      bridging: [String: String] = [:]) throws -> ObjCTargetFacts {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("objcfacts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var sources: [ObjCSourceFile] = []
    var headers: [(displayPath: String, path: String)] = []
    for (name, text) in files {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        if name.hasSuffix(".h") {
            headers.append((name, url.path))
        } else {
            let arguments = ObjCCompilerArguments(definitions: definitions).arguments(objectiveCPlusPlus: name.hasSuffix(".mm"))
            sources.append(ObjCSourceFile(path: url.path, displayPath: name, arguments: arguments))
        }
    }
    let extractor = ObjCFactsExtractor(options: .init(usePrefilter: usePrefilter), headers: HeaderIndex(headers: headers))
    return try extractor.extract(sources, bridging: bridging)
}

/// `FILE:LINE:COL kind value => resolved` for each site.
func lines(_ sites: [ObjCActivitySite]) -> [String] {
    sites.map { "\($0.position) \($0.kind.rawValue) \($0.value) => \($0.resolved ?? "nil")" }
}

let libclangAvailable = ObjCFactsExtractor.isAvailable
