import Foundation
import Testing
import ActivityBridge
import PropertyList

@Suite("Replay session: common steps through a test app")
struct ReplaySessionTests {
    @Test func aColdStartContinuationIsQueuedUntilLaunchFinishes() throws {
        let fixture = try TallyFixture()
        let report = try fixture.run([
            ["do": "check", "expect": ["screen": "closed", "router.pending": 0]],
            ["do": "continue", "activity": addActivity(5),
             "expect": ["outcome": "handled", "screen": "splash", "router.pending": 1, "total": 0]],
            ["do": "continue", "activity": addActivity(2), "expect": ["router.pending": 2]],
            ["do": "finishLaunching", "expect": ["outcome": "ok", "screen": "home", "router.pending": 0, "total": 7]],
        ])
        #expect(report.passed, "\(report.failureMessages)")
        #expect(report.steps.map(\.outcome) == ["ok", "handled", "handled", "ok"])
    }

    @Test func aLaunchedAppHandlesAtOnce() throws {
        let fixture = try TallyFixture()
        let report = try fixture.run([
            ["do": "check", "expect": ["screen": "home"]],
            ["do": "continue", "activity": addActivity(5), "expect": ["total": 5, "router.pending": 0]],
        ], launched: true)
        #expect(report.passed, "\(report.failureMessages)")
    }

    @Test func deliveryFailuresHaveTheirOutcomes() throws {
        let fixture = try TallyFixture()
        let report = try fixture.run([
            ["do": "continue", "activity": addActivity(1, type: "com.example.undeclared"),
             "expect": ["outcome": "undeclared", "screen": "closed"]],
            ["do": "continue", "activity": addActivity(nil, extra: ["requiredUserInfoKeys": ["amount"]]),
             "expect": ["outcome": "missingRequiredKeys", "missingKeys": ["amount"]]],
            ["do": "continue", "activity": ["userInfo": [:]], "expect": ["outcome": "invalidActivity", "issues": ["activity-type-empty"]]],
            ["do": "continue", "activity": addActivity("five"), "expect": ["outcome": "notHandled", "screen": "splash"]],
            ["do": "continue", "activity": addActivity(1, type: "com.example.tally.noop"), "expect": ["outcome": "noHandler"]],
        ])
        #expect(report.passed, "\(report.failureMessages)")
    }

    @Test func donationsAreStoredContinuedAndDeleted() throws {
        let fixture = try TallyFixture()
        let donation: PropertyListValue = [
            "activityType": "com.example.tally.add", "title": "Add five", "persistentIdentifier": "add-5",
            "isEligibleForPrediction": true, "userInfo": ["amount": 5, "note": "x"], "requiredUserInfoKeys": ["amount"],
        ]
        let report = try fixture.run([
            ["do": "donate", "activity": donation, "expect": ["outcome": "donated", "donations": ["add-5"]]],
            ["do": "donate", "activity": ["activityType": "com.example.tally.add"],
             "expect": ["outcome": "donated",
                        "warnings": ["donation-no-title", "donation-no-persistent-identifier", "donation-not-eligible-for-prediction"]]],
            ["do": "donate", "activity": ["activityType": "com.example.tally.add", "webpageURL": "ftp://x.example"],
             "expect": ["outcome": "invalidActivity", "issues": ["webpage-url-scheme"]]],
            ["do": "continueDonation", "persistentIdentifier": "add-5", "expect": ["outcome": "handled", "screen": "splash"]],
            ["do": "finishLaunching", "expect": ["total": 5]],
            ["do": "deleteDonations", "persistentIdentifiers": ["add-5"], "expect": ["outcome": "ok", "donations": []]],
            ["do": "continueDonation", "persistentIdentifier": "add-5", "expect": ["outcome": "notFound", "total": 5]],
        ])
        #expect(report.passed, "\(report.failureMessages)")
    }

    @Test func aRecordedPhraseContinuesItsDonation() throws {
        let fixture = try TallyFixture()
        let report = try fixture.run([
            ["do": "donate", "activity": ["activityType": "com.example.tally.add", "title": "Add two",
                                          "persistentIdentifier": "add-2", "isEligibleForPrediction": true, "userInfo": ["amount": 2]]],
            ["do": "siri", "utterance": "Tally up", "expect": ["outcome": "noMatch"]],
            ["do": "recordPhrase", "persistentIdentifier": "add-2", "phrase": "Tally up"],
            ["do": "recordPhrase", "persistentIdentifier": "missing", "phrase": "Nothing", "expect": ["outcome": "notFound"]],
            ["do": "siri", "utterance": "  tally UP! ", "expect": ["outcome": "handled", "router.pending": 1]],
            ["do": "deleteDonations", "all": true, "expect": ["donations": []]],
            // The voice shortcut keeps its own copy, as iOS does.
            ["do": "siri", "utterance": "Tally up.", "expect": ["outcome": "handled", "router.pending": 2]],
            ["do": "finishLaunching", "expect": ["total": 4]],
        ])
        #expect(report.passed, "\(report.failureMessages)")
    }

