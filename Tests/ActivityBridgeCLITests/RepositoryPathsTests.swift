import Foundation
import Testing
@testable import ActivityBridgeCLI
import TestSupport

/// The paths `--format github` gives the runner: relative to the repository root above the base folder.
@Suite("repository-relative paths")
struct RepositoryPathsTests {
    @Test func pathsUnderTheRepositoryAreRelativeToItsRoot() throws {
        let directory = try TemporaryDirectory("activity-bridge-repository-paths")
        let root = directory.url.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("ios/App"), withIntermediateDirectories: true)
        // A worktree's .git is a file: it counts as much as a folder.
        try Data("gitdir: /elsewhere\n".utf8).write(to: root.appendingPathComponent(".git"))
        let paths = RepositoryPaths(base: root.appendingPathComponent("ios").path)
        #expect(paths.root == (root.path as NSString).standardizingPath)
        #expect(paths.path("App/Info.plist") == "ios/App/Info.plist")
        #expect(paths.path("./App/../App/Info.plist") == "ios/App/Info.plist")
        #expect(paths.path("../README.md") == "README.md")
        #expect(paths.path(root.appendingPathComponent("ios/App/x.swift").path) == "ios/App/x.swift")
        #expect(paths.path("../../outside.plist") == "../../outside.plist", "outside the repository: as shown")
        #expect(paths.path("/etc/hosts") == "/etc/hosts")
        #expect(paths.path("<stdin>") == "<stdin>")
        #expect(paths.path("") == "")
    }

    @Test func withoutARepositoryPathsStayAsShown() throws {
        let directory = try TemporaryDirectory("activity-bridge-repository-paths")
        try #require(RepositoryPaths.repositoryRoot(above: directory.url.path) == nil, "a .git above the temporary folder")
        let paths = RepositoryPaths(base: directory.url.path)
        #expect(paths.root == nil)
        #expect(paths.path("App/Info.plist") == "App/Info.plist")
    }
}
