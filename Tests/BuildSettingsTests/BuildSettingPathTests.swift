import Foundation
import Testing
@testable import BuildSettings

/// Path text operations: `standardized` with and without its fast path for paths already standard, and the
/// walks of a folder (symbolic links not followed, hidden entries skipped).
@Suite("Build setting paths and folder walks")
struct BuildSettingPathTests {
    @Test(arguments: [
        ("a/b/c.swift", "a/b/c.swift"), ("/a/b", "/a/b"), ("/", "/"), (".", "."), ("", ""),
        ("a//b", "a/b"), ("a/./b", "a/b"), ("./a", "a"), ("a/", "a"), ("a/b/..", "a"), ("../a", "../a"),
        ("/../a", "/a"), ("a/..", "."), ("...", "..."), ("a/.../b", "a/.../b"), ("..a/b.", "..a/b."), ("a/.", "a"),
        ("//", "/"), ("a/b/../../..", ".."), (".hidden/x", ".hidden/x"),
    ])
    func standardized(_ path: String, _ expected: String) {
        #expect(BuildSettingPath.standardized(path) == expected)
        #expect(BuildSettingPath.standardized(expected) == expected)
    }

    @Test func walksListEntriesWithoutFollowingLinks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        for folder in ["App/Sources", "App/.git", "Pods/X", "App/App.xcodeproj"] {
            try manager.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        for file in ["App/Sources/A.swift", "App/.git/config", "App/.hidden.swift", "Pods/X/P.swift", "App/App.xcodeproj/project.pbxproj"] {
            #expect(manager.createFile(atPath: "\(root)/\(file)", contents: Data("x".utf8)))
        }
        try manager.createSymbolicLink(atPath: "\(root)/App/Loop", withDestinationPath: "\(root)/App")
        try manager.createSymbolicLink(atPath: "\(root)/App/Link.swift", withDestinationPath: "\(root)/App/Sources/A.swift")
        let files = ProjectFiles(root: root)
        #expect(files.files(under: "App") == ["App/App.xcodeproj/project.pbxproj", "App/Sources/A.swift"])
        #expect(files.files(under: "./App/") == files.files(under: "App"))
        var seen: [String] = []
        files.searchEntries(under: ".") { shown, _, isFolder in seen.append(shown + (isFolder ? "/" : "")) }
        #expect(seen.sorted() == ["App/", "App/App.xcodeproj/", "App/Link.swift", "App/Sources/", "App/Sources/A.swift"])
    }
}
