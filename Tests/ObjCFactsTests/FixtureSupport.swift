import Foundation
import ObjCFacts
import TestSupport

/// Writes Objective-C fixtures (and headers) to a fresh temporary folder and extracts their facts; display
/// paths are the names. `.h` files are headers (found by name, as Xcode's header map finds them).
func extractObjCFacts(_ files: KeyValuePairs<String, String>, definitions: [String] = [], usePrefilter: Bool = true,
                      bridging: [String: String] = [:]) throws -> ObjCTargetFacts {
    try extractObjCFacts(files.map { ($0.key, $0.value) }, definitions: definitions, usePrefilter: usePrefilter, bridging: bridging)
}

func extractObjCFacts(_ files: [(String, String)], definitions: [String] = [], usePrefilter: Bool = true,
                      bridging: [String: String] = [:]) throws -> ObjCTargetFacts {
    let folder = try FixtureTree(purpose: "objcfacts")
    var sources: [ObjCSourceFile] = []
    var headers: [(displayPath: String, path: String)] = []
    for (name, text) in files {
        try folder.write(text, to: name)
        let url = folder.url(name)
        if name.hasSuffix(".h") {
            headers.append((name, url.path))
        } else {
            let arguments = ObjCCompilerArguments(definitions: definitions).arguments(objectiveCPlusPlus: name.hasSuffix(".mm"))
            sources.append(ObjCSourceFile(path: url.path, displayPath: name, arguments: arguments))
        }
    }
    let extractor = ObjCFactsExtractor(options: .init(usePrefilter: usePrefilter), headers: HeaderIndex(headers: headers))
    return try withExtendedLifetime(folder) { try extractor.extract(sources, bridging: bridging) }
}

/// `FILE:LINE:COL kind value => resolved` for each site.
func lines(_ sites: [ObjCActivitySite]) -> [String] {
    sites.map { "\($0.position) \($0.kind.rawValue) \($0.value) => \($0.resolved ?? "nil")" }
}

let libclangAvailable = ObjCFactsExtractor.isAvailable
