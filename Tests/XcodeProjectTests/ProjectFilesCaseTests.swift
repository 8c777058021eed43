import BuildSettings
import Foundation
import Testing
import TestSupport

/// Paths a project writes in another case than the repository's folders: Xcode, on macOS's case-insensitive
/// file system, finds them; so must the audit on Linux, or it reports a missing Info.plist the app has.
@Suite("Project paths found as macOS finds them")
struct ProjectFilesCaseTests {
    @Test func aPathInAnotherCaseIsReadFromTheOneEntryThatMatches() throws {
        let folder = try FixtureTree(purpose: "XcodeProjectTests")
        try folder.write("<plist/>", to: "Foqos/Info.plist")
        let files = ProjectFiles(root: folder.root)
        #expect(files.contents(of: "foqos/Info.plist") == Data("<plist/>".utf8))
        #expect(files.contents(of: "FOQOS/INFO.PLIST") == Data("<plist/>".utf8))
        // Nothing of that name in any case: still missing, as written.
        #expect(files.contents(of: "foqos/Other.plist") == nil)
    }

    @Test func twoEntriesThatDifferOnlyInCaseAreNoMatch() throws {
        let folder = try FixtureTree(purpose: "XcodeProjectTests")
        try folder.write("a", to: "App/Info.plist")
        try folder.write("b", to: "APP/Info.plist")
        #expect(ProjectFiles(root: folder.root).contents(of: "app/Info.plist") == nil)
    }
}
