import Foundation
import TestSupport
import Testing
import SwiftFacts

/// The real apps of ../shared/corpus/apps, read by hand (grep for every `NSUserActivity(`, `activityType`,
/// `userActivity`, `onContinueUserActivity`, conformance to the App Intents protocols, `intentClassName`,
/// `isDiscoverable`, `AppShortcut(` and the phrases, then reading each place): what each creates, handles and
/// declares, asserted at its exact line:column. The corpus is not split into targets, so each app's whole
/// tree is one set of files here.
@Suite("Swift facts of real apps", .enabled(if: parserAvailable && RealApps.present, "needs the SwiftSyntax host libraries and ../shared/corpus/apps beside the checkout"))
struct RealAppFactsTests {

    @Test("Amperfy")
    func amperfy() throws {
        let facts = try RealApps.facts("Amperfy")
        #expect(facts.summaryLines() == [
            #"Amperfy/AppDelegateMainMenuExtension.swift:314:57: activityInitializer settingsWindowActivityType => "amperfy.settings""#,
            #"Amperfy/AppDelegateMainMenuExtension.swift:329:59: activityInitializer miniPlayerWindowActivityType => "amperfy.miniplayer""#,
            #"Amperfy/AppDelegateMainMenuExtension.swift:486:56: activityInitializer defaultWindowActivityType => "amperfy.main""#,
            #"Amperfy/AppDelegate.swift:448:59: comparison settingsWindowActivityType => "amperfy.settings""#,
            #"Amperfy/AppDelegate.swift:455:59: comparison miniPlayerWindowActivityType => "amperfy.miniplayer""#,
            #"Amperfy/Intents/AppIntents/ContinuePlaybackIntent.swift:69:8: intent ContinuePlaybackIntent ["AppIntent"] class="ContinuePlaybackIntent" => "ContinuePlaybackIntent" discoverable=- title="Continue Playback" => "Continue Playback""#,
            #"Amperfy/Intents/AppIntents/NextPreviousTrackIntent.swift:29:8: intent NextPreviousTrackIntent ["AppIntent"] class="NextPreviousTrackIntent" => "NextPreviousTrackIntent" discoverable=- title="Play Next/Previous Track" => "Play Next/Previous Track""#,
            #"Amperfy/Intents/AppIntents/OpenAppWithConfigurationIntent.swift:29:8: intent OpenAppWithConfigurationIntent ["AppIntent"] class="OpenAppWithConfigurationIntent" => "OpenAppWithConfigurationIntent" discoverable=- title="Open With Configuration" => "Open With Configuration""#,
            #"Amperfy/Intents/AppIntents/PlayIDIntent.swift:92:8: intent PlayIDIntent ["AppIntent", "CustomIntentMigratedAppIntent", "PredictableIntent"] class="PlayIDIntent" => "PlayIDIntent" discoverable=- title="Play ID" => "Play ID""#,
            #"Amperfy/Intents/AppIntents/PlayPausePlaybackIntent.swift:29:8: intent PlayPausePlaybackIntent ["AppIntent"] class="PlayPausePlaybackIntent" => "PlayPausePlaybackIntent" discoverable=- title="Play/Pause Playback" => "Play/Pause Playback""#,
            #"Amperfy/Intents/AppIntents/PlayRandomSongsIntent.swift:49:8: intent PlayRandomSongsIntent ["AppIntent", "CustomIntentMigratedAppIntent", "PredictableIntent"] class="PlayRandomSongsIntent" => "PlayRandomSongsIntent" discoverable=- title="Play Random Songs" => "Play Random Songs""#,
            #"Amperfy/Intents/AppIntents/SearchAndPlayIntent.swift:28:8: intent SearchAndPlayIntent ["AppIntent", "CustomIntentMigratedAppIntent", "PredictableIntent"] class="SearchAndPlayIntent" => "SearchAndPlayIntent" discoverable=- title="Search And Play" => "Search And Play""#,
            #"Amperfy/Intents/AppIntents/SeekToPlaybackTimeIntent.swift:29:8: intent SeekToPlaybackTimeIntent ["AppIntent"] class="SeekToPlaybackTimeIntent" => "SeekToPlaybackTimeIntent" discoverable=- title="Seek" => "Seek""#,
            #"Amperfy/Intents/AppIntents/SetFavoriteForCurrentlyPlayingSongIntent.swift:61:8: intent SetFavoriteForCurrentlyPlayingSongIntent ["AppIntent"] class="SetFavoriteForCurrentlyPlayingSongIntent" => "SetFavoriteForCurrentlyPlayingSongIntent" discoverable=- title="Favorite currently playing song" => "Favorite currently playing song""#,
            #"Amperfy/Intents/AppIntents/SetOnlineOfflineModeIntent.swift:69:8: intent SetOnlineOfflineModeIntent ["AppIntent"] class="SetOnlineOfflineModeIntent" => "SetOnlineOfflineModeIntent" discoverable=- title="Activate Online/Offline Mode" => "Activate Online/Offline Mode""#,
            #"Amperfy/Intents/AppIntents/SetRatingForCurrentlyPlayingSongIntent.swift:82:8: intent SetRatingForCurrentlyPlayingSongIntent ["AppIntent"] class="SetRatingForCurrentlyPlayingSongIntent" => "SetRatingForCurrentlyPlayingSongIntent" discoverable=- title="Rate currently playing song" => "Rate currently playing song""#,
            #"Amperfy/Intents/AppIntents/SetRepeatIntent.swift:73:8: intent SetRepeatIntent ["AppIntent"] class="SetRepeatIntent" => "SetRepeatIntent" discoverable=- title="Set Repeat" => "Set Repeat""#,
            #"Amperfy/Intents/AppIntents/SetShuffleIntent.swift:60:8: intent SetShuffleIntent ["AppIntent"] class="SetShuffleIntent" => "SetShuffleIntent" discoverable=- title="Enable/Disable Shuffle" => "Enable/Disable Shuffle""#,
            #"Amperfy/Intents/AppIntents/SwitchAccountIntent.swift:50:8: intent SwitchAccountIntent ["AppIntent"] class="SwitchAccountIntent" => "SwitchAccountIntent" discoverable=- title="Switch Account" => "Switch Account""#,
            #"Amperfy/Intents/AppEntities/AccountAppEntity.swift:28:8: entity AccountAppEntity ["AppEntity", "Identifiable"]"#,
            #"Amperfy/Intents/AppEnums/EnableDisableShuffleAppEnum.swift:25:6: enum EnableDisableShuffleAppEnum ["enable", "disable"]"#,
            #"Amperfy/Intents/AppEnums/FavoriteTypeAppEnum.swift:25:6: enum FavoriteTypeAppEnum ["favorite", "removeFromFavorites"]"#,
            #"Amperfy/Intents/AppEnums/NextPreviousTrackAppEnum.swift:25:6: enum NextPreviousTrackAppEnum ["next", "previousOrReplay", "previous"]"#,
            #"Amperfy/Intents/AppEnums/OnlineOfflineModeAppEnum.swift:26:6: enum OnlineOfflineModeAppEnum ["online", "offline"]"#,
            #"Amperfy/Intents/AppEnums/PlayPausePlaybackAppEnum.swift:26:6: enum PlayPausePlaybackAppEnum ["toggle", "play", "pause"]"#,
            #"Amperfy/Intents/AppEnums/PlayRandomSongsFilterTypeAppEnum.swift:25:6: enum PlayRandomSongsFilterTypeAppEnum ["all", "cache"]"#,
            #"Amperfy/Intents/AppEnums/PlayableContainerTypeAppEnum.swift:25:6: enum PlayableContainerTypeAppEnum ["artist", "song", "podcastEpisode", "playlist", "album", "genre", "podcast", "radio"]"#,
            #"Amperfy/Intents/AppEnums/PlaybackModeAppEnum.swift:26:6: enum PlaybackModeAppEnum ["music", "podcast"]"#,
            #"Amperfy/Intents/AppEnums/RatingAppEnum.swift:25:6: enum RatingAppEnum ["five", "four", "three", "two", "one", "zero"]"#,
            #"Amperfy/Intents/AppEnums/RepeatTypeAppEnum.swift:26:6: enum RepeatTypeAppEnum ["all", "single", "off"]"#,
            #"Amperfy/Intents/AppEnums/SeekTimeUnitAppEnum.swift:25:6: enum SeekTimeUnitAppEnum ["seconds", "minutes", "hours"]"#,
            #"Amperfy/Intents/AppEnums/SeekToPlaybackTimeAppEnum.swift:25:6: enum SeekToPlaybackTimeAppEnum ["forward", "backward", "toTime"]"#,
            #"Amperfy/Intents/AppEnums/ShuffleTypeAppEnum.swift:26:6: enum ShuffleTypeAppEnum ["on", "off"]"#,
            #"Amperfy/Intents/AmperfyAppShortcuts.swift:30:8: provider AmperfyAppShortcuts"#,
            #"Amperfy/Intents/AmperfyAppShortcuts.swift:35:5: shortcut SetOnlineOfflineModeIntent in AmperfyAppShortcuts title="Switch Mode" => "Switch Mode" image="arrowshape.forward" => "arrowshape.forward" phrases=4"#,
            #"Amperfy/Intents/AmperfyAppShortcuts.swift:46:5: shortcut SwitchAccountIntent in AmperfyAppShortcuts title="Switch Account" => "Switch Account" image="person.circle.fill" => "person.circle.fill" phrases=4"#,
            #"Amperfy/Intents/AmperfyAppShortcuts.swift:57:5: shortcut PlayRandomSongsIntent in AmperfyAppShortcuts title="Play Random Songs" => "Play Random Songs" image="shuffle" => "shuffle" phrases=2"#,
            #"Amperfy/Intents/AmperfyAppShortcuts.swift:66:5: shortcut ContinuePlaybackIntent in AmperfyAppShortcuts title="Continue Playback" => "Continue Playback" image="play.house.fill" => "play.house.fill" phrases=4"#,
            #"Amperfy/Intents/AmperfyAppShortcuts.swift:80:5: shortcut SetFavoriteForCurrentlyPlayingSongIntent in AmperfyAppShortcuts title="Favorite Song" => "Favorite Song" image="heart" => "heart" phrases=4"#,
            #"Amperfy/Intents/AmperfyAppShortcuts.swift:91:5: shortcut SetRatingForCurrentlyPlayingSongIntent in AmperfyAppShortcuts title="Rate Song" => "Rate Song" image="star" => "star" phrases=17"#,
            #"Amperfy/Intents/AmperfyAppShortcuts.swift:118:5: shortcut SetRepeatIntent in AmperfyAppShortcuts title="Change Repeat" => "Change Repeat" image="repeat" => "repeat" phrases=4"#,
            #"Amperfy/Intents/AmperfyAppShortcuts.swift:129:5: shortcut SetShuffleIntent in AmperfyAppShortcuts title="Change Shuffle" => "Change Shuffle" image="shuffle" => "shuffle" phrases=9"#,
            #"Amperfy/Intents/AmperfyAppShortcuts.swift:148:5: shortcut PlayPausePlaybackIntent in AmperfyAppShortcuts title="Play/Pause/Toggle" => "Play/Pause/Toggle" image="playpause.fill" => "playpause.fill" phrases=2"#,
            #"Amperfy/Intents/AmperfyAppShortcuts.swift:157:5: shortcut NextPreviousTrackIntent in AmperfyAppShortcuts title="Change Track" => "Change Track" image="forward.fill" => "forward.fill" phrases=2"#,
        ])
        // The three window types are file-level `let`s of AppDelegate.swift; the handlers compare with them.
        // Ten shortcuts (the most Apple allows), 52 phrases; one phrase is written twice (lines 101 and 102).
        let phrases = facts.appShortcuts.flatMap(\.phrases)
        #expect(phrases.count == 52)
        #expect(phrases.filter { $0.text == #"Rate song with \(\.$rating) stars in \(.applicationName)"# }.map(\.position.description)
                == ["Amperfy/Intents/AmperfyAppShortcuts.swift:101:9", "Amperfy/Intents/AmperfyAppShortcuts.swift:102:9"])
        #expect(phrases.first.map { "\($0.position) \($0.text)" } == #"Amperfy/Intents/AmperfyAppShortcuts.swift:38:9 Activate mode in \(.applicationName)"#)
        #expect(facts.appIntents.first { $0.name == "PlayIDIntent" }?.isCustomIntentMigrated == true)
    }

    @Test("Harbour")
    func harbour() throws {
        let facts = try RealApps.facts("Harbour")
        #expect(facts.summaryLines() == [
            #"Harbour/UI/Views/ContainerDetailsView/ContainerDetailsView.swift:356:17: userActivityModifier HarbourUserActivityIdentifier.containerDetails => "$(PRODUCT_BUNDLE_IDENTIFIER).ContainerDetailsActivity""#,
            #"Harbour/UI/Views/StackDetailsView/StackDetailsView.swift:85:17: userActivityModifier HarbourUserActivityIdentifier.stackDetails => "$(PRODUCT_BUNDLE_IDENTIFIER).StackDetailsActivity""#,
            #"Harbour/UI/Views/ContainersView/ContainersView.swift:106:28: onContinueUserActivity CSQueryContinuationActionType => "com.apple.corespotlightquery""#,
            #"Harbour/UI/Views/ContentView/ContentView.swift:60:27: onContinueUserActivity HarbourUserActivityIdentifier.containerDetails => "$(PRODUCT_BUNDLE_IDENTIFIER).ContainerDetailsActivity""#,
            #"Harbour/UI/Views/ContentView/ContentView.swift:63:27: onContinueUserActivity HarbourUserActivityIdentifier.stackDetails => "$(PRODUCT_BUNDLE_IDENTIFIER).StackDetailsActivity""#,
            #"Harbour/UI/Views/ContentView/ContentView.swift:66:27: onContinueUserActivity CSSearchableItemActionType => "com.apple.corespotlightitem""#,
            #"Harbour/UI/Views/StacksView/StacksView.swift:83:27: onContinueUserActivity CSQueryContinuationActionType => "com.apple.corespotlightquery""#,
            #"Harbour/Intents/Container/ContainerActionIntent.swift:18:8: intent ContainerActionIntent ["AppIntent"] class=- discoverable=true title="ContainerActionIntent.Title" => "ContainerActionIntent.Title""#,
            #"Harbour/Intents/Container/ContainerStatusIntent.swift:17:8: intent ContainerStatusIntent ["AppIntent", "WidgetConfigurationIntent"] class=- discoverable=true title="ContainerStatusIntent.Title" => "ContainerStatusIntent.Title""#,
            #"HarbourWidgets/Widgets/ContainerStatus/ContainerStatusWidget+Intent.swift:18:9: intent ContainerStatusWidget.Intent ["WidgetConfigurationIntent"] class=- discoverable=- title="ContainerStatusWidget.Intent.Title" => "ContainerStatusWidget.Intent.Title""#,
            #"Shared/Extensions/PortainerKit/Endpoint+AppEntity.swift:14:11: entity Endpoint ["AppEntity"]"#,
            #"Shared/Intents/Types/IntentContainer.swift:20:8: entity IntentContainer ["AppEntity", "Identifiable", "Equatable"]"#,
            #"Shared/Intents/Types/IntentEndpoint.swift:19:8: entity IntentEndpoint ["AppEntity", "Identifiable", "Equatable"]"#,
            #"Shared/Extensions/PortainerKit/Container.State+AppEnum.swift:12:11: enum Container.State []"#,
            #"Shared/Extensions/PortainerKit/Container.State+AppEnum.swift:41:6: enum ContainerStateAppEnum ["created", "running", "paused", "restarting", "removing", "exited", "dead"]"#,
            #"Shared/Extensions/PortainerKit/ContainerAction+AppEnum.swift:12:11: enum ContainerAction []"#,
            #"Shared/Extensions/PortainerKit/ContainerAction+AppEnum.swift:39:6: enum ContainerActionAppEnum ["start", "stop", "restart", "kill", "pause", "unpause"]"#,
            #"Harbour/Intents/HarbourAppShortcuts.swift:11:8: provider HarbourAppShortcuts"#,
            #"Harbour/Intents/HarbourAppShortcuts.swift:14:3: shortcut ContainerActionIntent in HarbourAppShortcuts title="ContainerActionIntent.Title" => "ContainerActionIntent.Title" image="cube.transparent.fill" => "cube.transparent.fill" phrases=2"#,
            #"Harbour/Intents/HarbourAppShortcuts.swift:24:3: shortcut ContainerStatusIntent in HarbourAppShortcuts title="ContainerStatusIntent.Title" => "ContainerStatusIntent.Title" image="cube.fill" => "cube.fill" phrases=2"#,
        ])
        // The Handoff types interpolate `Bundle.main.mainBundleIdentifier ?? Bundle.main.bundleIdentifier!`:
        // `mainBundleIdentifier` is not in the sources, so the fallback (the bundle identifier) is what resolves.
        #expect(facts.appShortcuts.flatMap(\.phrases).map { "\($0.position) \($0.text)" } == [
            #"Harbour/Intents/HarbourAppShortcuts.swift:17:5 Execute container action in \(.applicationName)"#,
            #"Harbour/Intents/HarbourAppShortcuts.swift:18:5 Ask \(.applicationName) to \(\.$containerAction) a container"#,
            #"Harbour/Intents/HarbourAppShortcuts.swift:27:5 Get container status in \(.applicationName)"#,
            #"Harbour/Intents/HarbourAppShortcuts.swift:28:5 Check container in \(.applicationName)"#,
        ])
        #expect(facts.appIntents[0].parameters.map { "\($0.name): \($0.type) \($0.optional)" } == [
            "endpoint: IntentEndpoint? true", "container: IntentContainer? true", "containerAction: ContainerActionAppEnum? true",
        ])
    }

    @Test("SolarLens")
    func solarLens() throws {
        let facts = try RealApps.facts("SolarLens")
        #expect(facts.summaryLines() == [
            #"Shared/AppIntents/Intents/CancelActiveAutomationIntent.swift:16:15: intent CancelActiveAutomationIntent ["LiveActivityIntent"] class=- discoverable=- title="Cancel automation" => "Cancel automation""#,
            #"Shared/AppIntents/Intents/GetBatteryLevelIntent.swift:3:8: intent GetBatteryLevelIntent ["AppIntent"] class=- discoverable=- title="Get current battery level" => "Get current battery level""#,
            #"Shared/AppIntents/Intents/GetCarInfosIntent.swift:3:8: intent GetCarInfosIntent ["AppIntent"] class=- discoverable=- title="Get car information" => "Get car information""#,
            #"Shared/AppIntents/Intents/GetConsumptionIntent.swift:3:8: intent GetConsumptionIntent ["AppIntent"] class=- discoverable=- title="Get current consumption" => "Get current consumption""#,
            #"Shared/AppIntents/Intents/GetEfficiencyIntent.swift:47:8: intent GetEfficiencyIntent ["AppIntent"] class=- discoverable=- title="Get efficiency" => "Get efficiency""#,
            #"Shared/AppIntents/Intents/GetForecastIntent.swift:3:8: intent GetForecastIntent ["AppIntent"] class=- discoverable=- title="Get solar forecast" => "Get solar forecast""#,
            #"Shared/AppIntents/Intents/GetSolarProductionIntent.swift:3:8: intent GetSolarProductionIntent ["AppIntent"] class=- discoverable=- title="Get current solar production" => "Get current solar production""#,
            #"Shared/AppIntents/Intents/IsAnyCarChargingIntent.swift:3:8: intent IsAnyCarChargingIntent ["AppIntent"] class=- discoverable=- title="Is any car charging?" => "Is any car charging?""#,
            #"Shared/AppIntents/Intents/OpenAppIntent.swift:3:8: intent OpenAppIntent ["AppIntent"] class=- discoverable=- title="Open Solar-Lens" => "Open Solar-Lens""#,
            #"Shared/AppIntents/Intents/SetChargingModeIntent.swift:3:8: intent SetChargingModeIntent ["AppIntent"] class=- discoverable=- title="Set charging mode" => "Set charging mode""#,
            #"Shared/Widgets/BatteryWidgets/BatteryAppIntent.swift:5:8: intent BatteryAppIntent ["WidgetConfigurationIntent"] class=- discoverable=- title="Solar Production" => "Solar Production""#,
            #"Shared/Widgets/ConsumptionWidgets/ConsumptionAppIntent.swift:5:8: intent ConsumptionAppIntent ["WidgetConfigurationIntent"] class=- discoverable=- title="Consumption" => "Consumption""#,
            #"Shared/Widgets/EfficiencyWidgets/EfficiencyAppIntent.swift:5:8: intent EfficiencyAppIntent ["WidgetConfigurationIntent"] class=- discoverable=- title="Efficiency" => "Efficiency""#,
            #"Shared/Widgets/ForecastWidgets/ForecastAppIntent.swift:25:8: intent ForecastAppIntent ["WidgetConfigurationIntent"] class=- discoverable=- title="Solar Forecast" => "Solar Forecast""#,
            #"Shared/Widgets/SolarProductionWidgets/SolarProductionAppIntent.swift:5:8: intent SolarProductionAppIntent ["WidgetConfigurationIntent"] class=- discoverable=- title="Solar Production" => "Solar Production""#,
            #"Shared/Widgets/TodayOverviewWidgets/TodayTimelineAppIntent.swift:5:8: intent TodayTimelineAppIntent ["WidgetConfigurationIntent"] class=- discoverable=- title="Today Timeline" => "Today Timeline""#,
            #"Solar Lens Widgets/ProductionAndConsumptionWidgets/ProductionAndConsumptionAppIntent.swift:5:8: intent ProductionAndConsumptionAppIntent ["WidgetConfigurationIntent"] class=- discoverable=- title="Production & Consumption" => "Production & Consumption""#,
            #"Solar Lens Widgets/SolarTimelineWidgets/SolarTimelineAppIntent.swift:12:8: intent SolarTimelineAppIntent ["WidgetConfigurationIntent"] class=- discoverable=- title="Solar Production Timline" => "Solar Production Timline""#,
            #"Solar Lens iOS Widgets/AppIntent.swift:11:8: intent ConfigurationAppIntent ["WidgetConfigurationIntent"] class=- discoverable=- title="Configuration" => "Configuration""#,
            #"Shared/AppIntents/Intents/GetCarInfosIntent.swift:88:8: entity CarInfo ["AppEntity"]"#,
            #"Shared/AppIntents/Intents/GetEfficiencyIntent.swift:3:8: entity EfficiencyInfo ["AppEntity"]"#,
            #"Shared/AppIntents/Intents/GetForecastIntent.swift:69:6: enum ForecastDay ["today", "tomorrow", "dayAfterTomorrow"]"#,
            #"Shared/Services/SolarManagerApi/DTOs/ChargingMode.swift:3:6: enum ChargingMode ["alwaysCharge", "withSolarPower", "withSolarOrLowTariff", "off", "constantCurrent", "minimalAndSolar", "minimumQuantity", "chargingTargetSoc"]"#,
            #"Shared/Widgets/ForecastWidgets/ForecastAppIntent.swift:5:6: enum ForecastDay ["auto", "today", "tomorrow", "dayAfterTomorrow"]"#,
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:4:8: provider SolarLensShortcuts"#,
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:6:9: shortcut OpenAppIntent in SolarLensShortcuts title="Show solar overview" => "Show solar overview" image="sun.max" => "sun.max" phrases=2"#,
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:16:9: shortcut GetSolarProductionIntent in SolarLensShortcuts title="Get current solar production" => "Get current solar production" image="sun.max" => "sun.max" phrases=3"#,
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:27:9: shortcut GetBatteryLevelIntent in SolarLensShortcuts title="Get current battery level" => "Get current battery level" image="battery.50percent" => "battery.50percent" phrases=3"#,
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:38:9: shortcut GetConsumptionIntent in SolarLensShortcuts title="Get current power consumption" => "Get current power consumption" image="poweroutlet.type.n.fill" => "poweroutlet.type.n.fill" phrases=3"#,
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:49:9: shortcut IsAnyCarChargingIntent in SolarLensShortcuts title="Is any car currently charging" => "Is any car currently charging" image="bolt.car.circle" => "bolt.car.circle" phrases=3"#,
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:60:9: shortcut GetCarInfosIntent in SolarLensShortcuts title="Batterylevel of my car" => "Batterylevel of my car" image="bolt.car.circle.fill" => "bolt.car.circle.fill" phrases=3"#,
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:71:9: shortcut SetChargingModeIntent in SolarLensShortcuts title="Set charging mode" => "Set charging mode" image="bolt.car" => "bolt.car" phrases=4"#,
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:83:9: shortcut GetForecastIntent in SolarLensShortcuts title="Solar forecast" => "Solar forecast" image="slider.horizontal.below.sun.max" => "slider.horizontal.below.sun.max" phrases=5"#,
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:96:9: shortcut GetEfficiencyIntent in SolarLensShortcuts title="Efficiency" => "Efficiency" image="gauge.open.with.lines.needle.33percent.and.arrow.trianglehead.from.0percent.to.50percent" => "gauge.open.with.lines.needle.33percent.and.arrow.trianglehead.from.0percent.to.50percent" phrases=3"#,
        ])
        #expect(facts.appShortcuts.flatMap(\.phrases).count == 29)
        #expect(facts.appShortcuts.flatMap(\.phrases).filter { $0.text.contains("\\(\\.$") }.map { "\($0.position) \($0.text)" } == [
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:74:17 Set charging mode to \(\.$chargingMode) in \(.applicationName)"#,
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:76:17 Change charging mode to \(\.$chargingMode) in \(.applicationName)"#,
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:86:17 What is the solar forecast for \(\.$forDay) in \(.applicationName)"#,
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:87:17 Forecast for \(\.$forDay) in \(.applicationName)"#,
            #"Shared/AppIntents/Shortcuts/Shortcuts.swift:88:17 Solar forecast for \(\.$forDay) in \(.applicationName)"#,
        ])
        #expect(facts.appIntents.first { $0.name == "SetChargingModeIntent" }?.parameters.map { "\($0.position) \($0.name): \($0.baseType) \($0.optional)" } == [
            "Shared/AppIntents/Intents/SetChargingModeIntent.swift:7:9 chargingMode: ChargingMode false",
            "Shared/AppIntents/Intents/SetChargingModeIntent.swift:14:9 sensorId: String true",
            "Shared/AppIntents/Intents/SetChargingModeIntent.swift:19:9 constantCurrent: Int true",
            "Shared/AppIntents/Intents/SetChargingModeIntent.swift:24:9 minQuantity: Int true",
            "Shared/AppIntents/Intents/SetChargingModeIntent.swift:29:9 targetTime: Date true",
            "Shared/AppIntents/Intents/SetChargingModeIntent.swift:34:9 targetSocPercent: Int true",
        ])
    }

    @Test("Windscribe")
    func windscribe() throws {
        let facts = try RealApps.facts("Windscribe")
        #expect(facts.summaryLines() == [
            #"Windscribe/ViewControllers/MainViewController/Delegates/MainViewController+Siri.swift:21:67: activityInitializer SiriIdentifiers.disconnect => "com.Windscribe.disconnect" userInfo=["speech"]"#,
            #"Windscribe/ViewControllers/MainViewController/Delegates/MainViewController+Siri.swift:30:57: activityInitializer SiriIdentifiers.connect => "com.Windscribe.connect" userInfo=["speech"]"#,
            #"Windscribe/AppDelegate.swift:130:45: comparison SiriIdentifiers.connect => "com.Windscribe.connect""#,
            #"Windscribe/AppDelegate.swift:132:52: comparison SiriIdentifiers.disconnect => "com.Windscribe.disconnect""#,
            #"AppIntents/Intents/Connect.swift:18:8: intent Connect ["AppIntent", "WidgetConfigurationIntent", "ForegroundContinuableIntent"] class=- discoverable=- title=LocalizedStringResource("Connect.intentTitle", table: "SiriIntents") => "Connect.intentTitle""#,
            #"AppIntents/Intents/Disconnect.swift:19:8: intent Disconnect ["AppIntent", "WidgetConfigurationIntent", "ForegroundContinuableIntent"] class=- discoverable=- title=LocalizedStringResource("Disconnect.intentTitle", table: "SiriIntents") => "Disconnect.intentTitle""#,
            #"AppIntents/Intents/ShowLocation.swift:18:8: intent ShowLocation ["AppIntent", "WidgetConfigurationIntent", "CustomIntentMigratedAppIntent", "PredictableIntent", "ForegroundContinuableIntent"] class="ShowLocationIntent" => "ShowLocationIntent" discoverable=- title=LocalizedStringResource("ShowLocation.intentTitle", table: "SiriIntents") => "ShowLocation.intentTitle""#,
            #"AppIntents/ShortcutProvider.swift:13:8: provider ShortcutsProvider"#,
            #"AppIntents/ShortcutProvider.swift:16:9: shortcut ShowLocation in ShortcutsProvider title="Show connected location" => "Show connected location" image="network" => "network" phrases=4"#,
            #"AppIntents/ShortcutProvider.swift:23:9: shortcut Connect in ShortcutsProvider title="Connect to VPN" => "Connect to VPN" image="shield.fill" => "shield.fill" phrases=4"#,
            #"AppIntents/ShortcutProvider.swift:30:9: shortcut Disconnect in ShortcutsProvider title="Disconnect from VPN" => "Disconnect from VPN" image="shield.slash" => "shield.slash" phrases=3"#,
        ])
        // Both donations write `userInfo = ["speech": …]` right after creating the activity; the
        // CustomIntentMigratedAppIntent ShowLocation keeps the SiriKit class name ShowLocationIntent.
        #expect(facts.created.map(\.userInfoKeys) == [["speech"], ["speech"]])
        #expect(facts.appShortcuts.flatMap(\.phrases).map { "\($0.position) \($0.text)" } == [
            #"AppIntents/ShortcutProvider.swift:17:31 Show connected location in \(.applicationName)"#,
            #"AppIntents/ShortcutProvider.swift:18:31 Show connection status in \(.applicationName)"#,
            #"AppIntents/ShortcutProvider.swift:19:31 Show \(.applicationName) connection status"#,
            #"AppIntents/ShortcutProvider.swift:20:31 Show \(.applicationName) location"#,
            #"AppIntents/ShortcutProvider.swift:24:31 Connect with \(.applicationName)"#,
            #"AppIntents/ShortcutProvider.swift:25:31 Connect \(.applicationName) to VPN"#,
            #"AppIntents/ShortcutProvider.swift:26:31 Connect to \(.applicationName)"#,
            #"AppIntents/ShortcutProvider.swift:27:31 Connect to \(.applicationName) VPN"#,
            #"AppIntents/ShortcutProvider.swift:31:31 Disconnect from \(.applicationName)"#,
            #"AppIntents/ShortcutProvider.swift:32:31 Disconnect VPN in \(.applicationName)"#,
            #"AppIntents/ShortcutProvider.swift:33:31 Disconnect from \(.applicationName) VPN"#,
        ])
    }

    @Test("SideStore")
    func sideStore() throws {
        let facts = try RealApps.facts("SideStore")
        #expect(facts.summaryLines() == [
            #"AltStore/Intents/App Intents/RefreshAllAppsIntent.swift:38:8: intent InstallIPAIntent ["AppIntent", "ProgressReportingIntent"] class=- discoverable=- title="Install IPA" => "Install IPA""#,
            #"AltStore/Intents/App Intents/RefreshAllAppsIntent.swift:124:8: intent RefreshAllAppsIntent ["AppIntent", "CustomIntentMigratedAppIntent", "PredictableIntent", "ProgressReportingIntent", "ForegroundContinuableIntent"] class="RefreshAllIntent" => "RefreshAllIntent" discoverable=- title="Refresh All Apps" => "Refresh All Apps""#,
            #"AltStore/Intents/App Intents/RefreshAllAppsWidgetIntent.swift:12:8: intent RefreshAllAppsWidgetIntent ["AppIntent", "ProgressReportingIntent", "ForegroundContinuableIntent"] class=- discoverable=false title="Refresh Apps via Widget" => "Refresh Apps via Widget""#,
            #"AltWidget/Intents/PaginationIntent.swift:25:7: intent PaginationIntent ["AppIntent", "Sendable"] class=- discoverable=false title="Page Navigation Intent" => "Page Navigation Intent""#,
            #"AltWidget/Intents/ViewAppIntent.swift:76:8: intent SelectAppIntent ["WidgetConfigurationIntent"] class=- discoverable=- title="Select App" => "Select App""#,
            #"AltWidget/Intents/WidgetUpdateIntent.swift:12:13: intent WidgetUpdateIntent ["WidgetConfigurationIntent", "Sendable"] class=- discoverable=false title="Widget ID update Intent" => "Widget ID update Intent""#,
            #"AltWidget/Intents/ViewAppIntent.swift:16:8: entity InstalledAppEntity ["AppEntity"]"#,
            #"AltStore/Intents/App Intents/AppShortcuts.swift:12:15: provider ShortcutsProvider"#,
            #"AltStore/Intents/App Intents/AppShortcuts.swift:15:9: shortcut RefreshAllAppsIntent in ShortcutsProvider title="Refresh All Apps" => "Refresh All Apps" image="arrow.triangle.2.circlepath" => "arrow.triangle.2.circlepath" phrases=4"#,
            #"AltStore/Intents/App Intents/AppShortcuts.swift:25:9: shortcut InstallIPAIntent in ShortcutsProvider title="Install IPA" => "Install IPA" image="square.and.arrow.down" => "square.and.arrow.down" phrases=2"#,
        ])
        // No NSUserActivity: `RefreshAllIntentResponse(code:userActivity: nil)` is a labelled argument, not a site.
        #expect(facts.created.isEmpty && facts.handled.isEmpty)
        #expect(facts.appShortcuts.flatMap(\.phrases).map { "\($0.position) \($0.text)" } == [
            #"AltStore/Intents/App Intents/AppShortcuts.swift:17:25 Refresh \(.applicationName)"#,
            #"AltStore/Intents/App Intents/AppShortcuts.swift:18:25 Refresh \(.applicationName) apps"#,
            #"AltStore/Intents/App Intents/AppShortcuts.swift:19:25 Refresh my \(.applicationName) apps"#,
            #"AltStore/Intents/App Intents/AppShortcuts.swift:20:25 Refresh apps with \(.applicationName)"#,
            #"AltStore/Intents/App Intents/AppShortcuts.swift:27:25 Install IPA with \(.applicationName)"#,
            #"AltStore/Intents/App Intents/AppShortcuts.swift:28:25 Install an IPA with \(.applicationName)"#,
        ])
    }

    @Test("Pyto")
    func pyto() throws {
        let facts = try RealApps.facts("Pyto")
        #expect(facts.summaryLines() == [
            #"Pyto Intents/Handlers/RunCodeIntentHandler.swift:22:57: activityInitializer "RunCodeIntent" => "RunCodeIntent" userInfo=["code", "arguments"]"#,
            #"Pyto Intents/Handlers/RunScriptIntentHandler.swift:152:57: activityInitializer "RunScriptIntent" => "RunScriptIntent""#,
            #"Pyto Intents/Xcode 11/RunCodeIntentHandler.swift:18:57: activityInitializer "RunCodeIntent" => "RunCodeIntent" userInfo=["code", "arguments"]"#,
            #"Pyto Intents/Xcode 11/RunScriptIntentHandler.swift:49:57: activityInitializer "RunScriptIntent" => "RunScriptIntent""#,
            #"Pyto/UI/Console/ConsoleViewController.swift:1056:69: activityInitializer "pytoui" => "pytoui" userInfo=["scriptPath"]"#,
            #"Pyto/UI/Life Cycle/Scene Delegate/SceneDelegate+State Restoration.swift:112:57: activityInitializer "pyto.stateRestoration" => "pyto.stateRestoration" userInfo=["sceneState"]"#,
            #"Pyto/UI/View Controllers/FileBrowserViewController.swift:1109:61: activityInitializer "pyto" => "pyto" userInfo=["sceneState"]"#,
            #"Pyto/UI/Life Cycle/Scene Delegate/SceneDelegate+State Restoration.swift:59:117: intentCast RunScriptIntent => "RunScriptIntent""#,
            #"Pyto/UI/Life Cycle/Scene Delegate/SceneDelegate+State Restoration.swift:69:128: intentCast RunScriptIntent => "RunScriptIntent""#,
        ])
        // Pyto's userInfo of the RunScript donations is assigned inside `do`/`if` blocks, not right after the
        // creation: unknown (nil), not empty. Pyto compares no activity type; the state restoration reads the
        // script of a continued RunScriptIntent (`userActivity.interaction?.intent as? RunScriptIntent`).
        #expect(facts.created.filter { $0.value == #""RunScriptIntent""# }.allSatisfy { $0.userInfoKeys == nil })
        #expect(facts.appIntents.isEmpty && facts.appShortcuts.isEmpty)
    }

    @Test("a-shell")
    func aShell() throws {
        let facts = try RealApps.facts("a-shell")
        #expect(facts.summaryLines() == [
            #"a-Shell-Intents/ExecuteCommandIntentHandler.swift:116:65: activityInitializer "AsheKube.app.a-Shell.ExecuteCommand" => "AsheKube.app.a-Shell.ExecuteCommand""#,
            #"a-Shell-Intents/ExecuteCommandIntentHandler.swift:133:61: activityInitializer "AsheKube.app.a-Shell.ExecuteCommand" => "AsheKube.app.a-Shell.ExecuteCommand" userInfo=["url"]"#,
            #"a-Shell/SceneDelegate.swift:2414:57: activityInitializer "AsheKube.app.a-Shell.OpenDirectory" => "AsheKube.app.a-Shell.OpenDirectory" userInfo=["url"]"#,
            #"a-Shell/SceneDelegate.swift:3819:65: activityInitializer "AsheKube.app.a-Shell.ExecuteCommand" => "AsheKube.app.a-Shell.ExecuteCommand" userInfo=["url"]"#,
            #"a-Shell/SceneDelegate.swift:3866:65: activityInitializer "AsheKube.app.a-Shell.OpenDirectory" => "AsheKube.app.a-Shell.OpenDirectory" userInfo=["url"]"#,
            #"a-Shell/SceneDelegate.swift:3889:61: activityInitializer "AsheKube.app.a-Shell.EditDocument" => "AsheKube.app.a-Shell.EditDocument" userInfo=["url"]"#,
            #"a-Shell/SceneDelegate.swift:4530:79: activityInitializer "AsheKube.app.a-Shell.TermSession" => "AsheKube.app.a-Shell.TermSession" userInfo=["cwd", "prev_wd", "history", "currentCommand", "environ"]"#,
            #"a-Shell/AppDelegate.swift:688:41: comparison "AsheKube.app.a-Shell.ExecuteCommand" => "AsheKube.app.a-Shell.ExecuteCommand""#,
            // The continued shortcut's intent (`userActivity.interaction?.intent as? ExecuteCommandIntent`); the Intents
            // UI extension's cast of its own interaction is no site.
            #"a-Shell/AppDelegate.swift:689:63: intentCast ExecuteCommandIntent => "ExecuteCommandIntent""#,
            #"a-Shell/SceneDelegate.swift:3389:41: comparison "AsheKube.app.a-Shell.ExecuteCommand" => "AsheKube.app.a-Shell.ExecuteCommand""#,
            #"a-Shell/SceneDelegate.swift:3481:50: comparison "AsheKube.app.a-Shell.ExecuteCommand" => "AsheKube.app.a-Shell.ExecuteCommand""#,
            #"a-Shell/SceneDelegate.swift:3729:50: comparison "AsheKube.app.a-Shell.EditDocument" => "AsheKube.app.a-Shell.EditDocument""#,
            #"a-Shell/SceneDelegate.swift:3742:57: comparison "AsheKube.app.a-Shell.OpenDirectory" => "AsheKube.app.a-Shell.OpenDirectory""#,
            #"a-Shell/SceneDelegate.swift:3749:57: comparison "AsheKube.app.a-Shell.ExecuteCommand" => "AsheKube.app.a-Shell.ExecuteCommand""#,
            #"a-Shell/SceneDelegate.swift:4117:43: comparison "AsheKube.app.a-Shell.ExecuteCommand" => "AsheKube.app.a-Shell.ExecuteCommand""#,
            #"a-Shell/SceneDelegate.swift:4118:43: comparison "AsheKube.app.a-Shell.EditDocument" => "AsheKube.app.a-Shell.EditDocument""#,
            #"a-Shell/SceneDelegate.swift:4119:43: comparison "AsheKube.app.a-Shell.OpenDirectory" => "AsheKube.app.a-Shell.OpenDirectory""#,
        ])
        // a-Shell writes every type as a literal. The state-restoration activity is assigned to
        // `scene.session.stateRestorationActivity`, whose `userInfo!["…"]` keys follow it; those written inside
        // `if`s (fontSize, fontName, colours, cursor) are not counted: only what every path writes.
        #expect(facts.created.last?.userInfoKeys == ["cwd", "prev_wd", "history", "currentCommand", "environ"])
        #expect(facts.appIntents.isEmpty && facts.appShortcuts.isEmpty)
    }

    @Test("SoupChef (Apple's sample, in AppleSampleCode-WWDC21)")
    func soupChef() throws {
        // The SiriKit intent's continuation type is its class name, written `NSStringFromClass(OrderSoupIntent.self)`;
        // the userInfo key is an enum case nested in an extension of NSUserActivity (`ActivityKeys.orderID.rawValue`).
        let facts = try RealApps.facts("AppleSampleCode-WWDC21/Code/SoupChefAcceleratingAppInteractionsWithShortcuts")
        #expect(facts.summaryLines() == [
            #"Shared/OrderSoupIntentHandler.swift:173:57: activityInitializer NSUserActivity.orderCompleteActivityType => "com.example.apple-samplecode.SoupChef.orderComplete" userInfo=["orderID"]"#,
            #"Shared/Support/NSUserActivity+IntentData.swift:26:57: activityInitializer NSUserActivity.viewMenuActivityType => "com.example.apple-samplecode.SoupChef.viewMenu""#,
            #"SoupChef/UI/OrderHistoryViewController.swift:62:87: comparison NSStringFromClass(OrderSoupIntent.self) => "OrderSoupIntent""#,
            #"SoupChef/UI/OrderHistoryViewController.swift:77:37: comparison NSUserActivity.viewMenuActivityType => "com.example.apple-samplecode.SoupChef.viewMenu""#,
            #"SoupChef/UI/OrderHistoryViewController.swift:84:44: comparison NSStringFromClass(OrderSoupIntent.self) => "OrderSoupIntent""#,
            #"SoupChef/UI/OrderHistoryViewController.swift:92:44: comparison NSUserActivity.orderCompleteActivityType => "com.example.apple-samplecode.SoupChef.orderComplete""#,
            #"SoupChef/UI/SceneDelegate.swift:36:44: comparison NSStringFromClass(OrderSoupIntent.self) => "OrderSoupIntent""#,
            #"SoupChef/UI/SceneDelegate.swift:37:42: comparison NSUserActivity.viewMenuActivityType => "com.example.apple-samplecode.SoupChef.viewMenu""#,
            #"SoupChef/UI/SceneDelegate.swift:38:42: comparison NSUserActivity.orderCompleteActivityType => "com.example.apple-samplecode.SoupChef.orderComplete""#,
            #"SoupChef/UI/SoupMenuViewController.swift:30:46: comparison NSStringFromClass(OrderSoupIntent.self) => "OrderSoupIntent""#,
            #"SoupChef/UI/SoupMenuViewController.swift:45:68: intentCast OrderSoupIntent => "OrderSoupIntent""#,
            #"Supporting Targets/SoupChefWatch Extension/ExtensionDelegate.swift:20:41: comparison NSStringFromClass(OrderSoupIntent.self) => "OrderSoupIntent""#,
            #"Supporting Targets/SoupChefWatch Extension/ExtensionDelegate.swift:21:63: intentCast OrderSoupIntent => "OrderSoupIntent""#,
            #"Supporting Targets/SoupChefWatch Extension/ExtensionDelegate.swift:28:48: comparison NSUserActivity.viewMenuActivityType => "com.example.apple-samplecode.SoupChef.viewMenu""#,
            #"Supporting Targets/SoupChefWatch Extension/ExtensionDelegate.swift:31:48: comparison NSUserActivity.orderCompleteActivityType => "com.example.apple-samplecode.SoupChef.orderComplete""#,
        ])
    }

    @Test("the prefilter parses a small part of each app and finds the same facts as parsing every file")
    func prefilterLosesNothing() throws {
        for app in ["Harbour", "Windscribe"] {
            let files = RealApps.files(app)
            let filtered = try SwiftFactsExtractor().extract(files)
            let everything = try SwiftFactsExtractor(options: .init(usePrefilter: false)).extract(files)
            #expect(filtered.summaryLines(details: true) == everything.summaryLines(details: true), "\(app)")
            #expect(everything.parsedFiles.count == files.count)
            #expect(filtered.parsedFiles.count * 5 < files.count, "\(app): \(filtered.parsedFiles.count) of \(files.count) parsed")
        }
    }
}

/// ../shared/corpus/apps beside the checkout.
enum RealApps {
    static let root = SharedCorpus.apps
    static let present = SharedCorpus.appsArePresent

    /// Every `.swift` file of the app, display paths relative to the app's folder, sorted.
    static func files(_ app: String) -> [SwiftSourceFile] {
        let folder = root.appendingPathComponent(app)
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var files: [SwiftSourceFile] = []
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files.append(SwiftSourceFile(path: folder.appendingPathComponent(relative).path, displayPath: relative))
        }
        return files.sorted { $0.displayPath < $1.displayPath }
    }

    static func facts(_ app: String) throws -> SwiftTargetFacts {
        try SwiftFactsExtractor().extract(files(app))
    }
}
