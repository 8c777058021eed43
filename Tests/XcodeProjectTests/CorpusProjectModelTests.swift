import Foundation
import Testing
import BuildSettings
import PropertyList
import TestSupport
@testable import XcodeProject

/// What each app's main project holds, established by reading its `project.pbxproj` and xcconfig files
/// by hand (see the notes by each entry): the targets in order with their product types, and for each
/// application / app-extension target the `INFOPLIST_FILE` and `PRODUCT_BUNDLE_IDENTIFIER` it resolves to.
@Suite("Real projects: targets, Info.plists and bundle identifiers", .enabled(if: SharedCorpus.appsArePresent, "../shared/corpus/apps is not beside the checkout"))
struct CorpusProjectModelTests {
    struct App: CustomTestStringConvertible, Sendable {
        var app: String
        var project: String
        /// The project's `defaultConfigurationName`.
        var configuration: String
        /// The configuration it ships with when it is another (the table's `shippingConfiguration`): the products
        /// are resolved under it.
        var shippingConfiguration: String? = nil
        var targets: [(String, String?)]
        /// target → (INFOPLIST_FILE as resolved, PRODUCT_BUNDLE_IDENTIFIER)
        var products: [(String, String?, String)]
        /// The truth tables write each Info.plist from the app's folder, not from the project's.
        var infoPlistsFromRepositoryRoot = false
        var testDescription: String { app }
    }

    static let application = "com.apple.product-type.application"
    static let appExtension = "com.apple.product-type.app-extension"
    static let framework = "com.apple.product-type.framework"
    static let unitTest = "com.apple.product-type.bundle.unit-test"
    static let uiTest = "com.apple.product-type.bundle.ui-testing"