    @Test func intentsNeedValuesAndChoicesAnswerThem() throws {
        let fixture = try TallyFixture()
        let report = try fixture.run([
            ["do": "runShortcut", "intent": "AddIntent",
             "expect": ["outcome": "needsValue", "candidates": ["Large", "Small"], "parameter": "size"]],
            ["do": "choose", "name": "large", "expect": ["outcome": "handled", "lastIntent": "AddIntent", "screen": "splash"]],
            ["do": "runShortcut", "intent": "AddIntent", "parameters": ["size": "small"], "expect": ["outcome": "handled", "dialog": "Added"]],
            ["do": "siri", "utterance": "Add one in Tally", "expect": ["outcome": "disambiguation", "candidates": ["Small", "Large"]]],
            ["do": "choose", "name": "Medium", "expect": ["outcome": "noMatch", "candidates": ["Small", "Large"]]],
            ["do": "choose", "name": "Small", "expect": ["outcome": "handled"]],
            ["do": "siri", "utterance": "Add some in Tally", "expect": ["outcome": "needsValue"]],
            ["do": "runShortcut", "intent": "FutureIntent", "expect": ["outcome": "unavailable"]],
            ["do": "finishLaunching", "expect": ["total": 12]],
        ])
        #expect(report.passed, "\(report.failureMessages)")
    }

    @Test func spotlightFindsSearchableDonationsAndIndexedItems() throws {
        let fixture = try TallyFixture()
        let report = try fixture.run([
            ["do": "donate", "activity": ["activityType": "com.example.tally.add", "title": "Add three", "persistentIdentifier": "add-3",
                                          "isEligibleForSearch": true, "userInfo": ["amount": 3]]],
            ["do": "donate", "activity": ["activityType": "com.example.tally.add", "title": "Add secret", "userInfo": ["amount": 9]]],
            ["do": "spotlightSearch", "query": "ADD", "expect": ["results": ["Add three"]]],
            ["do": "spotlightSearch", "query": "sum", "expect": ["results": ["Tally total"]]],
            ["do": "spotlightSearch", "query": "zzz", "expect": ["results": []]],
            ["do": "spotlightTap", "name": "add three", "expect": ["outcome": "handled"]],
            ["do": "spotlightTap", "name": "Tally total", "expect": ["outcome": "handled"]],
            ["do": "spotlightTap", "name": "Add secret", "expect": ["outcome": "notFound"]],
            ["do": "finishLaunching", "expect": ["total": 103]],
        ])
        #expect(report.passed, "\(report.failureMessages)")
    }

    @Test func aFailedExpectationIsReportedWithExpectedAndActual() throws {
        let fixture = try TallyFixture()
        let report = try fixture.run([
            ["do": "tap", "amount": 2, "expect": ["total": 3, "screen": "closed"]],
            ["do": "tap", "amount": 1, "expect": ["total": 3]],
        ])
        #expect(!report.passed)
        #expect(report.error == nil)
        #expect(report.steps.count == 2)
        #expect(report.failureMessages == ["step 1 (tap): total: expected 3, got 2"])
    }

    static let badSteps: [(step: PropertyListValue, message: String)] = [
        (PropertyListValue.dictionary(["do": "frobnicate"]), "step 2 (frobnicate): unknown step 'frobnicate'"),
        (["do": "tap"], "step 2 (tap): missing argument 'amount'"),
        (["do": "tap", "amount": "two"], "step 2 (tap): argument 'amount' must be a whole number, found <string>"),
        (["do": "choose", "name": "x"], "step 2 (choose): nothing to choose: no disambiguation or needsValue is pending"),
        (["do": "runShortcut", "intent": "NoSuchIntent"], "step 2 (runShortcut): invalid argument 'intent': unknown intent 'NoSuchIntent'"),
        (["do": "deleteDonations"], "step 2 (deleteDonations): missing argument 'persistentIdentifiers'"),
        (["do": "continue", "activity": "x"], "step 2 (continue): argument 'activity' must be a dictionary, found <string>"),
    ]

    @Test(arguments: badSteps)
    func scriptErrorsNameTheStepAndStopTheScript(_ example: (step: PropertyListValue, message: String)) throws {
        let (bad, message) = example
        let fixture = try TallyFixture()
        let report = try fixture.run([["do": "tap", "amount": 1], bad, ["do": "tap", "amount": 1]])
        #expect(!report.passed)
        #expect(report.error?.step == 2)
        #expect(report.steps.count == 2, "the script stops at the failing step")
        #expect(report.failureMessages == [message])
    }

    @Test func unknownAppsAndMissingBridgesAreScriptErrors() throws {
        let fixture = try TallyFixture()
        let unknown = fixture.runner.run(try ReplayScript(root: ["name": "n", "app": "nope", "steps": []], file: "n.plist"))
        #expect(unknown.error?.message == "unknown app 'nope' (known: tally)")
        #expect(unknown.error?.step == nil)
        let bridged = try fixture.run([["do": "check"]], bridge: true)
        #expect(bridged.error?.message.contains("has no bridge manifest") == true)
    }

    @Test func everyScriptRunsInAFreshDirectoryThatIsRemoved() throws {
        let fixture = try TallyFixture()
        _ = try fixture.run([["do": "donate", "activity": ["activityType": "com.example.tally.add", "persistentIdentifier": "a"]]])
        let second = try fixture.run([["do": "check", "expect": ["donations": []]]])
        #expect(second.passed, "\(second.failureMessages)")
        #expect(fixture.scratchContents.isEmpty)
    }
}
