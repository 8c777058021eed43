import Diagnostics
import Foundation
import Testing
import ActivityKit
import PropertyList
import BuildSettings

@Suite("ContinuationEngine")
struct ContinuationEngineTests {
    static let appointment = "com.donnywals.hairdressers.appointment"

    /// Records what the hooks and the handler saw.
    final class Recorder {
        var willContinue: [String] = []
        var failures: [(String, ContinuationFailure)] = []
        var received: [UserActivity] = []
    }

    final class RestoredView: UserActivityRestoring {
        let restorationIdentifier: String
        var restored: [UserActivity] = []
        init(_ identifier: String) { restorationIdentifier = identifier }
        func restoreUserActivityState(_ activity: UserActivity) { restored.append(activity) }
    }

    func engine(_ recorder: Recorder, returning answer: Bool = true, coreSpotlight: Bool = false) -> ContinuationEngine {
        let engine = ContinuationEngine(declaredTypes: [Self.appointment, "com.example.other"], coreSpotlightContinuation: coreSpotlight)
        engine.willContinue = { type in recorder.willContinue.append(type); return type == Self.appointment }
        engine.didFailToContinue = { type, failure in recorder.failures.append((type, failure)) }
        engine.register(Self.appointment) { activity, _ in
            recorder.received.append(activity)
            return answer
        }
        return engine
    }

    func booking(extra: PropertyListDictionary = [:], required: [String]? = ["hairdresser", "day"]) -> UserActivity {
        var userInfo: PropertyListDictionary = ["hairdresser": "Jane", "day": "Monday"]
        for entry in extra { userInfo[entry.key] = entry.value }
        return UserActivity(activityType: Self.appointment, title: "Book", userInfo: userInfo, requiredUserInfoKeys: required)
    }

    @Test func aDeclaredActivityReachesItsHandlerWhole() {
        let recorder = Recorder()
        let result = engine(recorder).continue(booking(extra: ["note": "fringe"]))
        #expect(result.outcome == .handled)
        #expect(result.activityType == Self.appointment)
        #expect(recorder.received.count == 1)
        #expect(recorder.received.first?.userInfo["note"] == "fringe")
        #expect(result.delivered == recorder.received.first)
        #expect(recorder.willContinue == [Self.appointment])
        #expect(result.appShowsProgress)
        #expect(recorder.failures.isEmpty)
    }

    @Test func aHandlerThatReturnsFalseIsNotHandled() {
        let recorder = Recorder()
        let result = engine(recorder, returning: false).continue(booking())
        #expect(result.outcome == .notHandled)
        #expect(recorder.received.count == 1)
    }

    @Test func anUndeclaredTypeIsNeverDeliveredNorAnnounced() {
        let recorder = Recorder()
        let engine = engine(recorder)
        engine.register("com.example.undeclared") { _, _ in Issue.record("delivered"); return true }
        let result = engine.continue(UserActivity(activityType: "com.example.undeclared"))
        #expect(result.outcome == .undeclared)
        #expect(result.delivered == nil)
        #expect(recorder.willContinue.isEmpty)
        #expect(recorder.failures.isEmpty)
    }

    @Test func aMissingRequiredKeyStopsDeliveryAndReportsTheFailure() {
        let recorder = Recorder()
        let activity = UserActivity(activityType: Self.appointment, userInfo: ["hairdresser": "Jane"],
                                    requiredUserInfoKeys: ["hairdresser", "day"])
        let result = engine(recorder).continue(activity)
        #expect(result.outcome == .missingRequiredKeys)
        #expect(result.missingKeys == ["day"])
        #expect(recorder.received.isEmpty)
        #expect(recorder.willContinue == [Self.appointment])
        #expect(recorder.failures.count == 1)
        #expect(recorder.failures.first?.0 == Self.appointment)
        #expect(recorder.failures.first?.1 == .missingRequiredKeys(["day"]))
    }

    @Test func aDeclaredTypeWithoutHandlerIsNoHandler() {
        let recorder = Recorder()
        let result = engine(recorder).continue(UserActivity(activityType: "com.example.other"))
        #expect(result.outcome == .noHandler)
        #expect(recorder.willContinue == ["com.example.other"])
        #expect(!result.appShowsProgress)
    }

    @Test func anInvalidActivityIsRejectedBeforeAnything() {
        let recorder = Recorder()
        var activity = booking()
        activity.webpageURL = URL(string: "ftp://example.com/x")
        let result = engine(recorder).continue(activity)
        #expect(result.outcome == .invalidActivity)
        #expect(result.issues.contains { $0.rule == .webpageURLScheme })
        #expect(recorder.willContinue.isEmpty)
        #expect(recorder.received.isEmpty)
        #expect(engine(recorder).continue(UserActivity(activityType: "")).outcome == .invalidActivity)
    }

    @Test func aStoredDonationDeliversOnlyItsRequiredKeys() {
        let recorder = Recorder()
        let result = engine(recorder).continueStored(booking(extra: ["note": "fringe"]))
        #expect(result.outcome == .handled)
        #expect(recorder.received.first?.userInfo == ["hairdresser": "Jane", "day": "Monday"])
        #expect(result.delivered?.userInfo["note"] == nil)
    }

