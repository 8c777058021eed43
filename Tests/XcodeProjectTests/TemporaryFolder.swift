import Foundation

/// A fresh folder under the system's temporary directory with files written into it; removed on deinit.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("XcodeProjectTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `relative` (creating folders), returning the relative path.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return relative
    }
}

/// `../shared/corpus/apps` beside the package root, when it is there.
enum SharedCorpus {
    static let apps = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/apps").path

    static let isPresent = FileManager.default.fileExists(atPath: apps + "/MANIFEST.tsv")
}
