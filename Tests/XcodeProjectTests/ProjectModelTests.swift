import Diagnostics
import Foundation
import TestSupport
import Testing
import BuildSettings
import PropertyList
@testable import XcodeProject

@Suite("Project model from project.pbxproj")
struct ProjectModelTests {
    static let pbxproj = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 77;
        \tobjects = {
        \t\tPROJ = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = GMAIN; projectDirPath = ""; targets = (TAPP, TEXT, TAGG, TLEG, ); packageReferences = (PKGLOCAL, PKGREMOTE, ); };
        \t\tGMAIN = {isa = PBXGroup; children = (GAPP, FABS, FSDK, FBUILT, FDEV, FXC, FTXC, FKIT, ); sourceTree = "<group>"; };
        \t\tGAPP = {isa = PBXGroup; children = (FMAIN, GSUB, GVIRT, FROOT, FMAC, ); path = App; sourceTree = "<group>"; };
        \t\tGSUB = {isa = PBXGroup; children = (FDEEP, ); path = Sub; sourceTree = "<group>"; };
        \t\tGVIRT = {isa = PBXGroup; children = (FVIRT, ); name = Virtual; sourceTree = "<group>"; };
        \t\tFMAIN = {isa = PBXFileReference; path = main.swift; sourceTree = "<group>"; };
        \t\tFDEEP = {isa = PBXFileReference; path = "../Sub/./Deep.swift"; sourceTree = "<group>"; };
        \t\tFVIRT = {isa = PBXFileReference; path = Virtual.swift; sourceTree = "<group>"; };
        \t\tFROOT = {isa = PBXFileReference; path = Shared/Root.swift; sourceTree = SOURCE_ROOT; };
        \t\tFMAC = {isa = PBXFileReference; path = MacOnly.swift; sourceTree = "<group>"; };
        \t\tFABS = {isa = PBXFileReference; path = /opt/lib/Abs.swift; sourceTree = "<absolute>"; };
        \t\tFSDK = {isa = PBXFileReference; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT; };
        \t\tFBUILT = {isa = PBXFileReference; path = libFoo.a; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tFDEV = {isa = PBXFileReference; path = Platforms/iPhoneOS.platform; sourceTree = DEVELOPER_DIR; };
        \t\tFXC = {isa = PBXFileReference; path = Config/Project.xcconfig; sourceTree = "<group>"; };
        \t\tFTXC = {isa = PBXFileReference; path = Config/App.xcconfig; sourceTree = "<group>"; };
        \t\tFKIT = {isa = PBXFileReference; lastKnownFileType = wrapper; path = Packages/FolderKit; sourceTree = "<group>"; };
        \t\tBMAIN = {isa = PBXBuildFile; fileRef = FMAIN; };
        \t\tBDEEP = {isa = PBXBuildFile; fileRef = FDEEP; };
        \t\tBVIRT = {isa = PBXBuildFile; fileRef = FVIRT; };
        \t\tBROOT = {isa = PBXBuildFile; fileRef = FROOT; platformFilters = (ios, macos, ); };
        \t\tBMAC = {isa = PBXBuildFile; fileRef = FMAC; platformFilter = macos; };
        \t\tBABS = {isa = PBXBuildFile; fileRef = FABS; };
        \t\tSRCAPP = {isa = PBXSourcesBuildPhase; files = (BMAIN, BDEEP, BVIRT, BROOT, BMAC, BABS, ); };
        \t\tTAPP = {isa = PBXNativeTarget; buildConfigurationList = TLIST; buildPhases = (SRCAPP, ); dependencies = (DEXT, DREMOTE, ); name = "Walk Mate"; packageProductDependencies = (PPKIT, PPREMOTE, PPFOLDER, ); productName = WalkMate; productType = "com.apple.product-type.application"; };
        \t\tTEXT = {isa = PBXNativeTarget; buildConfigurationList = ELIST; buildPhases = (); name = Widgets; productType = "com.apple.product-type.app-extension"; };
        \t\tTAGG = {isa = PBXAggregateTarget; buildConfigurationList = ELIST; name = Everything; };
        \t\tTLEG = {isa = PBXLegacyTarget; buildConfigurationList = ELIST; name = Make; };
        \t\tDEXT = {isa = PBXTargetDependency; target = TEXT; targetProxy = PROXY; };
        \t\tPROXY = {isa = PBXContainerItemProxy; proxyType = 1; remoteGlobalIDString = TEXT; remoteInfo = Widgets; };
        \t\tDREMOTE = {isa = PBXTargetDependency; name = OtherTool; targetProxy = PROXY2; };
        \t\tPROXY2 = {isa = PBXContainerItemProxy; proxyType = 1; remoteGlobalIDString = ELSEWHERE; remoteInfo = OtherTool; };
        \t\tPKGLOCAL = {isa = XCLocalSwiftPackageReference; relativePath = Packages/Kit; };
        \t\tPKGREMOTE = {isa = XCRemoteSwiftPackageReference; repositoryURL = "https://github.com/example/remote"; };
        \t\tPPKIT = {isa = XCSwiftPackageProductDependency; package = PKGLOCAL; productName = KitUI; };
        \t\tPPREMOTE = {isa = XCSwiftPackageProductDependency; package = PKGREMOTE; productName = Remote; };
        \t\tPPFOLDER = {isa = XCSwiftPackageProductDependency; productName = FolderKit; };
        \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (PDEBUG, PRELEASE, ); defaultConfigurationName = Release; };
        \t\tPDEBUG = {isa = XCBuildConfiguration; buildSettings = {FLAGS = "$(inherited) -project-debug"; }; name = Debug; };
        \t\tPRELEASE = {isa = XCBuildConfiguration; baseConfigurationReference = FXC; buildSettings = {
        \t\t\tFLAGS = "$(inherited) -project";
        \t\t\tPRODUCT_BUNDLE_IDENTIFIER = "$(BUNDLE_PREFIX).$(PRODUCT_NAME:rfc1034identifier)";
        \t\t\t"CODE_SIGN_IDENTITY[sdk=iphoneos*]" = "iPhone Distribution";
        \t\t\tOTHER_LDFLAGS = ("$(inherited)", "-framework", "Foo Bar", );
        \t\t}; name = Release; };
        \t\tTLIST = {isa = XCConfigurationList; buildConfigurations = (TDEBUG, TRELEASE, ); defaultConfigurationName = Release; };
        \t\tTDEBUG = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "$(TARGET_NAME)"; }; name = Debug; };
        \t\tTRELEASE = {isa = XCBuildConfiguration; baseConfigurationReference = FTXC; buildSettings = {
        \t\t\tFLAGS = "$(inherited) -target";
        \t\t\tINFOPLIST_FILE = "$(SRCROOT)/App/Info.plist";
        \t\t\tPRODUCT_NAME = "Walk Mate";
        \t\t}; name = Release; };
        \t\tELIST = {isa = XCConfigurationList; buildConfigurations = (EDEBUG, ); defaultConfigurationName = Debug; };
        \t\tEDEBUG = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
        \t};
        \trootObject = PROJ;
        }
        """

    static let files = [
        "Proj/Config/Project.xcconfig": "FLAGS = -project-xcconfig\nBUNDLE_PREFIX = com.example\n",
        "Proj/Config/App.xcconfig": "#include \"Shared.xcconfig\"\nFLAGS = $(inherited) -target-xcconfig\n",
        "Proj/Config/Shared.xcconfig": "BUNDLE_PREFIX = org.walkmate\n",
        "Proj/Packages/FolderKit/Package.swift": "// swift-tools-version: 5.9\n",
        "Proj/Packages/FolderKit/Sources/FolderKit/Kit.swift": "public struct Kit {}\n",
        "Proj/Packages/FolderKit/Tests/FolderKitTests/KitTests.swift": "\n",
    ]

    @Test func projectTargetsAndConfigurations() throws {
        let fixture = try ProjectFixture(Self.pbxproj, files: Self.files)
        let project = try fixture.read()
        #expect(project.diagnostics == [])
        #expect(project.path == "Proj/App.xcodeproj")
        #expect(project.directory == "Proj")
        #expect(project.sourceRoot == "Proj")
        #expect(project.name == "App")
        #expect(project.configurationNames == ["Debug", "Release"])
        #expect(project.defaultConfigurationName == "Release")
        #expect(project.targets.map(\.name) == ["Walk Mate", "Widgets", "Everything", "Make"])
        #expect(project.targets.map(\.kind) == [.native, .native, .aggregate, .legacy])
        #expect(project.targets.map(\.productType) == [
            "com.apple.product-type.application", "com.apple.product-type.app-extension", nil, nil,
        ])
        #expect(project.targets.map(\.isApplicationOrExtension) == [true, true, false, false])
        let app = try #require(project.target(named: "Walk Mate"))
        #expect(app.productName == "WalkMate")
        #expect(app.location == fixture.location(of: "TAPP = "))
        #expect(app.buildConfigurations.configurations.map(\.name) == ["Debug", "Release"])
        #expect(app.buildConfigurations["Release"]?.baseConfiguration == .repository("Proj/Config/App.xcconfig"))
        #expect(app.buildConfigurations["Release"]?.settings.map(\.name) == ["FLAGS", "INFOPLIST_FILE", "PRODUCT_NAME"])
        #expect(app.buildConfigurations["Release"]?.settings.first?.origin
            == BuildSettingOrigin(.target, at: fixture.location(of: "FLAGS = \"$(inherited) -target\"")))
        #expect(app.dependencies == [
            TargetDependency(targetID: "TEXT", name: "Widgets", productName: nil),
            TargetDependency(targetID: nil, name: "OtherTool", productName: nil),
        ])
        #expect(app.packageProducts == [
            PackageProductDependency(productName: "KitUI", package: .local(.repository("Proj/Packages/Kit"))),
            PackageProductDependency(productName: "Remote", package: .remote("https://github.com/example/remote")),
            PackageProductDependency(productName: "FolderKit", package: nil),
        ])
    }

    @Test func fileReferencesResolvePerSourceTree() throws {
        let fixture = try ProjectFixture(Self.pbxproj, files: Self.files)
        defer { withExtendedLifetime(fixture) {} }   // the folder lives until the files are listed
        let project = try fixture.read()
        let app = try #require(project.target(named: "Walk Mate"))
        #expect(app.sourceFiles == [
            .repository("Proj/App/main.swift"),          // <group> under App
            .repository("Proj/App/Sub/Deep.swift"),      // <group> under App/Sub: `../Sub/./` standardized
            .repository("Proj/App/Virtual.swift"),       // a group with a name but no path adds nothing
            .repository("Proj/Shared/Root.swift"),       // SOURCE_ROOT: the project folder, whatever the group
            .repository("Proj/App/MacOnly.swift"),
            .absolute("/opt/lib/Abs.swift"),             // <absolute>
        ])
        #expect(app.sourceFilePlatformFilters == [.repository("Proj/Shared/Root.swift"): ["ios", "macos"],
                                                   .repository("Proj/App/MacOnly.swift"): ["macos"]])
        // For iOS the macOS-only file is left out.
        #expect(project.swiftFiles(of: app) == [
            "Proj/App/main.swift", "Proj/App/Sub/Deep.swift", "Proj/App/Virtual.swift", "Proj/Shared/Root.swift", "/opt/lib/Abs.swift",
        ])
        #expect(project.swiftFiles(of: app, platform: "macos").contains("Proj/App/MacOnly.swift"))
        #expect(project.localPackages == [
            LocalSwiftPackage(path: .repository("Proj/Packages/Kit"), isPackageReference: true),
            LocalSwiftPackage(path: .repository("Proj/Packages/FolderKit"), isPackageReference: false),
        ])
        #expect(project.linkedLocalPackages(of: app).map(\.path) == [.repository("Proj/Packages/Kit"), .repository("Proj/Packages/FolderKit")])
        let folderKit = project.localPackages[1]
        #expect(project.swiftFiles(of: folderKit) == ["Proj/Packages/FolderKit/Sources/FolderKit/Kit.swift"])
    }

    @Test(arguments: [
        ("FSDK", "$(SDKROOT)/System/Library/Frameworks/UIKit.framework"),
        ("FBUILT", "$(BUILT_PRODUCTS_DIR)/libFoo.a"),
        ("FDEV", "$(DEVELOPER_DIR)/Platforms/iPhoneOS.platform"),
    ])
    func buildTimeFoldersAreNotRepositoryPaths(id: String, shown: String) throws {
        let fixture = try ProjectFixture(Self.pbxproj, files: Self.files)
        let document = try PropertyListReader(options: .init(recordLocations: true))
            .read(Data(Self.pbxproj.utf8), file: "project.pbxproj")
        var builder = XcodeProjectBuilder(document: document, projectPath: fixture.projectPath, files: ProjectFiles(root: fixture.folder.root))
        _ = try builder.build()
        let object = try #require(PBXObjectGraph(document: document, file: "project.pbxproj").object(id))
        let resolved = builder.path(of: object)
        let path = try #require(resolved)
        #expect(path.description == shown)
        #expect(path.filePath == nil)
    }
}
