import Diagnostics
import Foundation
import Testing
import BuildSettings
import TestSupport
import XcodeProject

/// `WorkspaceReader`: a workspace's `contents.xcworkspacedata` read with libxml2, the projects it lists as
/// repository paths (`group:` relative to the enclosing groups, `container:` to the workspace's folder, `self:`),
/// and a malformed one a located reason.
@Suite("Workspaces")
struct WorkspaceReaderTests {
    static let nested = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Workspace
           version = "1.0">
           <FileRef
              location = "group:App/App.xcodeproj">
           </FileRef>
           <Group
              location = "container:Modules"
              name = "Modules">
              1️⃣<FileRef
                 location = "group:Kit/Kit.xcodeproj">
              </FileRef>
              <Group location = "group:Deeper" name = "Deeper">
                 <FileRef location = "group:../Other.xcodeproj"></FileRef>
              </Group>
           </Group>
           <FileRef location = "container:.hidden/Tool.xcodeproj"></FileRef>
           <FileRef location = "group:README.md"></FileRef>
           <FileRef location = "developer:Platforms/Some.xcodeproj"></FileRef>
           <FileRef location = "group:App/App.xcodeproj"></FileRef>
        </Workspace>
        """

    @Test func projectsOfNestedGroups() throws {
        let tree = try FixtureTree(["Repo/All.xcworkspace/contents.xcworkspacedata": Self.nested])
        let reader = WorkspaceReader(files: ProjectFiles(root: tree.root))
        #expect(reader.workspaces() == ["Repo/All.xcworkspace"])
        let workspace = try reader.read("Repo/All.xcworkspace").get()
        #expect(workspace.projects == ["Repo/App/App.xcodeproj", "Repo/Modules/Kit/Kit.xcodeproj", "Repo/Modules/Other.xcodeproj",
                                       "Repo/.hidden/Tool.xcodeproj"])
        #expect(workspace.locations["Repo/Modules/Kit/Kit.xcodeproj"] == tree.location(in: "Repo/All.xcworkspace/contents.xcworkspacedata"))
    }

    @Test func anEmbeddedWorkspaceNamesItsOwnProject() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace version = \"1.0\">\n   <FileRef location = \"self:\">\n   </FileRef>\n</Workspace>\n"
        let workspace = try WorkspaceReader.parse(Data(xml.utf8), path: "App.xcodeproj/project.xcworkspace").get()
        #expect(workspace.projects == ["App.xcodeproj"])
    }

    @Test func aMalformedWorkspaceIsALocatedReason() throws {
        let tree = try FixtureTree(["W.xcworkspace/contents.xcworkspacedata": "<?xml version=\"1.0\"?>\n<Workspace>\n  <FileRef location = \"group:A.xcodeproj\">\n1️⃣</Workspace>\n"])
        let result = WorkspaceReader(files: ProjectFiles(root: tree.root)).read("W.xcworkspace")
        guard case let .failure(error) = result else { Issue.record("read: \(result)"); return }
        #expect(error.location == tree.location(in: "W.xcworkspace/contents.xcworkspacedata"))
        #expect(error.reason.hasPrefix("workspace cannot be read: malformed XML"))
        #expect(error.reason.hasSuffix("its projects are not looked for"))
        for (text, reason) in [("<plist/>", "not a workspace: the root element is <plist>, not <Workspace>; its projects are not looked for"),
                               ("", "workspace cannot be read: empty workspace file; its projects are not looked for")] {
            guard case let .failure(error) = WorkspaceReader.parse(Data(text.utf8), path: "W.xcworkspace") else { Issue.record("\(text)"); continue }
            #expect(error.reason == reason)
        }
        let entity = "<?xml version=\"1.0\"?>\n<!DOCTYPE w [<!ENTITY x \"y\">]>\n<Workspace/>\n"
        guard case let .failure(refused) = WorkspaceReader.parse(Data(entity.utf8), path: "W.xcworkspace") else { Issue.record("DOCTYPE read"); return }
        #expect(refused.reason.contains("a DOCTYPE"))
    }
}
