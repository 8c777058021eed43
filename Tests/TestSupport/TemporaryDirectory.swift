import Foundation

/// A fresh, empty directory under the system's temporary folder for one test's files, removed with
/// everything in it when the last reference goes (so a test cannot forget to clean up).
package final class TemporaryDirectory: @unchecked Sendable {
    package let url: URL

    /// `purpose` starts the directory's name, so a leftover one says which tests made it.
    package init(_ purpose: String = "activity-bridge-tests") throws {
        url = try Self.create(purpose)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the directory (the file need not exist).
    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `contents` to `name` inside the directory and returns its URL.
    @discardableResult
    package func write(_ contents: Data, to name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try contents.write(to: file)
        return file
    }

    /// The names of the files in the directory, sorted (to check that a failed operation left nothing).
    package func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// A fresh directory that the caller removes (`defer { try? FileManager.default.removeItem(at:) }`),
    /// for tests and fixtures whose lifetime is not one object's; `files` (name → contents) are written into it.
    package static func create(_ purpose: String = "activity-bridge-tests", with files: [String: Data] = [:]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(purpose)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, contents) in files { try contents.write(to: url.appendingPathComponent(name)) }
        return url
    }
}