    static let apps: [App] = [
        App(app: "Amperfy", project: "Amperfy.xcodeproj", configuration: "Release",
            targets: [("Amperfy", application), ("AmperfyKit", framework), ("AmperfyKitTests", unitTest)],
            products: [("Amperfy", "Amperfy/Info.plist", "de.familie-zimba.amperfy-music")]),
        // SampleCode.xcconfig: SAMPLE_CODE_DISAMBIGUATOR=${DEVELOPMENT_TEAM}; every target sets DEVELOPMENT_TEAM = "".
        App(app: "AppleSampleCode-WWDC21", project: "Code/SoupChefAcceleratingAppInteractionsWithShortcuts/SoupChef.xcodeproj",
            configuration: "Release",
            targets: [("SoupChef", application), ("SoupChefIntents", appExtension), ("SoupChefIntentsUI", appExtension),
                      ("SoupKit", framework), ("SoupChefWatch", "com.apple.product-type.application.watchapp2"),
                      ("SoupChefWatch Extension", "com.apple.product-type.watchkit2-extension"),
                      ("SoupChefIntentsWatch", "com.apple.product-type.app-extension.intents-service")],
            products: [
                ("SoupChef", "SoupChef/Resources/Info.plist", "com.example.apple-samplecode.SoupChef"),
                ("SoupChefIntents", "Supporting Targets/SoupChefIntents/Info.plist", "com.example.apple-samplecode.SoupChef.SoupChefIntents"),
                ("SoupChefIntentsUI", "SoupChefIntentsUI/Info.plist", "com.example.apple-samplecode.SoupChef.SoupChefIntentsUI"),
                ("SoupChefWatch", "Supporting Targets/SoupChefWatch/Info.plist", "com.example.apple-samplecode.SoupChef.SoupKitWatch"),
                ("SoupChefIntentsWatch", "Supporting Targets/SoupChefIntentsWatch/Info.plist",
                 "com.example.apple-samplecode.SoupChef.watchkitapp.watchkitextension.SoupChefIntentsWatch"),
            ]),
        // APP_BUNDLE = "Yuncao-Liu.ChineseTime" in the project's Release configuration.
        App(app: "Chinendar", project: "Chinendar.xcodeproj", configuration: "Release",
            targets: [("Chinendar Mac", application), ("Chinendar iOS", application), ("Chinendar Watch", application),
                      ("Chinendar Vision", application), ("Mac Widget Extension", appExtension), ("iOS Widget Extension", appExtension),
                      ("Watch Widget Extension", appExtension), ("Vision Widget Extension", appExtension), ("Chinendar Tests", unitTest)],
            products: [
                ("Chinendar Mac", "macOS/Info.plist", "Yuncao-Liu.ChineseTime"),
                ("Chinendar iOS", "iOS/Info.plist", "Yuncao-Liu.ChineseTime"),
                ("Chinendar Watch", "Watch/Info.plist", "Yuncao-Liu.ChineseTime.Watch"),
                ("Chinendar Vision", "vision/Info.plist", "Yuncao-Liu.ChineseTime"),
                ("Mac Widget Extension", "MacWidget/Info.plist", "Yuncao-Liu.ChineseTime.MacWidget"),
                ("iOS Widget Extension", "iOSWidget/Info.plist", "Yuncao-Liu.ChineseTime.iOSWidget"),
                ("Watch Widget Extension", "WatchWidget/Info.plist", "Yuncao-Liu.ChineseTime.Watch.WatchWidget"),
                ("Vision Widget Extension", "VisionWidget/Info.plist", "Yuncao-Liu.ChineseTime.VisionWidget"),
            ]),
        App(app: "Hackers", project: "Hackers.xcodeproj", configuration: "Release",
            targets: [("Hackers", application), ("HackersActionExtension", appExtension), ("HackersUITests", uiTest)],
            products: [
                ("Hackers", "App/Supporting Files/Hackers-Info.plist", "com.weiranzhang.Hackers"),
                ("HackersActionExtension", "Extensions/HackersActionExtension/Info.plist", "com.weiranzhang.Hackers.ActionExtension"),
            ]),
        App(app: "Harbour", project: "Harbour.xcodeproj", configuration: "Release",
            targets: [("Harbour", application), ("HarbourWidgets", appExtension)],
            products: [
                ("Harbour", "Harbour/Info.plist", "xyz.shameful.Harbour"),
                ("HarbourWidgets", "HarbourWidgets/Info.plist", "xyz.shameful.Harbour.Widgets"),
            ]),
        // IceCubesApp-release.xcconfig (project level): BUNDLE_ID_PREFIX = com.thomasricouard.
        App(app: "IceCubesApp", project: "IceCubesApp.xcodeproj", configuration: "Release",
            targets: [("IceCubesApp", application), ("IceCubesActionExtension", appExtension), ("IceCubesNotifications", appExtension),
                      ("IceCubesShareExtension", appExtension), ("IceCubesAppWidgetsExtensionExtension", appExtension)],
            products: [
                ("IceCubesApp", "IceCubesApp/Info.plist", "com.thomasricouard.IceCubesApp"),
                ("IceCubesActionExtension", "IceCubesActionExtension/Info.plist", "com.thomasricouard.IceCubesApp.IceCubesActionExtension"),
                ("IceCubesNotifications", "IceCubesNotifications/Info.plist", "com.thomasricouard.IceCubesApp.IceCubesNotifications"),
                ("IceCubesShareExtension", "IceCubesShareExtension/Info.plist", "com.thomasricouard.IceCubesApp.IceCubesShareExtension"),
                ("IceCubesAppWidgetsExtensionExtension", "IceCubesAppWidgetsExtension/Info.plist",
                 "com.thomasricouard.IceCubesApp.IceCubesAppWidgetsExtension"),
            ]),
        // Loop.xcconfig: MAIN_APP_BUNDLE_IDENTIFIER = com.${DEVELOPMENT_TEAM}.loopkit; the project appends
        // `$(inherited).Loop`; DEVELOPMENT_TEAM is the target's $(LOOP_DEVELOPMENT_TEAM), empty in Loop.xcconfig.
        App(app: "Loop", project: "Loop.xcodeproj", configuration: "Release",
            targets: [("Loop", application), ("Loop Status Extension", appExtension),
                      ("WatchApp", "com.apple.product-type.application.watchapp2"),
                      ("WatchApp Extension", "com.apple.product-type.watchkit2-extension"),
                      ("Loop Widget Extension", appExtension), ("Loop Intent Extension", appExtension), ("LoopCore", framework),
                      ("LoopCore-watchOS", framework), ("LoopUI", framework), ("LoopTests", unitTest)],
            products: [
                ("Loop", "Loop/Info.plist", "com..loopkit.Loop"),
                ("Loop Status Extension", "Loop Status Extension/Info.plist", "com..loopkit.Loop.statuswidget"),
                ("WatchApp", "WatchApp/Info.plist", "com..loopkit.Loop.LoopWatch"),
                ("Loop Widget Extension", "Loop Widget Extension/Bootstrap/Info.plist", "com..loopkit.Loop.LoopWidgetExtension"),
                ("Loop Intent Extension", "Loop Intent Extension/Info.plist", "com..loopkit.Loop.Loop-Intent-Extension"),
            ]),
        // Pyto's project Release configuration: BUNDLE_ID = ch.marcela.ada.Pyto (the Pods xcconfigs are not in the corpus).
        App(app: "Pyto", project: "Pyto.xcodeproj", configuration: "Release",
            targets: [("Pyto", application), ("Intents UI", appExtension), ("Pyto Intents", appExtension), ("Python", framework),
                      ("PytoCore", framework), ("libpng", framework), ("libjpeg", framework),
                      ("Pyto Watch", "com.apple.product-type.application.watchapp2"), ("SwiftUI Views", framework),
                      ("SwiftUI Preview", application), ("PytoTests", unitTest), ("WidgetExtension", appExtension),
                      ("Widget PreviewExtension", appExtension), ("Pyto Watch Extension", "com.apple.product-type.watchkit2-extension"),
                      ("Pyto Screenshots", application), ("cv2-cv2", framework), ("matplotlib-deps", framework),
                      ("Run Python Script", "com.apple.product-type.bundle"), ("clang_codecompletion", framework),
                      ("freetype2", framework), ("llvm-stub", framework)],
            products: [
                ("Pyto", "Pyto/Info.plist", "ch.marcela.ada.Pyto"),
                ("Intents UI", "Intents UI/Info.plist", "ch.marcela.ada.Pyto.Intents-UI"),
                ("Pyto Intents", "Pyto Intents/Info.plist", "ch.marcela.ada.Pyto.Intents"),
                ("Pyto Watch", "Pyto Watch/Info.plist", "ch.marcela.ada.Pyto.watchkitapp"),
                ("SwiftUI Preview", "SwiftUI Preview/Info.plist", "ch.ada.SwiftUI-Preview-1"),
                ("WidgetExtension", "Widget/Info.plist", "ch.marcela.ada.Pyto.Widget"),
                ("Widget PreviewExtension", "Widget Preview/Info.plist", "ch.ada.SwiftUI-Preview-1.Widget-Preview"),
                ("Pyto Screenshots", "Pyto copy2-Info.plist", "ch.marcela.ada.Pyto"),
            ]),
        App(app: "Roam", project: "Roam.xcodeproj", configuration: "Release",
            targets: [("Roam", application), ("RoamWatch", application), ("RoamWidgets", appExtension),
                      ("RoamWatchUITests", uiTest), ("RoamUITests", uiTest), ("RoamSwiftTests", unitTest)],
            products: [
                ("Roam", "Roam/Info.plist", "com.msdrigg.roam"),
                ("RoamWatch", "RoamWatch/Info.plist", "com.msdrigg.roam.watchkitapp"),
                ("RoamWidgets", "RoamWidgets/Info.plist", "com.msdrigg.roam.RoamWidgets"),
            ]),
        // xcconfigs/*.xcconfig (Xcode 16 anchors in a synchronized folder) include ../Build.xcconfig:
        // MAIN_BUNDLE_IDENTIFIER[config=Release] = $(BASE_BUNDLE_ID) = com.SideStore.SideStore; the targets
        // write PRODUCT_BUNDLE_IDENTIFIER = $(PRODUCT_BUNDLE_IDENTIFIER), i.e. the xcconfig's value.
        App(app: "SideStore", project: "AltStore.xcodeproj", configuration: "Release",
            targets: [("SideStore", application), ("AltStoreCore", framework), ("AltBackup", application),
                      ("AltWidgetExtension", appExtension), ("libimobiledevice", "com.apple.product-type.library.static"),
                      ("em_proxy-swift", "com.apple.product-type.library.static")],
            products: [
                ("SideStore", "AltStore/Info.plist", "com.SideStore.SideStore"),
                ("AltBackup", "AltBackup/Info.plist", "com.SideStore.SideStore.AltBackup"),
                ("AltWidgetExtension", "AltWidget/Info.plist", "com.SideStore.SideStore.AltWidget"),
            ]),
        App(app: "SolarLens", project: "SolarLens.xcodeproj", configuration: "Release",
            targets: [("Solar Lens", application), ("Solar Lens Watch App", application), ("Solar Lens WidgetsExtension", appExtension),
                      ("Solar Lens iOS WidgetsExtension", appExtension), ("Solar Lens BigScreen", application),
                      ("Solar Lens iOS LiveActivitiesExtension", appExtension)],
            products: [
                ("Solar Lens", "Solar-Lens-Info.plist", "com.marcduerst.SolarManagerWatch"),
                ("Solar Lens Watch App", "SolarLens-Watch-App-Info.plist", "com.marcduerst.SolarManagerWatch.watchkitapp"),
                ("Solar Lens WidgetsExtension", "Solar Lens Widgets/Info.plist", "com.marcduerst.SolarManagerWatch.watchkitapp.Extension"),
                ("Solar Lens iOS WidgetsExtension", "Solar Lens iOS Widgets/Info.plist", "com.marcduerst.SolarManagerWatch.Solar-Lens-iOS-Widgets"),
                ("Solar Lens BigScreen", nil, "com.marcduerst.solarlens-bigscreen"),
                ("Solar Lens iOS LiveActivitiesExtension", "Solar Lens iOS LiveActivities/Info.plist",
                 "com.marcduerst.SolarManagerWatch.Solar-Lens-iOS-LiveActivities"),
            ]),
        // Config.xcconfig (project level): APP_BUNDLE_ID = com.windscribe. The project's default is Staging.
        App(app: "Windscribe", project: "Windscribe.xcodeproj", configuration: "Staging",
            targets: [("Windscribe", application), ("WindscribeTests", unitTest), ("PacketTunnel", appExtension),
                      ("SiriIntents", appExtension), ("WireGuardTunnel", appExtension), ("WireGuardGoBridgeiOS", nil),
                      ("HomeWidgetExtension", appExtension), ("WindscribeTV", application), ("WireGuardGoBridgeappletvOS", nil)],
            products: [
                ("Windscribe", "./Windscribe/Environments/Plists/Staging.plist", "com.windscribe"),
                ("PacketTunnel", "PacketTunnel/Info.plist", "com.windscribe.PacketTunnel"),
                ("SiriIntents", "SiriIntents/Info.plist", "com.windscribe.SiriIntents"),
                ("WireGuardTunnel", "WireGuardTunnel/Info.plist", "com.windscribe.WireGuardTunnel"),
                ("HomeWidgetExtension", "HomeWidget/Info.plist", "com.windscribe.HomeWidget"),
                ("WindscribeTV", "WindscribeTV/Info.plist", "com.windscribe"),
            ]),
        App(app: "a-shell", project: "a-Shell.xcodeproj", configuration: "Release",
            targets: [("a-Shell", application), ("a-Shell-Intents", appExtension), ("a-Shell-IntentsUI", appExtension),
                      ("a-Shell-mini", application), ("a-Shell-mini-Intents", appExtension), ("a-Shell-mini-IntentsUI", appExtension),
                      ("a-Shell-noPython", application)],
            products: [
                ("a-Shell", "a-Shell/Info.plist", "AsheKube.app.a-Shell"),
                ("a-Shell-Intents", "a-Shell-Intents/Info.plist", "AsheKube.app.a-Shell.a-Shell-Intents"),
                ("a-Shell-IntentsUI", "a-Shell-IntentsUI/Info.plist", "AsheKube.app.a-Shell.a-Shell-IntentsUI"),
                ("a-Shell-mini", "a-Shell-mini-Info.plist", "AsheKube.app.a-Shell-mini"),
                ("a-Shell-mini-Intents", "a-Shell-mini-Intents/Info.plist", "AsheKube.app.a-Shell-mini.a-Shell-mini-Intents"),
                ("a-Shell-mini-IntentsUI", "a-Shell-mini-IntentsUI/Info.plist", "AsheKube.app.a-Shell-mini.a-Shell-mini-IntentsUI"),
                ("a-Shell-noPython", "a-Shell-mini copy-Info.plist", "AsheKube.app.a-Shell-mini"),
            ]),
        App(app: "deltachat-ios", project: "deltachat-ios.xcodeproj", configuration: "Release",
            targets: [("deltachat-ios", application), ("DcShare", appExtension), ("DcNotificationService", appExtension),
                      ("DcWidget", appExtension), ("DcAppClip", "com.apple.product-type.application.on-demand-install-capable"),
                      ("DcTests", unitTest)],
            products: [
                ("deltachat-ios", "deltachat-ios/Info.plist", "chat.delta"),
                ("DcShare", "DcShare/Info.plist", "chat.delta.DcShare"),
                ("DcNotificationService", "DcNotificationService/Info.plist", "chat.delta.DcNotificationService"),
                ("DcWidget", "DcWidget/Info.plist", "chat.delta.DcWidget"),
                ("DcAppClip", "DcAppClip/Info.plist", "chat.delta.Clip"),
            ]),
        App(app: "mastodon-ios", project: "Mastodon.xcodeproj", configuration: "Release",
            targets: [("Mastodon", application), ("MastodonTests", unitTest), ("MastodonIntent", appExtension),
                      ("MastodonUITests", uiTest), ("NotificationService", appExtension), ("ShareActionExtension", appExtension),
                      ("OpenInActionExtension", appExtension), ("WidgetExtension", appExtension)],
            products: [
                ("Mastodon", "Mastodon/Info.plist", "org.joinmastodon.app"),
                ("MastodonIntent", "MastodonIntent/Info.plist", "org.joinmastodon.app.MastodonIntent"),
                ("NotificationService", "NotificationService/Info.plist", "org.joinmastodon.app.NotificationService"),
                ("ShareActionExtension", "ShareActionExtension/Info.plist", "org.joinmastodon.app.ShareActionExtension"),
                ("OpenInActionExtension", "OpenInActionExtension/Info.plist", "org.joinmastodon.app.OpenInActionExtension"),
                ("WidgetExtension", "WidgetExtension/Info.plist", "org.joinmastodon.app.WidgetExtension"),
            ]),
        // Passepartout/Config.xcconfig (project level): CFG_APP_ID = com.algoritmico.ios.Passepartout,
        // CFG_INFO_PLIST = Passepartout/App/App.plist, CFG_TUNNEL_INFO_PLIST = Passepartout/Tunnel/Tunnel.plist,
        // CFG_INTENTS_ID / CFG_LOGIN_ITEM_ID / CFG_TUNNEL_ID = $(CFG_APP_ID).Intents / .LoginItem / .Tunnel.
        App(app: "passepartout", project: "app-apple/Passepartout.xcodeproj", configuration: "Release",
            targets: [("Passepartout", application), ("PassepartoutIntents", "com.apple.product-type.extensionkit-extension"),
                      ("PassepartoutLoginItem", application), ("PassepartoutTests", unitTest), ("PassepartoutTunnel", appExtension),
                      ("PassepartoutTunnelMac", "com.apple.product-type.system-extension"), ("PassepartoutUITests", uiTest)],
            products: [
                ("Passepartout", "Passepartout/App/App.plist", "com.algoritmico.ios.Passepartout"),
                ("PassepartoutIntents", "Passepartout/Intents/Intents.plist", "com.algoritmico.ios.Passepartout.Intents"),
                ("PassepartoutLoginItem", nil, "com.algoritmico.ios.Passepartout.LoginItem"),
                ("PassepartoutTunnel", "Passepartout/Tunnel/Tunnel.plist", "com.algoritmico.ios.Passepartout.Tunnel"),
            ]),
        App(app: "talk-ios", project: "NextcloudTalk.xcodeproj", configuration: "Release",
            targets: [("NextcloudTalk", application), ("NotificationServiceExtension", appExtension), ("ShareExtension", appExtension),
                      ("BroadcastUploadExtension", appExtension), ("NextcloudTalkUITests", uiTest), ("NextcloudTalkTests", unitTest),
                      ("TalkIntents", "com.apple.product-type.extensionkit-extension")],
            products: [
                ("NextcloudTalk", "NextcloudTalk/Info.plist", "com.nextcloud.Talk"),
                ("NotificationServiceExtension", "NotificationServiceExtension/Info.plist", "com.nextcloud.Talk.NotificationServiceExtension"),
                ("ShareExtension", "ShareExtension/Info.plist", "com.nextcloud.Talk.ShareExtension"),
                ("BroadcastUploadExtension", "BroadcastUploadExtension/Info.plist", "com.nextcloud.Talk.BroadcastUploadExtension"),
                ("TalkIntents", "TalkIntents/Info.plist", "com.nextcloud.Talk.TalkIntents"),
            ]),
    ]

