import Diagnostics
import Foundation
import BuildSettings
import PropertyList
import TestSupport
@testable import XcodeProject

/// A project written into a temporary folder: `project.pbxproj` text plus any other files, read back with
/// the real reader. `location(of:)` finds where a token stands in the pbxproj, for exact diagnostics.
struct ProjectFixture {
    let folder: FixtureTree
    let projectPath: String
    let pbxproj: String

    init(_ pbxproj: String, at projectPath: String = "Proj/App.xcodeproj", files: [String: String] = [:]) throws {
        folder = try FixtureTree(files.merging([projectPath + "/project.pbxproj": pbxproj]) { file, _ in file }, purpose: "XcodeProjectTests")
        self.projectPath = projectPath
        self.pbxproj = pbxproj
    }

    func read() throws -> XcodeProject {
        try XcodeProjectReader(files: ProjectFiles(root: folder.root)).read(projectPath)
    }

    /// The line and column where the `occurrence`-th (1-based) `token` starts in the pbxproj.
    func location(of token: String, occurrence: Int = 1) -> SourceLocation {
        var seen = 0
        for (index, line) in pbxproj.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let range = rest.range(of: token) {
                seen += 1
                if seen == occurrence {
                    return SourceLocation(file: projectPath + "/project.pbxproj", line: index + 1,
                                          column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
                }
                rest = rest[range.upperBound...]
            }
        }
        return SourceLocation(file: "not found: \(token)", line: 0, column: 0)
    }
}