    @Test func aStoredDonationWithoutRequiredKeysDeliversEveryKey() {
        let recorder = Recorder()
        engine(recorder).continueStored(booking(extra: ["note": "fringe"], required: nil))
        #expect(recorder.received.first?.userInfo.count == 3)
        let recorder2 = Recorder()
        engine(recorder2).continueStored(booking(extra: ["note": "fringe"], required: []))
        #expect(recorder2.received.first?.userInfo.isEmpty == true)
    }

    @Test func restorationObjectsAreRestoredAndReported() {
        let engine = ContinuationEngine(declaredTypes: [Self.appointment])
        let list = RestoredView("AppointmentsList")
        let detail = RestoredView("AppointmentDetail")
        engine.register(Self.appointment) { _, restore in
            restore([list, detail])
            return true
        }
        let result = engine.continue(booking())
        #expect(result.restoredObjects == ["AppointmentsList", "AppointmentDetail"])
        #expect(list.restored.count == 1)
        #expect(detail.restored.first?.activityType == Self.appointment)
    }

    @Test func spotlightQueryNeedsCoreSpotlightContinuation() {
        let query = UserActivity(activityType: SystemActivityType.spotlightQuery.rawValue,
                                 userInfo: ["kCSSearchQueryString": "Jane"])
        #expect(engine(Recorder()).continue(query).outcome == .undeclared)
        #expect(engine(Recorder(), coreSpotlight: true).continue(query).outcome == .noHandler)
        let withHandler = engine(Recorder(), coreSpotlight: true)
        withHandler.register(SystemActivityType.spotlightQuery.rawValue) { _, _ in true }
        #expect(withHandler.continue(query).outcome == .handled)
    }

    @Test func browsingWebNeedsAWebpageURL() {
        let recorder = Recorder()
        let engine = engine(recorder)
        var web = UserActivity(activityType: SystemActivityType.browsingWeb.rawValue)
        #expect(engine.continue(web).outcome == .invalidActivity)
        web.webpageURL = URL(string: "https://hairdressers.example/book")
        #expect(engine.continue(web).outcome == .noHandler)
    }

    @Test func spotlightItemNeedsItsIdentifier() {
        let engine = engine(Recorder())
        engine.register(SystemActivityType.spotlightItem.rawValue) { activity, _ in
            activity.userInfo["kCSSearchableItemActivityIdentifier"] == "jane"
        }
        let bare = UserActivity(activityType: SystemActivityType.spotlightItem.rawValue)
        #expect(engine.continue(bare).outcome == .invalidActivity)
        let item = UserActivity(activityType: SystemActivityType.spotlightItem.rawValue,
                                userInfo: ["kCSSearchableItemActivityIdentifier": "jane"])
        #expect(engine.continue(item).outcome == .handled)
    }

    @Test func admissionChecksWithoutSideEffects() {
        let recorder = Recorder()
        let engine = engine(recorder)
        #expect(engine.admission(of: booking()) == nil)
        #expect(engine.admission(of: UserActivity(activityType: "x.y"))?.outcome == .undeclared)
        #expect(engine.admission(of: booking(extra: [:], required: ["missing"]))?.outcome == .missingRequiredKeys)
        #expect(recorder.willContinue.isEmpty)
        #expect(recorder.received.isEmpty)
    }

    @Test func handlersCanBeReplacedAndRemoved() {
        let engine = ContinuationEngine(declaredTypes: [Self.appointment])
        engine.register(Self.appointment) { _, _ in false }
        engine.register(Self.appointment) { _, _ in true }
        #expect(engine.continue(booking()).outcome == .handled)
        #expect(engine.handledTypes == [Self.appointment])
        engine.removeHandler(for: Self.appointment)
        #expect(engine.continue(booking()).outcome == .noHandler)
    }

    @Test func declarationsComeFromTheInfoPlist() {
        let plist: PropertyListValue = [
            "NSUserActivityTypes": ["$(PRODUCT_BUNDLE_IDENTIFIER).appointment"],
            "CoreSpotlightContinuation": true,
        ]
        let declarations = ActivityTypeDeclarations(
            root: plist, defines: BuildSettings(["PRODUCT_BUNDLE_IDENTIFIER": "com.donnywals.hairdressers"]))
        let engine = ContinuationEngine(declarations: declarations)
        #expect(engine.declaredTypes == [Self.appointment])
        #expect(engine.coreSpotlightContinuation)
        #expect(engine.accepts(SystemActivityType.spotlightQuery.rawValue))
        #expect(!engine.accepts("com.donnywals.hairdressers.other"))
    }

    @Test(arguments: ContinuationOutcome.allCases)
    func outcomesUseTheSpecNames(_ outcome: ContinuationOutcome) {
        let names: Set<String> = ["handled", "notHandled", "undeclared", "noHandler", "missingRequiredKeys", "invalidActivity"]
        #expect(names.contains(outcome.rawValue))
    }
}
