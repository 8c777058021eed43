import Diagnostics
import Foundation
import TestSupport
import Testing
import BuildSettings
import PropertyList
@testable import XcodeProject

/// Files of a repository that must not be read as they are (issue 12): `ProjectFiles` refuses a FIFO (it
/// used to block the read for ever), a device (`/dev/zero` never ends), a directory and a file above the
/// limit, saying why; xcconfig includes and base configurations give that reason at their place.
@Suite("project files: hostile inputs")
struct HostileProjectFilesTests {
    @Test("a FIFO, a link to /dev/zero, a directory, a dangling link and a huge sparse file are refused, with reasons")
    func refusals() throws {
        let folder = try FixtureTree(purpose: "XcodeProjectTests")
        let files = ProjectFiles(root: folder.root)
        #expect(mkfifo(folder.root + "/Pipe.xcconfig", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.root + "/Zero.xcconfig", withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(atPath: folder.root + "/Folder.xcconfig", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.root + "/Dangling.xcconfig", withDestinationPath: "Gone.xcconfig")
        try FileManager.default.createSymbolicLink(atPath: folder.root + "/Loop.xcconfig", withDestinationPath: "Loop.xcconfig")
        #expect(FileManager.default.createFile(atPath: folder.root + "/Huge.xcconfig", contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.root + "/Huge.xcconfig"))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        try folder.write("A = 1\n", to: "Good.xcconfig")

        let started = Date()
        let reasons = ["Pipe", "Zero", "Folder", "Dangling", "Loop", "Huge"].map { "\($0): \(files.unreadableReason("\($0).xcconfig"))" }
        #expect(reasons == [
            "Pipe: not a regular file (a FIFO)", "Zero: not a regular file (a device)", "Folder: is a directory",
            "Dangling: no such file", "Loop: too many levels of symbolic links",
            "Huge: is 1073741824 bytes, above the 256 MiB limit for a property list",
        ])
        #expect(files.contents(of: "Pipe.xcconfig") == nil)
        #expect(files.contents(of: "Good.xcconfig") == Data("A = 1\n".utf8))
        #expect("\(files.unreadableReason("Good.xcconfig"))" == "cannot be read")
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test("an #include or #include? of a FIFO is a warning with the reason at the include; a missing #include? is not")
    func includeOfFIFO() throws {
        let folder = try FixtureTree(purpose: "XcodeProjectTests")
        try folder.write("#include \"Local.xcconfig\"\n#include? \"Local.xcconfig\"\n#include? \"Absent.xcconfig\"\nB = 2\n", to: "Config/Base.xcconfig")
        #expect(mkfifo(folder.root + "/Config/Local.xcconfig", 0o600) == 0)
        let file = try #require(XCConfigReader(files: ProjectFiles(root: folder.root)).read("Config/Base.xcconfig", level: .projectXcconfig))
        let message = "cannot read included file 'Local.xcconfig' (Config/Local.xcconfig): not a regular file (a FIFO)"
        #expect(file.diagnostics.map(\.description) == [
            "Config/Base.xcconfig:1:1: warning: \(message) [xcconfig-include-missing]",
            "Config/Base.xcconfig:2:1: warning: \(message) [xcconfig-include-missing]",
        ])
        #expect(file.assignments.map(\.name) == ["B"])
    }
}
