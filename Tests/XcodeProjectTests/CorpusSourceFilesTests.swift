import Foundation
import TestSupport
import Testing
import BuildSettings
@testable import XcodeProject

/// The Swift files of one target of each Xcode 16 synchronized-folder project, established by listing the
/// folders on disk and applying the project's exception sets by hand (noted by each entry).
@Suite("Real projects: Swift files of synchronized folders", .enabled(if: SharedCorpus.appsArePresent, "../shared/corpus/apps is not beside the checkout"))
struct CorpusSourceFilesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var app: String
        var project: String
        var target: String
        var count: Int
        var includes: [String]
        var excludes: [String]
        var testDescription: String { "\(app) \(target)" }
    }

    static let cases: [Case] = [
        // App/ (13 .swift); the exception set only removes the Info.plist.
        Case(app: "Hackers", project: "Hackers.xcodeproj", target: "Hackers", count: 13,
             includes: ["App/AppDelegate.swift", "App/ContentView.swift"], excludes: []),
        // Shared (60) + Harbour (123), minus ContentView+ViewForMacOS.swift (platform filter: macos only).
        Case(app: "Harbour", project: "Harbour.xcodeproj", target: "Harbour", count: 182,
             includes: ["Harbour/UI/Views/ContentView/Components/ContentView+ViewForIOS.swift", "Shared/Types/KeyValueEntry.swift"],
             excludes: ["Harbour/UI/Views/ContentView/Components/ContentView+ViewForMacOS.swift"]),
        // HarbourWidgets (14) + Shared (60) minus the 8 Swift files of the widget's exception set.
        Case(app: "Harbour", project: "Harbour.xcodeproj", target: "HarbourWidgets", count: 66,
             includes: ["HarbourWidgets/HarbourWidgetsBundle.swift", "Shared/Controllers/Preferences/Preferences.swift"],
             excludes: ["Shared/Types/KeyValueEntry.swift", "Shared/UI/View Components/DelayedView.swift",
                        "Shared/Helpers/Spotlight/SpotlightHelper+Stacks.swift"]),
        // Its own folder (2) + the 96 Swift files an exception set on Shared (a folder it does not list) adds.
        Case(app: "SolarLens", project: "SolarLens.xcodeproj", target: "Solar Lens iOS WidgetsExtension", count: 98,
             includes: ["Shared/Components/MiniDonut.swift", "Shared/Extensions/DateExtensions.swift"], excludes: []),
        // 15 Sources-phase files + VisionWidget/VisionWidgetBundle.swift.
        Case(app: "Chinendar", project: "Chinendar.xcodeproj", target: "Vision Widget Extension", count: 16,
             includes: ["VisionWidget/VisionWidgetBundle.swift"], excludes: []),
        // IceCubesAppIntents (10, minus ListEntity.swift excluded for the app) + IceCubesApp (36).
        Case(app: "IceCubesApp", project: "IceCubesApp.xcodeproj", target: "IceCubesApp", count: 45,
             includes: ["IceCubesAppIntents/AppShortcuts.swift", "IceCubesAppIntents/AppAccountEntity.swift"],
             excludes: ["IceCubesAppIntents/ListEntity.swift"]),
        // Its folder (14) + three entity files an exception set on IceCubesAppIntents adds to it.
        Case(app: "IceCubesApp", project: "IceCubesApp.xcodeproj", target: "IceCubesAppWidgetsExtensionExtension", count: 17,
             includes: ["IceCubesAppIntents/ListEntity.swift", "IceCubesAppIntents/TimelineFilterEntity.swift"],
             excludes: ["IceCubesAppIntents/AppShortcuts.swift"]),
        // AltStore (123) + three Shared files and 16 files of the SideStore folder (folders it does not list)
        // that exception sets naming it add.
        Case(app: "SideStore", project: "AltStore.xcodeproj", target: "SideStore", count: 142,
             includes: ["Shared/Errors/ALTLocalizedError.swift", "AltStore/Intents/App Intents/RefreshAllAppsWidgetIntent.swift",
                        "SideStore/MinimuxerWrapper.swift", "SideStore/Views/UIKit/CollapsingMarkdownView.swift"],
             excludes: ["Shared/Extensions/Bundle+AltStore.swift", "SideStore/Utils/datastructures/SingletonGenericMap.swift"]),
        // AltWidget (14) + RefreshAllAppsWidgetIntent.swift from AltStore + two files of the SideStore folder.
        Case(app: "SideStore", project: "AltStore.xcodeproj", target: "AltWidgetExtension", count: 17,
             includes: ["AltStore/Intents/App Intents/RefreshAllAppsWidgetIntent.swift",
                        "SideStore/Utils/datastructures/SingletonGenericMap.swift", "SideStore/Utils/pagination/PaginationDataHolder.swift"],
             excludes: ["SideStore/MinimuxerWrapper.swift"]),
        // Four Sources-phase files found through the group tree, then the DcWidget folder's three.
        Case(app: "deltachat-ios", project: "deltachat-ios.xcodeproj", target: "DcWidget", count: 7, includes: [], excludes: []),
        // Database, Network (minus NCConnectionController.swift), Notifications (minus NCNotificationController.swift),
        // Security, TalkIntents (minus OpenWithAccountIntent.swift): 29; + 35 files other folders' exception sets add;
        // + NextcloudTalk/RLMSupport.swift of its Sources phase.
        Case(app: "talk-ios", project: "NextcloudTalk.xcodeproj", target: "TalkIntents", count: 65,
             includes: ["NextcloudTalk/RLMSupport.swift", "NextcloudTalk/Chat/NCChatMessage.swift", "NextcloudTalk/WebRTC/TurnServer.swift"],
             excludes: ["NextcloudTalk/Network/NCConnectionController.swift", "TalkIntents/OpenWithAccountIntent.swift",
                        "NextcloudTalk/Notifications/NCNotificationController.swift"]),
    ]

    @Test(arguments: cases)
    func swiftFiles(_ expected: Case) throws {
        let root = SharedCorpus.apps.path + "/" + expected.app
        let project = try XcodeProjectReader(files: ProjectFiles(root: root)).read(expected.project)
        let target = try #require(project.target(named: expected.target))
        let files = project.swiftFiles(of: target)
        #expect(files.count == expected.count)
        #expect(Set(files).count == files.count)
        for file in expected.includes { #expect(files.contains(file), "\(file)") }
        for file in expected.excludes { #expect(!files.contains(file), "\(file)") }
        // Every path resolved through groups and folders names a real file.
        for file in files { #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(file)") }
    }

    @Test func deltaChatWidgetFilesInOrder() throws {
        let project = try XcodeProjectReader(files: ProjectFiles(root: SharedCorpus.apps.path + "/deltachat-ios")).read("deltachat-ios.xcodeproj")
        let target = try #require(project.target(named: "DcWidget"))
        #expect(project.swiftFiles(of: target) == [
            "deltachat-ios/Model/WidgetEntry.swift", "deltachat-ios/Extensions/UIImage+Extension.swift",
            "deltachat-ios/Extensions/UserDefaults+Widgets.swift", "deltachat-ios/DC/DcMsg+Extension.swift",
            "DcWidget/DcWidget.swift", "DcWidget/DcWidgetBundle.swift", "DcWidget/WidgetProvider.swift",
        ])
    }

    @Test func linkedLocalPackages() throws {
        let hackers = try XcodeProjectReader(files: ProjectFiles(root: SharedCorpus.apps.path + "/Hackers")).read("Hackers.xcodeproj")
        let app = try #require(hackers.target(named: "Hackers"))
        // Products Data, Domain, Networking name no package: matched to the local package of that name.
        #expect(hackers.linkedLocalPackages(of: app).map(\.path.description) == ["Data", "Features", "Domain", "Networking"])
        #expect(hackers.localPackages.map(\.path.description) == ["Data", "DesignSystem", "Features", "Domain", "Networking", "Shared"])

        let iceCubes = try XcodeProjectReader(files: ProjectFiles(root: SharedCorpus.apps.path + "/IceCubesApp")).read("IceCubesApp.xcodeproj")
        let iceCubesApp = try #require(iceCubes.target(named: "IceCubesApp"))
        // Folder references with a Package.swift; KeychainSwift, SFSafeSymbols, WishKit, RevenueCat are remote.
        #expect(iceCubes.linkedLocalPackages(of: iceCubesApp).map(\.path.description) == [
            "Packages/NetworkClient", "Packages/Timeline", "Packages/Account", "Packages/Models", "Packages/Notifications",
            "Packages/Env", "Packages/Explore", "Packages/Lists", "Packages/Conversations", "Packages/AppAccount", "Packages/StatusKit",
        ])
        let timeline = try #require(iceCubes.localPackages.first { $0.path == .repository("Packages/Timeline") })
        let timelineFiles = iceCubes.swiftFiles(of: timeline)
        #expect(!timelineFiles.isEmpty)
        #expect(!timelineFiles.contains("Packages/Timeline/Package.swift"))
        #expect(timelineFiles.allSatisfy { $0.hasPrefix("Packages/Timeline/") && !$0.contains("/Tests/") })
    }
}
