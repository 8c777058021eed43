import Diagnostics
import Foundation
import BuildSettings
import PropertyList
import TestSupport
@testable import XcodeProject

/// XcodeGen specs written into a temporary folder and read back with the real reader.
struct SpecFixture {
    let folder: FixtureTree
    let files: [String: String]

    init(_ files: [String: String]) throws {
        folder = try FixtureTree(files, purpose: "XcodeProjectTests")
        self.files = files
    }

    func read(_ spec: String = "project.yml") throws -> XcodeProject {
        try XcodeGenSpecReader(files: ProjectFiles(root: folder.root)).read(spec)
    }

    func readError(_ spec: String = "project.yml") -> XcodeProjectReadError? {
        do {
            _ = try XcodeGenSpecReader(files: ProjectFiles(root: folder.root)).read(spec)
            return nil
        } catch {
            return error
        }
    }

    /// Where the `occurrence`-th `token` starts in `file`.
    func location(of token: String, in file: String = "project.yml", occurrence: Int = 1) -> SourceLocation {
        var seen = 0
        for (index, line) in (files[file] ?? "").split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let range = rest.range(of: token) {
                seen += 1
                if seen == occurrence {
                    return SourceLocation(file: file, line: index + 1, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
                }
                rest = rest[range.upperBound...]
            }
        }
        return SourceLocation(file: "not found: \(token)", line: 0, column: 0)
    }
}