    /// The apps added to the corpus later: their project facts are in their truth tables
    /// (`Tests/TestSupport/TruthTables`), read from the pbxproj (or the XcodeGen spec) by hand like the entries above.
    static let tableApps: [App] = ((try? TruthTable.all()) ?? []).compactMap { table in
        // A Tuist app's table (path and xcodegen null, `tuist` set) is checked by AuditTests' RealTuistProjectTests:
        // its manifest is read by SwiftFacts, which this module does not depend on.
        guard let project = table.project, let path = project.path ?? project.xcodegen else { return nil }
        func cell(_ row: [String?], _ index: Int) -> String? { index < row.count ? row[index] : nil }
        let targets: [(String, String?)] = project.targets.map { (cell($0, 0) ?? "", cell($0, 1)) }
        let products: [(String, String?, String)] = project.products.map { (cell($0, 0) ?? "", cell($0, 1), cell($0, 2) ?? "") }
        return App(app: table.app, project: path, configuration: project.configuration ?? "Release",
                   shippingConfiguration: project.shippingConfiguration, targets: targets, products: products,
                   infoPlistsFromRepositoryRoot: true)
    }

    /// The apps whose table says where their project is: a `.xcodeproj`, an XcodeGen spec or a Tuist manifest.
    /// A Tuist table counts as covered here; its project facts are checked in AuditTests (RealTuistProjectTests).
    static let coveredApps: [String] = ((try? TruthTable.all()) ?? []).compactMap { table in
        guard let project = table.project, project.path != nil || project.xcodegen != nil || project.tuist != nil else { return nil }
        return table.app
    }

