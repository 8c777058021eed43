import Diagnostics
import Foundation
import TestSupport
import Testing
import BuildSettings
import PropertyList
@testable import XcodeProject

/// Every `project.pbxproj` of `../shared/corpus/apps` reads into a project: no read error, no dangling
/// reference or cycle (these are real, working projects), every target has configurations.
@Suite("Real projects: every pbxproj reads", .enabled(if: SharedCorpus.appsArePresent, "../shared/corpus/apps is not beside the checkout"))
struct CorpusProjectReadingTests {
    static let projects: [String] = {
        guard SharedCorpus.appsArePresent,
              let enumerator = FileManager.default.enumerator(atPath: SharedCorpus.apps.path) else { return [] }
        var found: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".xcodeproj/project.pbxproj") { found.append(String(path.dropLast("/project.pbxproj".count))) }
        }
        return found.sorted()
    }()

    @Test func theCorpusHasItsProjects() {
        #expect(Self.projects.count == 84)  // 56 apps (the corpus grew from 37: see its README)
        // The project search finds the same ones.
        #expect(ProjectFiles(root: SharedCorpus.apps.path).projects() == Self.projects)
        #expect(ProjectFiles(root: SharedCorpus.apps.path + "/Pyto").projects() == [
            "Extensions/Dependencies/libssh2/libssh2/libssh2.xcodeproj", "Interface Builder/PytoUI Interface Builder.xcodeproj",
            "OpenSSL/openssl-stub/openssl-stub.xcodeproj", "Python App/Python App.xcodeproj", "Pyto.xcodeproj",
            "python3_ios/Python3_ios/Python3_ios.xcodeproj", "python3_ios/Python3_ios/libffi-3.4.2/libffi.xcodeproj",
        ])
    }

    @Test func theProjectSearchSkipsDependenciesHiddenFoldersAndBundles() throws {
        let folder = try FixtureTree(purpose: "XcodeProjectTests")
        for path in ["App.xcodeproj", "Sub/Lib.xcodeproj", "Pods/Pods.xcodeproj", "Carthage/Checkouts/X/X.xcodeproj",
                     ".hidden/H.xcodeproj", "node_modules/m/M.xcodeproj", "App.xcodeproj/Inner.xcodeproj",
                     "W.xcworkspace/Nested.xcodeproj"] {
            try folder.write("{}", to: path + "/project.pbxproj")
        }
        try folder.write("", to: "Empty.xcodeproj/xcuserdata/x")
        #expect(ProjectFiles(root: folder.root).projects() == ["App.xcodeproj", "Sub/Lib.xcodeproj"])
    }

    @Test(arguments: projects)
    func readsWithoutError(project path: String) throws {
        let project = try XcodeProjectReader(files: ProjectFiles(root: SharedCorpus.apps.path)).read(path)
        #expect(project.diagnostics == [])
        #expect(!project.targets.isEmpty)
        #expect(!project.configurationNames.isEmpty)
        for target in project.targets {
            #expect(!target.buildConfigurations.configurations.isEmpty, "\(target.name)")
            let settings = project.buildSettings(for: target)
            #expect(settings.resolved["TARGET_NAME"] == target.name)
        }
    }
}
