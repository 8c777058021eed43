import Diagnostics
import Testing
import BuildSettings
import PropertyList
@testable import XcodeProject

@Suite("Xcode 16 synchronized folders")
struct SynchronizedFolderTests {
    static let pbxproj = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tPROJ = {isa = PBXProject; mainGroup = GMAIN; targets = (TAPP, TWIDGET, ); };
        \t\tGMAIN = {isa = PBXGroup; children = (GSRC, ); sourceTree = "<group>"; };
        \t\tGSRC = {isa = PBXGroup; children = (SAPP, SSHARED, SCONFIG, ); path = Sources; sourceTree = "<group>"; };
        \t\tSAPP = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (XAPP, XPHASE, ); explicitFolders = (Resources/Bundled, ); path = App; sourceTree = "<group>"; };
        \t\tSSHARED = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (XWIDGET, ); path = Shared; sourceTree = "<group>"; };
        \t\tSCONFIG = {isa = PBXFileSystemSynchronizedRootGroup; path = Config; sourceTree = "<group>"; };
        \t\tXAPP = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist, Legacy, "Old/Gone.swift", ); platformFiltersByRelativePath = {"Mac/MacView.swift" = (macos, ); "Both.swift" = (ios, macos, ); }; target = TAPP; };
        \t\tXPHASE = {isa = PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet; buildPhase = SRCAPP; membershipExceptions = (Generated.swift, ); };
        \t\tXWIDGET = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Model.swift, ); target = TWIDGET; };
        \t\tSRCAPP = {isa = PBXSourcesBuildPhase; files = (); };
        \t\tTAPP = {isa = PBXNativeTarget; buildConfigurationList = ALIST; buildPhases = (SRCAPP, ); fileSystemSynchronizedGroups = (SAPP, SSHARED, ); name = App; productType = "com.apple.product-type.application"; };
        \t\tTWIDGET = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (); name = Widget; productType = "com.apple.product-type.app-extension"; };
        \t\tALIST = {isa = XCConfigurationList; buildConfigurations = (ARELEASE, ); defaultConfigurationName = Release; };
        \t\tARELEASE = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = SCONFIG; baseConfigurationReferenceRelativePath = App.xcconfig; buildSettings = {}; name = Release; };
        \t};
        \trootObject = PROJ;
        }
        """

    static let files: [String: String] = [
        "Proj/Sources/App/AppMain.swift": "",
        "Proj/Sources/App/Both.swift": "",
        "Proj/Sources/App/Info.plist": "",
        "Proj/Sources/App/Generated.swift": "",
        "Proj/Sources/App/Legacy/OldView.swift": "",
        "Proj/Sources/App/Legacy/Deeper/Older.swift": "",
        "Proj/Sources/App/LegacyNot/Kept.swift": "",
        "Proj/Sources/App/Mac/MacView.swift": "",
        "Proj/Sources/App/Resources/Bundled/Script.swift": "",
        "Proj/Sources/App/Resources/Media.xcassets/Contents.swift": "",
        "Proj/Sources/App/Docs.docc/Example.swift": "",
        "Proj/Sources/App/.hidden/Secret.swift": "",
        "Proj/Sources/App/Notes.md": "",
        "Proj/Sources/Shared/Model.swift": "",
        "Proj/Sources/Shared/Store.swift": "",
        "Proj/Sources/Config/App.xcconfig": "PRODUCT_BUNDLE_IDENTIFIER = com.example.synced\n",
    ]

    @Test func folderFilesMinusExceptions() throws {
        let fixture = try ProjectFixture(Self.pbxproj, files: Self.files)
        defer { withExtendedLifetime(fixture) {} }
        let project = try fixture.read()
        #expect(project.diagnostics == [])
        let app = try #require(project.target(named: "App"))
        #expect(app.synchronizedFolders.map(\.path) == [.repository("Proj/Sources/App"), .repository("Proj/Sources/Shared")])
        #expect(app.synchronizedFolders.first?.excluded == ["Info.plist", "Legacy", "Old/Gone.swift", "Generated.swift"])
        #expect(project.sourceFiles(of: app).map(\.description) == [
            "Proj/Sources/App/AppMain.swift",
            "Proj/Sources/App/Both.swift",              // filtered to iOS and macOS: kept for iOS
            "Proj/Sources/App/LegacyNot/Kept.swift",    // `Legacy` excludes that folder, not a prefix of a name
            "Proj/Sources/App/Notes.md",
            "Proj/Sources/Shared/Model.swift",          // the exception set names the widget, not the app
            "Proj/Sources/Shared/Store.swift",
        ])
        #expect(project.swiftFiles(of: app, platform: "macos").contains("Proj/Sources/App/Mac/MacView.swift"))
    }

    @Test func anExceptionSetAddsFilesToATargetThatDoesNotListTheFolder() throws {
        let fixture = try ProjectFixture(Self.pbxproj, files: Self.files)
        defer { withExtendedLifetime(fixture) {} }
        let project = try fixture.read()
        let widget = try #require(project.target(named: "Widget"))
        #expect(widget.synchronizedFolders == [])
        #expect(widget.synchronizedExtraFiles == [.repository("Proj/Sources/Shared/Model.swift")])
        #expect(project.swiftFiles(of: widget) == ["Proj/Sources/Shared/Model.swift"])
    }

    @Test func anXcconfigInsideASynchronizedFolder() throws {
        let fixture = try ProjectFixture(Self.pbxproj, files: Self.files)
        let project = try fixture.read()
        let app = try #require(project.target(named: "App"))
        #expect(app.buildConfigurations["Release"]?.baseConfiguration == .repository("Proj/Sources/Config/App.xcconfig"))
        let settings = project.buildSettings(for: app, configuration: "Release")
        #expect(settings.diagnostics == [])
        #expect(settings.resolved["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.synced")
        #expect(settings.resolved.settings["PRODUCT_BUNDLE_IDENTIFIER"]?.origin
            == BuildSettingOrigin(.targetXcconfig, at: Diagnostics.SourceLocation(file: "Proj/Sources/Config/App.xcconfig", line: 1, column: 1)))
    }
}
