import Foundation
import SwiftFacts
import TestSupport

/// Writes Swift fixtures to a fresh temporary folder and extracts their facts (display paths are the names).
func extractFacts(_ files: KeyValuePairs<String, String>, usePrefilter: Bool = true) throws -> SwiftTargetFacts {
    try extractFacts(files.map { ($0.key, $0.value) }, usePrefilter: usePrefilter)
}

/// The same, for files in a computed order.
func extractFacts(_ files: [(String, String)], usePrefilter: Bool = true) throws -> SwiftTargetFacts {
    let folder = try FixtureTree(purpose: "swiftfacts")
    var sources: [SwiftSourceFile] = []
    for (name, text) in files {
        try folder.write(text, to: name)
        sources.append(SwiftSourceFile(path: folder.url(name).path, displayPath: name))
    }
    return try withExtendedLifetime(folder) { try SwiftFactsExtractor(options: .init(usePrefilter: usePrefilter)).extract(sources) }
}

/// `FILE:LINE:COL kind value => resolved` for each site, the form the assertions compare.
func lines(_ sites: [ActivityTypeSite]) -> [String] {
    sites.map { "\($0.position) \($0.kind.rawValue) \($0.value) => \($0.resolved ?? "nil")" }
}

let parserAvailable = SwiftFactsExtractor.isAvailable
