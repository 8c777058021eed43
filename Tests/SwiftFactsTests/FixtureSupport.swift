import Foundation
import SwiftFacts

/// Writes Swift fixtures to a fresh temporary folder and extracts their facts (display paths are the names).
func extractFacts(_ files: KeyValuePairs<String, String>, usePrefilter: Bool = true) throws -> SwiftTargetFacts {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftfacts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var sources: [SwiftSourceFile] = []
    for (name, text) in files {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        sources.append(SwiftSourceFile(path: url.path, displayPath: name))
    }
    return try SwiftFactsExtractor(options: .init(usePrefilter: usePrefilter)).extract(sources)
}

/// `FILE:LINE:COL kind value => resolved` for each site, the form the assertions compare.
func lines(_ sites: [ActivityTypeSite]) -> [String] {
    sites.map { "\($0.position) \($0.kind.rawValue) \($0.value) => \($0.resolved ?? "nil")" }
}

let parserAvailable = SwiftFactsExtractor.isAvailable