    @Test func everyAppOfTheManifestIsCovered() throws {
        let manifest = try String(contentsOfFile: SharedCorpus.apps.path + "/MANIFEST.tsv", encoding: .utf8)
        let names = manifest.split(separator: "\n").dropFirst().compactMap { $0.split(separator: "\t").first.map(String.init) }
        // Every app has a table; the apps above have their hand-read entry too, and both are checked.
        let covered = Set(Self.coveredApps)
        let missing = names.filter { !covered.contains($0) }.sorted()
        #expect(missing.isEmpty, "manifest apps without a truth table that names their project: \(missing.joined(separator: ", "))")
        let extra = covered.subtracting(names).sorted()
        #expect(extra.isEmpty, "truth tables of apps the manifest does not list: \(extra.joined(separator: ", "))")
        #expect(Set(Self.apps.map(\.app)).isSubset(of: names))
    }

    @Test(arguments: apps + tableApps)
    func targetsInfoPlistsAndBundleIdentifiers(_ expected: App) throws {
        // An XcodeGen spec (the table's "xcodegen") is read by XcodeGenSpecReader, through the same entry point.
        let project = try XcodeProjectReader(files: ProjectFiles(root: SharedCorpus.apps.path + "/" + expected.app)).readProjectOrSpec(expected.project)
        #expect(project.defaultConfigurationName == expected.configuration)
        // The truth tables list native targets (aggregate and legacy targets have no product).
        let listed = expected.infoPlistsFromRepositoryRoot ? project.targets.filter { $0.kind == .native } : project.targets
        #expect(listed.map(\.name) == expected.targets.map(\.0))
        #expect(listed.map(\.productType) == expected.targets.map(\.1))
        let appTargets = project.targets.filter(\.isApplicationOrExtension)
        if expected.app == "Windscribe" {
            let windscribe = project.buildSettings(for: try #require(project.target(named: "Windscribe")))
            #expect(project.infoPlistPath(windscribe) == "Windscribe/Environments/Plists/Staging.plist")
            #expect(windscribe.expandsInfoPlist)
        }
        #expect(appTargets.map(\.name) == expected.products.map(\.0))
        // The products are resolved under the configuration the app ships with, when the table names one.
        let productsConfiguration = expected.shippingConfiguration ?? expected.configuration
        for (name, infoPlist, bundleIdentifier) in expected.products {
            let target = try #require(project.target(named: name))
            let settings = project.buildSettings(for: target, configuration: productsConfiguration)
            #expect(settings.configuration == productsConfiguration)
            if let shipping = expected.shippingConfiguration {
                #expect(project.shippingConfiguration(for: target).name == shipping, "\(name)")
            }
            let resolvedInfoPlist = settings.resolved["INFOPLIST_FILE"]
            // A table's null is an Info.plist no repository file is (none, or one the build writes): only the path is checked.
            if infoPlist != nil || !expected.infoPlistsFromRepositoryRoot {
                #expect((expected.infoPlistsFromRepositoryRoot ? resolvedInfoPlist.map(project.path(relativeToProject:)) : resolvedInfoPlist) == infoPlist, "\(name)")
            }
            #expect(settings.resolved["PRODUCT_BUNDLE_IDENTIFIER"] == bundleIdentifier, "\(name)")
            // The tables write the identifier Xcode builds from the repository as it is, settings it leaves
            // undefined (a developer's own xcconfig) expanded to nothing.
            if !expected.infoPlistsFromRepositoryRoot {
                #expect(settings.resolved.settings["PRODUCT_BUNDLE_IDENTIFIER"]?.problems == [], "\(name)")
            }
            // The Info.plist path is relative to the project folder; where the corpus has the file, it is there.
            if let infoPlist {
                let path = try #require(project.infoPlistPath(settings))
                #expect(path == (expected.infoPlistsFromRepositoryRoot ? infoPlist : project.path(relativeToProject: infoPlist)))
                #expect(!path.hasPrefix("./"))
            } else {
                #expect(project.infoPlistPath(settings) == nil)
            }
        }
    }
}
