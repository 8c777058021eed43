import Compatibility
import Diagnostics
import Foundation
import SwiftFacts
import Testing
import TestSupport

/// The real release-to-release histories of `../shared/corpus/histories` (README there): each bundle is cloned
/// into a temporary folder and `base` is compared with `head`, both read from git's objects. What each release
/// breaks and keeps was established by reading both revisions (`git show base:PATH`, `git diff base head`)
/// before the tool ran on it; it is written down beside each case and asserted exactly, at file:line:column in
/// the base revision. Compat-target-missing notes are asserted as the set of targets one side lacks.
let sharedHistories = SharedCorpus.root.appendingPathComponent("corpus/histories")

@Suite("diff on real release histories",
       .enabled(if: TestPaths.exists(sharedHistories.appendingPathComponent("README.md")),
                "../shared/corpus/histories is not beside the checkout (the real histories are read in place)"),
       .enabled(if: GitHistory.isAvailable, "git is not on PATH"),
       .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser: Swift checks are off"))
struct HistoryCorpusTests {
    static let histories = sharedHistories

    struct Outcome {
        var report: DiffReport
        /// Every finding but compat-target-missing, as `rule file:line:column`.
        var places: [String]
        /// `BASE:Target` / `HEAD:Target` for each compat-target-missing note.
        var missingTargets: Set<String>
    }

    func diff(_ name: String) throws -> Outcome {
        let history = try GitHistory(cloning: Self.histories.appendingPathComponent(name + ".bundle"))
        let report = try history.diff(.revision("base"), .revision("head"))
        let missing = report.findings.filter { $0.diagnostic.rule == .compatTargetMissing }
        return Outcome(
            report: report,
            places: report.findings.filter { $0.diagnostic.rule != .compatTargetMissing }.map { "\($0.diagnostic.rule.rawValue) \($0.diagnostic.location)" },
            missingTargets: Set(missing.map { ($0.side == .base ? "BASE:" : "HEAD:") + $0.target }))
    }

    /// amperfy v2.0.0 → v2.1.0: a complete migration. BASE's Amperfy/Intents/Intents.intentdefinition defines the
    /// custom intents SearchAndPlay (searchTerm String; searchCategory, shuffleOption, repeatOption enums), PlayID
    /// (id String; libraryElementType, shuffleOption, repeatOption enums) and PlayRandomSongs (filterOption enum),
    /// plus PlayMedia, which customises the system INPlayMediaIntent (INIntentClassName), no custom intent. HEAD
    /// deletes the three and adds App Intents SearchAndPlayIntent, PlayIDIntent, PlayRandomSongsIntent under
    /// Amperfy/Intents/AppIntents/, each `CustomIntentMigratedAppIntent` with `intentClassName` its class name and a
    /// @Parameter of every old parameter's name (String → String, enums → AppEnums). NSUserActivityTypes loses the
    /// three intent class names: no code creates them (the intents handed to the app are the migrated ones). No
    /// App Intent, AppEnum or App Shortcut of BASE exists to lose. Keeps everything: nothing to report.
    @Test func amperfyMigratesEveryCustomIntent() throws {
        let outcome = try diff("amperfy-v2.0.0-to-v2.1.0")
        #expect(outcome.places == [])
        #expect(outcome.missingTargets == [])
        #expect(!outcome.report.fails(warningsAsErrors: true))
    }

    /// harbour v3.0.0-6 → v4.0.0-31: the HarbourIntents extension is deleted with
    /// HarbourIntents/Base.lproj/HarbourIntents.intentdefinition, whose one custom intent ContainerState (line 156,
    /// `<string>ContainerState</string>`; parameters endpoint, container, resolveByName) configured the widget and
    /// ran in Shortcuts. HEAD's new App Intents ContainerStatusIntent and ExecuteActionIntent declare no
    /// `intentClassName`: every saved ContainerStateIntent breaks. ContainerStatusIntent takes two of its three
    /// parameter names (endpoint, resolveByName; containers is new), so it is named as the likely replacement.
    /// NSUserActivityTypes loses `__MainBundleIdentifier__.ContainerStateIntent` (the intent itself, above) and
    /// renames the placeholder of `…ContainerDetailsActivity`: both placeholders are #defined to the bundle
    /// identifier in Shared/Info.h (INFOPLIST_PREPROCESS), the type users see does not change, and the code
    /// creates it from `Bundle.main.mainBundleIdentifier`, which the audit does not follow: no finding, rightly.
    @Test func harbourDropsTheContainerStateCustomIntent() throws {
        let outcome = try diff("harbour-v3.0.0-6-to-v4.0.0-31")
        #expect(outcome.places == ["compat-custom-intent-dropped HarbourIntents/Base.lproj/HarbourIntents.intentdefinition:156:4"])
        #expect(outcome.missingTargets == ["BASE:HarbourIntents"])
        let finding = try #require(outcome.report.findings.first { $0.diagnostic.rule == .compatCustomIntentDropped })
        #expect(finding.diagnostic.notes.map(\.location.description) == ["Shared/Intents/Intents/ContainerStatusIntent.swift:14:8"])
        #expect(finding.noteSides == [.head])
    }

    /// harbour v4.1.1-46 → v4.2.0-49: Shared/Intents/Intents/ExecuteActionIntent.swift (App Intent ExecuteActionIntent,
    /// line 14, with its `.init(intent: Self(), …)` App Shortcut at line 63) is deleted, but in BASE it is only in
    /// the navigator: no build phase of any target has it (project.pbxproj lists its file reference, line 405, and
    /// no PBXBuildFile), so v4.1.1 shipped no such intent and its removal takes nothing from users (the earlier
    /// reading, which missed that, expected compat-app-intent-removed and compat-app-shortcut-removed there).
    /// ContainerStatusIntent, built by the app and the widgets, moves to Harbour/Intents/Container/ and keeps its
    /// name, but its @Parameters `containers` (line 47, `var containers: [IntentContainer]?`) and `resolveByName`
    /// (line 54, `var resolveByName: Bool`) become `container` and `resolveStrictly`: two warnings. Its `endpoint`
    /// stays. NSUserActivityTypes is unchanged.
    @Test func harbourRenamesStatusParametersAndDropsAnIntentItNeverBuilt() throws {
        let outcome = try diff("harbour-v4.1.1-46-to-v4.2.0-49")
        #expect(outcome.places == [
            "compat-app-intent-parameter-changed Shared/Intents/Intents/ContainerStatusIntent.swift:47:6",
            "compat-app-intent-parameter-changed Shared/Intents/Intents/ContainerStatusIntent.swift:54:6",
        ])
        #expect(outcome.missingTargets == [])
        #expect(outcome.report.counts.errors == 0)
        #expect(outcome.report.counts.warnings == 2)
    }

    /// sidestore 0.5.10 → 0.6.0: AltStore/Intents/Intents.intentdefinition (custom intent RefreshAll, no parameters)
    /// moves unchanged to AltStore/Intents/Legacy/, and App Intent RefreshAllAppsIntent declares
    /// `intentClassName = "RefreshAllIntent"`: the custom intent is both still defined and migrated. ViewApp's
    /// definition (AltStoreCore) and NSUserActivityTypes (RefreshAllIntent, ViewAppIntent) are unchanged; App
    /// Intents and App Shortcuts are only added. Keeps everything.
    @Test func sideStoreMovesItsDefinitionAndMigratesRefreshAll() throws {
        let outcome = try diff("sidestore-0.5.10-to-0.6.0")
        #expect(outcome.places == [])
        #expect(outcome.missingTargets == [])
    }

    /// roam v1.20 → v1.21: AppEnum RemoteButtonAppEnum's case `privateListening = "PrivateListening"`
    /// (Shared/Intents/RemoteButtonAppEnum.swift:42) becomes `headphonesMode = "HeadphonesMode"`: Shortcuts that
    /// chose "Private Listening" fail. Nothing else under Shared/Intents/ changed.
    @Test func roamRenamesAnEnumCase() throws {
        let outcome = try diff("roam-v1.20-to-v1.21")
        #expect(outcome.places == ["compat-app-enum-case-removed Shared/Intents/RemoteButtonAppEnum.swift:42:10"])
    }

    /// icecubesapp 1.10.36 → 1.10.37: IceCubesAppIntents/PostPhotoIntent.swift (line 4, `struct PostPhotoIntent`)
    /// becomes PostImageIntent.swift with type PostImageIntent: a renamed type is a removed one. Its App Shortcut's
    /// two phrases move to PostImageIntent's, so Siri still hears them (no shortcut note for it). PostIntent's
    /// shortcut loses "Write a status in \(.applicationName)" (AppShortcuts.swift:10): a note. HEAD adds the widget
    /// extension target IceCubesAppWidgetsExtensionExtension.
    @Test func iceCubesRenamesPostPhotoIntent() throws {
        let outcome = try diff("icecubesapp-1.10.36-to-1.10.37")
        #expect(outcome.places == [
            "compat-app-shortcut-removed IceCubesAppIntents/AppShortcuts.swift:10:9",
            "compat-app-intent-removed IceCubesAppIntents/PostPhotoIntent.swift:4:8",
        ])
        #expect(outcome.missingTargets == ["HEAD:IceCubesAppWidgetsExtensionExtension"])
    }

    /// passepartout v2.3.6 → v3.0.0: the rewrite deletes Passepartout/App/Domain/Base.lproj/Intents.intentdefinition
    /// with its eight custom intents (INIntentName strings at lines 29 ConnectVPN, 110 TrustCurrentNetwork,
    /// 158 DisableVPN, 206 UntrustCurrentNetwork, 254 TrustCellularNetwork, 302 UntrustCellularNetwork,
    /// 352 MoveToLocation, 467 EnableVPN) and adds an empty App Intents extension: no App Intent migrates any of
    /// them, so every saved Passepartout Shortcut breaks. The app's Info.plist with the eight `…Intent` types is
    /// replaced by App.plist without NSUserActivityTypes; those types are the intents above, no code creates them.
    @Test func passepartoutDropsEveryCustomIntent() throws {
        let outcome = try diff("passepartout-v2.3.6-to-v3.0.0")
        let file = "Passepartout/App/Domain/Base.lproj/Intents.intentdefinition"
        #expect(outcome.places == [29, 110, 158, 206, 254, 302, 352, 467].map { "compat-custom-intent-dropped \(file):\($0):4" })
        #expect(outcome.missingTargets == [
            "BASE:OpenVPNTunnel", "BASE:PassepartoutLauncher", "BASE:WireGuardTunnel",
            "HEAD:PassepartoutIntents", "HEAD:PassepartoutLoginItem", "HEAD:PassepartoutTunnel",
            "HEAD:PassepartoutKitDemo", "HEAD:PassepartoutKitDemoTunnel",
        ])
    }

    /// chinendar 5.5 → 6.0: the widget configuration App Intents lose `CustomIntentMigratedAppIntent` and
    /// `intentClassName`. Kept by name but without it (errors at each type): CardConfiguration (TextCardIntent,
    /// Widget/WatchWidgets/Card.swift:12), CircularConfiguration (CircularIntent, Circular.swift:22),
    /// CountDownConfiguration (CurveIntent, Relevance.swift:22, now in CountDown.swift) and TextConfiguration
    /// (SingleLineIntent, TextDesp.swift:32). Gone with theirs: MediumConfiguration (Widget/Dual.swift:22, now
    /// DualWatchConfiguration in the same file), LargeConfiguration (Full.swift:12, now FullWatchConfiguration) and
    /// SmallConfiguration (Single.swift:22, file deleted). AppEnum DisplayOrder goes with MediumConfiguration, the
    /// one intent whose parameter it was (no case finding: the intent's removal is the break).
    @Test func chinendarDropsItsWidgetIntentClassNames() throws {
        let outcome = try diff("chinendar-5.5-to-6.0")
        #expect(outcome.places == [
            "compat-app-intent-removed Widget/Dual.swift:22:8",
            "compat-app-intent-removed Widget/Full.swift:12:8",
            "compat-app-intent-removed Widget/Single.swift:22:8",
            "compat-intent-class-name-changed Widget/WatchWidgets/Card.swift:12:8",
            "compat-intent-class-name-changed Widget/WatchWidgets/Circular.swift:22:8",
            "compat-intent-class-name-changed Widget/WatchWidgets/Relevance.swift:22:8",
            "compat-intent-class-name-changed Widget/WatchWidgets/TextDesp.swift:32:8",
        ])
    }

    /// solarlens 3.1.2 → 3.2.0 and windscribe v3.8.10 → v3.8.12 keep everything: SolarLens moves App Intent files
    /// unchanged and only adds intents, enums and phrases; Windscribe's Development.plist loses three intent class
    /// names, but the audit reads the default configuration (Release: Production.plist, unchanged), and those
    /// intents stay defined in its .intentdefinition files either way.
    @Test(arguments: ["solarlens-3.1.2-to-3.2.0", "windscribe-v3.8.10-to-v3.8.12"])
    func releasesThatKeepEverything(_ name: String) throws {
        let outcome = try diff(name)
        #expect(outcome.places == [])
        #expect(outcome.missingTargets == [])
    }
}
