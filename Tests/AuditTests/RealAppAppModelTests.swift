import Foundation
import ActivityBridge
import Audit
import Diagnostics
import PropertyList
import SwiftFacts
import Testing
import TestSupport

/// `--emit-app-model`'s models of real apps (../shared/corpus/apps) and of the repository's own sample
/// repositories. What each must hold was read from the app's code and Info.plist (see the comments); every
/// model loads clean with AppModelReader.
@Suite("App models of real apps and the sample repositories",
       .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct RealAppAppModelTests {
    static func audit(_ root: String) throws -> AuditReport {
        var options = AuditOptions()
        options.buildsAppModels = true
        return try Auditor(root: root, options: options).run()
    }

    /// Every model of the report written and read back: no diagnostic at all, the same model.
    static func expectLoadsClean(_ report: AuditReport) throws {
        for file in report.appModelFiles {
            let reading = AppModelReader().read(try AppModelWriter().data(file.model), file: file.fileName)
            #expect(reading.diagnostics.isEmpty, "\(file.fileName): \(reading.diagnostics)")
            #expect(reading.model == file.model)
        }
    }

    static func emitNotes(_ report: AuditReport) -> [String] {
        report.diagnostics.map(\.diagnostic).filter { $0.rule.rawValue.hasPrefix("app-model-emit-") }
            .map { "\($0.rule.rawValue) \($0.location)" }
    }

    // MARK: The sample repositories (Samples/Repositories, EXPECTED.md)

    @Test func hairdressers() throws {
        let report = try Self.audit(TestPaths.packageRoot.appendingPathComponent("Samples/Repositories/Hairdressers").path)
        // The Intents extension has no model of its own.
        #expect(report.appModelFiles.map(\.fileName) == ["Hairdressers.app.plist"])
        let model = report.appModelFiles[0].model
        #expect(model.name == "Hairdressers")
        #expect(model.applicationName == "Hairdressers")  // CFBundleDisplayName
        #expect(model.activityTypes == ["com.donnywals.hairdressers.appointment", "BookAppointmentIntent"])
        // viewHairdresser is handled but undeclared (EXPECTED.md's deliberate mistake): never delivered, not listed.
        // The custom intent is continued in the app (`userActivity.interaction?.intent as? BookAppointmentIntent`).
        #expect(model.handledActivityTypes == ["com.donnywals.hairdressers.appointment", "BookAppointmentIntent"])
        #expect(!model.coreSpotlightContinuation)
        #expect(model.intents == [
            AppModel.Intent(typeName: "BookAppointmentAppIntent", title: "Book Appointment", opensApp: true, intentClassName: "BookAppointment",
                            parameters: [.init(name: "hairdresser", type: "string"), .init(name: "day", type: "string")]),
            AppModel.Intent(typeName: "CallHairdresserIntent", title: "Call Hairdresser", parameters: [.init(name: "hairdresser", type: "HairdresserEntity")]),
        ])
        #expect(model.entities == [AppModel.Entity(typeName: "HairdresserEntity", displayName: "Hairdresser")])
        #expect(model.enums.isEmpty)
        #expect(model.appShortcuts == [
            AppModel.Shortcut(intent: "CallHairdresserIntent", phrases: ["Call ${hairdresser} in ${applicationName}", "Call my hairdresser in ${applicationName}"],
                              shortTitle: "Call Hairdresser", systemImageName: "phone"),
            AppModel.Shortcut(intent: "BookAppointmentAppIntent", phrases: ["Book an appointment in ${applicationName}"],
                              shortTitle: "Book Appointment", systemImageName: "calendar"),
        ])
        #expect(model.source == ["repository": "Hairdressers", "project": "Hairdressers.xcodeproj", "target": "Hairdressers", "configuration": "Release"])
        #expect(Self.emitNotes(report).isEmpty)
        // The deliberate mistake again: intentClassName "BookAppointment" is not the class BookAppointmentIntent.
        #expect(BridgeManifestDraft(model: model).mapped.isEmpty)
        try Self.expectLoadsClean(report)
    }

    @Test func walkMate() throws {
        let report = try Self.audit(TestPaths.packageRoot.appendingPathComponent("Samples/Repositories/WalkMate").path)
        #expect(report.appModelFiles.map(\.fileName) == ["WalkMate.app.plist"])
        let model = report.appModelFiles[0].model
        #expect(model.applicationName == "Walk Mate")
        #expect(model.activityTypes == ["com.walkmate.favorite.open", "com.walkmate.favorites.list", "com.walkmate.route.generate", "com.walkmate.walk.start"])
        // Handled: the two .onContinueUserActivity types, then Core Spotlight's (CoreSpotlightContinuation is true).
        #expect(model.handledActivityTypes == ["com.walkmate.favorite.open", "com.walkmate.route.generate", "com.apple.corespotlightitem", "com.apple.corespotlightquery"])
        #expect(model.coreSpotlightContinuation)
        #expect(model.intents == [
            AppModel.Intent(typeName: "GenerateRoutesIntent", title: "Generate Routes", opensApp: true,
                            parameters: [.init(name: "distance", type: "measurement.length", optional: true)]),
            // The schema intents have no static title (the schema gives it) and no @Parameter.
            AppModel.Intent(typeName: "OpenWalkMatePlaceIntent", title: "OpenWalkMatePlaceIntent", opensApp: true),
            AppModel.Intent(typeName: "SearchFavoritesIntent", title: "SearchFavoritesIntent"),
            AppModel.Intent(typeName: "ShowSavedWalkIntent", title: "Show Saved Walk", opensApp: true,
                            parameters: [.init(name: "walk", type: "WalkMatePlaceEntity")]),
        ])
        #expect(model.entities == [AppModel.Entity(typeName: "WalkMatePlaceEntity", displayName: "Favorite walk")])
        // "Create a walk with Walk Mate" (the deliberate app-shortcut-missing-application-name) is left out.
        #expect(model.appShortcuts.map(\.phrases) == [
            ["Load ${walk} in ${applicationName}"],
            ["Generate a route in ${applicationName}", "Generate me a route in ${applicationName}", "Make me a walk in ${applicationName}",
             "Generate walking routes in ${applicationName}"],
        ])
        #expect(model.appShortcuts.map(\.shortTitle) == ["Open Favorite Walk", "Generate Routes"])
        #expect(Self.emitNotes(report) == [
            "app-model-emit-unresolved WalkMate/Intents/OpenWalkMatePlaceIntent.swift:6:8",
            "app-model-emit-unresolved WalkMate/Intents/SearchFavoritesIntent.swift:5:8",
            "app-model-emit-left-out WalkMate/Intents/WalkMateAppShortcuts.swift:19:17",
        ])
        try Self.expectLoadsClean(report)
    }

    // MARK: Real apps

    @Test(.enabled(if: RealApps.isPresent, "../shared/corpus/apps is not beside the checkout"))
    func harbour() throws {
        let app = RealApps.app("Harbour")
        let report = try Self.audit(app.root)
        #expect(report.appModelFiles.map(\.fileName) == ["Harbour.app.plist"])
        let model = report.appModelFiles[0].model
        // Info.plist lines 50–51, built from the bundle id; CoreSpotlightContinuation true.
        #expect(model.activityTypes == ["xyz.shameful.Harbour.ContainerDetailsActivity", "xyz.shameful.Harbour.StackDetailsActivity"])
        #expect(model.handledActivityTypes == ["com.apple.corespotlightquery", "xyz.shameful.Harbour.ContainerDetailsActivity",
                                               "xyz.shameful.Harbour.StackDetailsActivity", "com.apple.corespotlightitem"])
        #expect(model.coreSpotlightContinuation)
        // Titles are the localization keys the code writes (LocalizedStringResource("…Title")).
        #expect(model.intents.map { "\($0.typeName) \($0.title) \($0.parameters.map { "\($0.name):\($0.type)\($0.optional ? "?" : "")" })" } == [
            "ContainerActionIntent ContainerActionIntent.Title [\"endpoint:IntentEndpoint?\", \"container:IntentContainer?\", \"containerAction:ContainerActionAppEnum?\"]",
            "ContainerStatusIntent ContainerStatusIntent.Title [\"endpoint:IntentEndpoint?\", \"container:IntentContainer?\", \"resolveStrictly:bool\"]",
        ])
        #expect(model.enums.map(\.typeName) == ["ContainerStateAppEnum", "ContainerActionAppEnum"])
        #expect(model.enumeration(named: "ContainerActionAppEnum")?.cases == ["start", "stop", "restart", "kill", "pause", "unpause"])
        #expect(model.appShortcuts.first?.phrases == ["Execute container action in ${applicationName}", "Ask ${applicationName} to ${containerAction} a container"])
        // PortainerKit's Container.State and ContainerAction are made AppEnums here; their cases are in the package.
        #expect(Self.emitNotes(report) == [
            "app-model-emit-unresolved " + app.at("Shared/Extensions/PortainerKit/Container.State+AppEnum.swift", 12, "Container.State"),
            "app-model-emit-unresolved " + app.at("Shared/Extensions/PortainerKit/ContainerAction+AppEnum.swift", 12, "ContainerAction"),
        ])
        try Self.expectLoadsClean(report)
    }

    @Test(.enabled(if: RealApps.isPresent, "../shared/corpus/apps is not beside the checkout"))
    func amperfy() throws {
        let app = RealApps.app("Amperfy")
        let report = try Self.audit(app.root)
        let model = try #require(report.appModelFiles.first?.model)
        #expect(report.appModelFiles.map(\.fileName) == ["Amperfy.app.plist"])
        // Amperfy/Info.plist declares INPlayMediaIntent only; the types its code handles (amperfy.settings,
        // amperfy.miniplayer) are undeclared, so none is delivered.
        #expect(model.activityTypes == ["INPlayMediaIntent"])
        // Info.plist lines 38–46: INAlternativeAppNames, "Amperfy Music".
        #expect(model.applicationNameSynonyms == ["Amperfy Music"])
        #expect(model.handledActivityTypes.isEmpty)
        // 14 App Intents, each a CustomIntentMigratedAppIntent whose intentClassName is its own name.
        #expect(model.intents.count == 14)
        #expect(model.intents.allSatisfy { $0.intentClassName == $0.typeName })
        #expect(model.entities == [AppModel.Entity(typeName: "AccountAppEntity", displayName: "Account")])
        #expect(model.enums.count == 13)
        #expect(model.intent(named: "SeekToPlaybackTimeIntent")?.parameters.map(\.type) == ["SeekToPlaybackTimeAppEnum", "number", "SeekTimeUnitAppEnum"])
        // AmperfyAppShortcuts.swift: ten shortcuts, all valid.
        #expect(model.appShortcuts.count == 10)
        #expect(model.appShortcuts[0] == AppModel.Shortcut(
            intent: "SetOnlineOfflineModeIntent",
            phrases: ["Activate mode in ${applicationName}", "Switch mode in ${applicationName}", "Activate ${mode} mode in ${applicationName}",
                      "Switch to ${mode} mode in ${applicationName}"],
            shortTitle: "Switch Mode", systemImageName: "arrowshape.forward"))
        // `supportedModes = .foreground(.deferred)`: whether it opens the app depends on the run.
        #expect(Self.emitNotes(report) == [
            "app-model-emit-unresolved " + app.at("Amperfy/Intents/AppIntents/OpenAppWithConfigurationIntent.swift", 29, "OpenAppWithConfigurationIntent"),
        ])
        try Self.expectLoadsClean(report)
    }

    @Test(.enabled(if: RealApps.isPresent, "../shared/corpus/apps is not beside the checkout"))
    func windscribeHasTwoProjectsWithATargetOfOneName() throws {
        let report = try Self.audit(RealApps.app("Windscribe").root)
        #expect(report.appModelFiles.map(\.fileName) == [
            "Windscribe (Windscribe.xcodeproj).app.plist", "WindscribeTV.app.plist", "Windscribe (Windscribe_Windscribe.xcodeproj).app.plist",
        ])
        let model = report.appModelFiles[0].model
        // Staging (the project's default) names the app Windscribe-Stag (Environments/Plists/Staging.plist).
        #expect(model.applicationName == "Windscribe-Stag")
        #expect(model.activityTypes == ["ShowLocationIntent"])
        #expect(model.intents.map { "\($0.typeName) \($0.intentClassName ?? "-")" } == ["Connect -", "Disconnect -", "ShowLocation ShowLocationIntent"])
        // The legacy ShowLocationIntent maps by intentClassName, as `bridge init` drafts it.
        let draft = BridgeManifestDraft(model: model)
        #expect(draft.mapped.map { "\($0.activityType) → \($0.intent.typeName)" } == ["ShowLocationIntent → ShowLocation"])
        #expect(Self.emitNotes(report).isEmpty)
        try Self.expectLoadsClean(report)
    }

    @Test(.enabled(if: RealApps.isPresent, "../shared/corpus/apps is not beside the checkout"))
    func solarLens() throws {
        let report = try Self.audit(RealApps.app("SolarLens").root)
        #expect(report.appModelFiles.map(\.fileName) == ["Solar Lens.app.plist", "Solar Lens Watch App.app.plist", "Solar Lens BigScreen.app.plist"])
        let model = report.appModelFiles[0].model
        #expect(model.activityTypes.isEmpty)
        #expect(model.intents.count == 10)
        // OpenAppIntent.swift:6 `static var openAppWhenRun: Bool = true`.
        #expect(model.intents.filter(\.opensApp).map(\.typeName) == ["OpenAppIntent"])
        #expect(model.intent(named: "SetChargingModeIntent")?.parameters.map(\.type) == ["ChargingMode", "string", "integer", "integer", "date", "integer"])
        #expect(model.entities.map { "\($0.typeName) \($0.displayName)" } == ["CarInfo Car Information", "EfficiencyInfo Todays efficiency"])
        #expect(model.appShortcuts.count == 9)
        #expect(model.appShortcuts[0].phrases == ["Show solar overview in ${applicationName}", "Open solar overview in ${applicationName}"])
        // The watch app declares two App Intent names (GetSolarProductionIntent, IntentIntent) in NSUserActivityTypes.
        #expect(report.appModelFiles[1].model.activityTypes == ["GetSolarProductionIntent", "IntentIntent"])
        #expect(Self.emitNotes(report).isEmpty)
        try Self.expectLoadsClean(report)
    }

    @Test(.enabled(if: RealApps.isPresent, "../shared/corpus/apps is not beside the checkout"))
    func soupChef() throws {
        let app = RealApps.app("AppleSampleCode-WWDC21")
        let folder = "Code/SoupChefAcceleratingAppInteractionsWithShortcuts"
        var options = AuditOptions()
        options.buildsAppModels = true
        options.projects = ["\(folder)/SoupChef.xcodeproj"]
        let report = try Auditor(root: app.root, options: options).run()
        // The phone app and the watch app; the Intents and Intents UI extensions have none.
        #expect(report.appModelFiles.map(\.fileName) == ["SoupChef.app.plist", "SoupChefWatch.app.plist"])
        let model = report.appModelFiles[0].model
        #expect(model.applicationName == "Soup Chef")
        // SoupChef/Resources/Info.plist declares the custom intent's class and the menu activity; no App Intents yet.
        #expect(model.activityTypes == ["OrderSoupIntent", "com.example.apple-samplecode.SoupChef.viewMenu"])
        #expect(model.intents.isEmpty && model.appShortcuts.isEmpty)
        #expect(BridgeManifestDraft(model: model).unmapped == model.activityTypes)
        // The app compares activityType with NSUserActivity.viewMenuActivityType / .orderCompleteActivityType, constants
        // of Shared/Support/NSUserActivity+IntentData.swift, which is SoupKit's, a framework the app depends on: its
        // code runs in the app, so the audit follows them (orderComplete is not declared: not in the model).
        #expect(model.handledActivityTypes == ["OrderSoupIntent", "com.example.apple-samplecode.SoupChef.viewMenu"])
        #expect(Self.emitNotes(report).filter { $0.contains("/SoupChef/") && $0.hasPrefix("app-model-emit-unresolved") } == [])
        try Self.expectLoadsClean(report)
    }
}
