import Foundation
import Audit
import BuildSettings
import Diagnostics
import SwiftFacts
import Testing
import TestSupport

/// The audit on real apps' repositories (../shared/corpus/apps). What each asserts was established by reading
/// the app's code and plists (see the comments); expected columns are found from the source line itself.
@Suite("Audit on real apps", .enabled(if: RealApps.isPresent, "../shared/corpus/apps is not beside the checkout: real-app audits skipped"),
       .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct RealAppAuditTests {
    @Test func harbour() throws {
        let app = RealApps.app("Harbour")
        let report = try Auditor(root: app.root).run()
        #expect(report.projects.map(\.path) == ["Harbour.xcodeproj"])
        let targets = report.projects[0].targets
        #expect(targets.map(\.name) == ["Harbour", "HarbourWidgets"])
        let harbour = targets[0]
        #expect(report.projects[0].configuration == "Release")
        #expect(harbour.bundleIdentifier == "xyz.shameful.Harbour")
        #expect(harbour.infoPlist == "Harbour/Info.plist")
        // Info.plist lines 50–51; the code's HarbourUserActivityIdentifier builds both from the main bundle id.
        #expect(harbour.declared.map { "\($0.resolved ?? "-") \($0.location)" } == [
            "xyz.shameful.Harbour.ContainerDetailsActivity Harbour/Info.plist:50:3",
            "xyz.shameful.Harbour.StackDetailsActivity Harbour/Info.plist:51:3",
        ])
        // Created by SwiftUI .userActivity in the two detail views.
        #expect(harbour.created.map { "\($0.resolved ?? "-") \($0.location)" } == [
            "xyz.shameful.Harbour.ContainerDetailsActivity " + app.at("Harbour/UI/Views/ContainerDetailsView/ContainerDetailsView.swift", 356, "HarbourUserActivityIdentifier"),
            "xyz.shameful.Harbour.StackDetailsActivity " + app.at("Harbour/UI/Views/StackDetailsView/StackDetailsView.swift", 85, "HarbourUserActivityIdentifier"),
        ])
        // Handled by .onContinueUserActivity: both own types in ContentView, and Spotlight's system types.
        #expect(harbour.handled.map { "\($0.resolved ?? "-") \($0.location)" } == [
            "com.apple.corespotlightquery " + app.at("Harbour/UI/Views/ContainersView/ContainersView.swift", 106, "CSQueryContinuationActionType"),
            "xyz.shameful.Harbour.ContainerDetailsActivity " + app.at("Harbour/UI/Views/ContentView/ContentView.swift", 60, "HarbourUserActivityIdentifier"),
            "xyz.shameful.Harbour.StackDetailsActivity " + app.at("Harbour/UI/Views/ContentView/ContentView.swift", 63, "HarbourUserActivityIdentifier"),
            "com.apple.corespotlightitem " + app.at("Harbour/UI/Views/ContentView/ContentView.swift", 66, "CSSearchableItemActionType"),
            "com.apple.corespotlightquery " + app.at("Harbour/UI/Views/StacksView/StacksView.swift", 83, "CSQueryContinuationActionType"),
        ])
        // Two App Shortcuts, the first with an enum parameter; the xcstrings' stringSets list each shortcut's phrases.
        #expect(harbour.appShortcuts.map(\.intent) == ["ContainerActionIntent", "ContainerStatusIntent"])
        #expect(harbour.appShortcuts[0].phrases.map(\.text) == [
            "Execute container action in \\(.applicationName)", "Ask \\(.applicationName) to \\(\\.$containerAction) a container",
        ])
        #expect(harbour.appShortcuts[0].phrases.map(\.location.description) == [
            app.at("Harbour/Intents/HarbourAppShortcuts.swift", 17, "\"Execute"), app.at("Harbour/Intents/HarbourAppShortcuts.swift", 18, "\"Ask"),
        ])
        #expect(harbour.customIntents.isEmpty)
        // Every declared type is created and handled, every phrase is valid: only notes remain — the
        // $(AppIdentifierPrefix) Xcode fills in when signing, and the widget's plist without activity types.
        // Since the audit follows local packages through their manifests, also the project's packages (first,
        // project findings): the remote IndicatorsKit, KeychainKit and CommonsKit, once each, at the first target
        // linking them (Harbour, pbxproj line 212); the manifest of Modules/Commons (an Xcode 16 synchronized
        // folder of packages) read statically for the product Navigation; and PortainerKit, a product naming no
        // package that no package of the repository declares (it is not in the repository), not read.
        // $(AppIdentifierPrefix) is in a key no rule reads: one note for the project, at the app's plist, naming both targets.
        #expect(report.findings == [
            "package-remote-not-read Harbour.xcodeproj/project.pbxproj:212:3",
            "package-remote-not-read Harbour.xcodeproj/project.pbxproj:212:3",
            "package-remote-not-read Harbour.xcodeproj/project.pbxproj:212:3",
            "package-manifest-read Modules/Commons/Package.swift:6:15",
            "package-dependency-unresolved Harbour.xcodeproj/project.pbxproj:212:3",
            "build-setting-undefined Harbour/Info.plist:6:2",
            "activity-types-missing HarbourWidgets/Info.plist:4:1",
        ])
        #expect(report.projects[0].diagnostics.last?.message.contains("AppIdentifierPrefix is not defined for targets Harbour, HarbourWidgets") == true)
    }

    @Test func solarLens() throws {
        let app = RealApps.app("SolarLens")
        let report = try Auditor(root: app.root).run()
        let targets = report.projects[0].targets
        #expect(targets.map(\.name) == ["Solar Lens", "Solar Lens Watch App", "Solar Lens WidgetsExtension",
                                        "Solar Lens iOS WidgetsExtension", "Solar Lens BigScreen", "Solar Lens iOS LiveActivitiesExtension"])
        // Shared/AppIntents/Shortcuts/Shortcuts.swift: nine shortcuts, in the iOS app and the BigScreen app.
        #expect(targets[0].appShortcuts.count == 9)
        #expect(targets[4].appShortcuts.count == 9)
        #expect(targets[0].appShortcuts.first?.phrases.first?.location.description
                == app.at("Shared/AppIntents/Shortcuts/Shortcuts.swift", 9, "\"Show solar overview"))
        // No NSUserActivity anywhere in the code; the watch app's plist declares two App Intent names that
        // nothing creates or handles (App Intents need no NSUserActivityTypes entry).
        #expect(targets.allSatisfy { $0.created.isEmpty && $0.handled.isEmpty })
        #expect(report.findings(.activityTypeUnused) == [
            "SolarLens-Watch-App-Info.plist:19:3", "SolarLens-Watch-App-Info.plist:20:3",
        ])
        // The five localizations of AppShortcuts.xcstrings all keep ${applicationName} and the parameters.
        #expect(report.diagnostics.filter { $0.diagnostic.severity != .note && $0.diagnostic.rule != .activityTypeUnused }.isEmpty)
    }

    @Test func amperfy() throws {
        let app = RealApps.app("Amperfy")
        let report = try Auditor(root: app.root).run()
        let amperfy = try #require(report.projects.first?.targets.first { $0.name == "Amperfy" })
        // Info.plist declares only INPlayMediaIntent (a system intent the .intentdefinition customises), while
        // AppDelegate's window scenes use three activity types of their own (AppDelegate.swift lines 32–34).
        #expect(amperfy.declared.map(\.value) == ["INPlayMediaIntent"])
        #expect(amperfy.created.map(\.resolved) == ["amperfy.settings", "amperfy.miniplayer", "amperfy.main"])
        #expect(amperfy.handled.map(\.resolved) == ["amperfy.settings", "amperfy.miniplayer"])
        #expect(report.findings(.activityTypeUndeclaredInCode) == [
            app.at("Amperfy/AppDelegate.swift", 448, "settingsWindowActivityType"),
            app.at("Amperfy/AppDelegate.swift", 455, "miniPlayerWindowActivityType"),
            app.at("Amperfy/AppDelegateMainMenuExtension.swift", 314, "settingsWindowActivityType"),
            app.at("Amperfy/AppDelegateMainMenuExtension.swift", 329, "miniPlayerWindowActivityType"),
            app.at("Amperfy/AppDelegateMainMenuExtension.swift", 486, "defaultWindowActivityType"),
        ])
        // The main window's activity is never compared anywhere.
        #expect(report.findings(.activityTypeNeverHandled) == [app.at("Amperfy/AppDelegateMainMenuExtension.swift", 486, "defaultWindowActivityType")])
        // Ten shortcuts (the limit, not over it); "\(\.$isFavorite) in …" and "\(\.$playPauseMode) in …" take
        // values of different enums, so they do not collide.
        #expect(amperfy.appShortcuts.count == 10)
        #expect(report.findings(.appShortcutsTooMany).isEmpty)
        #expect(report.findings(.appShortcutPhraseCollision).isEmpty)
        #expect(report.findings(.activityTypeUnused).isEmpty)
    }

    @Test func windscribe() throws {
        let app = RealApps.app("Windscribe")
        let report = try Auditor(root: app.root).run()
        #expect(report.projects.map(\.path) == ["Windscribe.xcodeproj", "Windscribe/Windscribe.xcodeproj"])
        let windscribe = try #require(report.projects[0].targets.first { $0.name == "Windscribe" })
        #expect(report.projects[0].configuration == "Staging")
        #expect(windscribe.infoPlist == "Windscribe/Environments/Plists/Staging.plist")
        // The plist declares only ShowLocationIntent (the SiriKit intent, migrated by ShowLocation); the Siri
        // donations and the continue handler use SiriIdentifiers.connect / .disconnect, never declared.
        #expect(windscribe.declared.map(\.value) == ["ShowLocationIntent"])
        let siri = "Windscribe/ViewControllers/MainViewController/Delegates/MainViewController+Siri.swift"
        let undeclared = [
            app.at("Windscribe/AppDelegate.swift", 130, "SiriIdentifiers.connect"),
            app.at("Windscribe/AppDelegate.swift", 132, "SiriIdentifiers.disconnect"),
            app.at(siri, 21, "SiriIdentifiers.disconnect"),
            app.at(siri, 30, "SiriIdentifiers.connect"),
        ]
        #expect(report.projects[0].targets.flatMap { $0.diagnostics.filter { $0.rule == .activityTypeUndeclaredInCode } }
            .map(\.location.description) == undeclared)
        let customIntents = report.projects[0].targets.flatMap(\.customIntents)
        #expect(customIntents.contains { $0.name == "ShowLocationIntent" && $0.migratedBy == "ShowLocation" })
        // The widget's ConfigurationIntent has no App Intent taking over its class name.
        #expect(report.findings(.customIntentNotMigrated) == ["HomeWidget/Base.lproj/HomeWidget.intentdefinition:31:4"])
        #expect(report.findings(.activityTypeUnused).isEmpty)
    }

    @Test func loop() throws {
        let app = RealApps.app("Loop")
        let report = try Auditor(root: app.root).run()
        // WatchApp declares com.loopkit.Loop.AddCarbEntryOnWatch; the phone app's shared Common code creates it
        // (Handoff to the watch) and the WatchKit extension's ExtensionDelegate handles it in a `case`.
        let watch = try #require(report.projects.first?.targets.first { $0.name == "WatchApp" })
        #expect(watch.declared.map { "\($0.value) \($0.location)" } == ["com.loopkit.Loop.AddCarbEntryOnWatch WatchApp/Info.plist:27:3"])
        #expect(watch.handled.map(\.location.description).contains(
            app.at("WatchApp Extension/ExtensionDelegate.swift", 149, "NSUserActivity.didAddCarbEntryOnWatchActivityType")))
        #expect(report.findings(.activityTypeUnused).isEmpty)
        #expect(report.findings(.activityTypeUndeclaredInCode).isEmpty)
        // Two SiriKit custom intents and no App Intent at all: neither is migrated.
        #expect(report.findings(.customIntentNotMigrated) == [
            "Common/Base.lproj/Intents.intentdefinition:27:4", "Common/Base.lproj/Intents.intentdefinition:89:4",
        ])
        #expect(report.counts.errors == 0)
    }

    @Test func sideStore() throws {
        let app = RealApps.app("SideStore")
        let report = try Auditor(root: app.root).run()
        let sideStore = try #require(report.projects.first?.targets.first { $0.name == "SideStore" })
        // NSUserActivityTypes lists the two SiriKit intents (Info.plist 111–112); both classes are defined by
        // .intentdefinition files (AltStore's legacy one and AltStoreCore's ViewApp), so neither is unused.
        #expect(sideStore.declared.map { "\($0.value) \($0.location)" } == [
            "RefreshAllIntent AltStore/Info.plist:111:3", "ViewAppIntent AltStore/Info.plist:112:3",
        ])
        #expect(report.findings(.activityTypeUnused).isEmpty)
        // RefreshAllAppsIntent migrates RefreshAllIntent; nothing migrates ViewAppIntent (the widget moved to
        // SelectAppIntent, a WidgetConfigurationIntent without intentClassName).
        #expect(sideStore.customIntents.map { "\($0.name) \($0.migratedBy ?? "-")" } == ["RefreshAllIntent RefreshAllAppsIntent", "ViewAppIntent -"])
        #expect(report.findings(.customIntentNotMigrated) == ["AltStoreCore/Intents/ViewApp.intentdefinition:45:4"])
        // AppShortcuts.swift: RefreshAllAppsIntent and InstallIPAIntent.
        #expect(sideStore.appShortcuts.map(\.intent) == ["RefreshAllAppsIntent", "InstallIPAIntent"])
        #expect(sideStore.appShortcuts.map(\.location.description) == [
            app.at("AltStore/Intents/App Intents/AppShortcuts.swift", 15, "AppShortcut("),
            app.at("AltStore/Intents/App Intents/AppShortcuts.swift", 25, "AppShortcut("),
        ])
        #expect(sideStore.created.isEmpty && sideStore.handled.isEmpty)
        #expect(report.counts.errors == 0)
    }

    /// Share extensions write their NSExtensionActivationRule as an NSPredicate with `$extensionItem`
    /// variables, in the Info.plist, as Apple's guide does; Xcode leaves them alone, so no setting is undefined.
    @Test("predicate variables in a share extension's Info.plist are not build settings", arguments: ["tutanota", "BookPlayer", "IRCCloud"])
    func predicateVariablesAreNotBuildSettings(_ name: String) throws {
        let report = try Auditor(root: RealApps.app(name).root).run()
        let undefined = report.diagnostics.filter { $0.diagnostic.rule == .buildSettingUndefined }.map(\.diagnostic.message)
        #expect(!undefined.contains { $0.contains("$extensionItem") || $0.contains("$attachment") }, "\(undefined)")
    }
}

/// `../shared/corpus/apps` beside the checkout.
enum RealApps {
    static let root = SharedCorpus.root.appendingPathComponent("corpus/apps")
    static let isPresent = FileManager.default.fileExists(atPath: root.appendingPathComponent("MANIFEST.tsv").path)

    struct App {
        let root: String

        /// `FILE:LINE:COL` where `token` first stands on `line` of `file` (columns in characters, tabs count one).
        func at(_ file: String, _ line: Int, _ token: String) -> String {
            guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { return "\(file): unreadable" }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard line <= lines.count, let range = lines[line - 1].range(of: token) else { return "\(file):\(line): no \(token)" }
            let column = lines[line - 1][..<range.lowerBound].unicodeScalars.count + 1
            return "\(file):\(line):\(column)"
        }
    }

    static func app(_ name: String) -> App { App(root: root.appendingPathComponent(name).path) }
}
