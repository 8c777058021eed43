import Testing
import ActivityBridge
import PropertyList

@Suite("Replay expectations")
struct ReplayExpectationTests {
    @Test func theResultIsConsultedBeforeTheSnapshot() {
        let failures = ReplayExpectation.failures(
            of: ["outcome": "handled", "screen": "splash"],
            result: ["outcome": "handled", "screen": "result-wins"],
            snapshot: ["screen": "splash", "outcome": "snapshot-loses"])
        #expect(failures.map(\.key) == ["screen"])
        #expect(failures.first?.actual == "result-wins")
    }

    @Test func aMissingKeyFailsAndSaysSo() {
        let failures = ReplayExpectation.failures(of: ["lastIntent": "BookAppointmentIntent"], result: ["outcome": "ok"], snapshot: [:])
        #expect(failures.count == 1)
        #expect(failures.first?.actual == nil)
        #expect(failures.first?.description == "lastIntent: expected \"BookAppointmentIntent\", got nothing (no such key in the result or the snapshot)")
    }

    @Test(arguments: ["candidates", "results", "spotlight", "shortcutPhrases"])
    func setKeysIgnoreOrder(_ key: String) {
        let snapshot: PropertyListDictionary = [key: ["b", "a", "c"]]
        #expect(ReplayExpectation.failures(of: [key: ["a", "b", "c"]], result: [:], snapshot: snapshot).isEmpty)
        #expect(ReplayExpectation.failures(of: [key: ["a", "b"]], result: [:], snapshot: snapshot).count == 1)
        #expect(ReplayExpectation.failures(of: [key: ["a", "b", "c", "d"]], result: [:], snapshot: snapshot).count == 1)
    }

    @Test func aStringHoldsForAnEntityWithThatTitle() {
        let charlie: PropertyListValue = ["type": "ContactEntity", "id": "c-1", "title": "Charlie Ünal"]
        let result: PropertyListDictionary = ["entity": charlie, "plain": ["title": "Charlie"]]
        #expect(ReplayExpectation.failures(of: ["entity": "charlie unal"], result: result, snapshot: [:]).isEmpty)
        #expect(ReplayExpectation.failures(of: ["entity.id": "c-1", "entity": charlie], result: result, snapshot: [:]).isEmpty)
        #expect(ReplayExpectation.failures(of: ["entity": "Charles"], result: result, snapshot: [:]).map(\.key) == ["entity"])
        #expect(ReplayExpectation.failures(of: ["entity": "c-1"], result: result, snapshot: [:]).map(\.key) == ["entity"],
                "the title, not the identifier")
        // Not an entity (no type and id): a string never equals a dictionary.
        #expect(ReplayExpectation.failures(of: ["plain": "Charlie"], result: result, snapshot: [:]).map(\.key) == ["plain"])
    }

    @Test func otherArraysKeepTheirOrder() {
        let snapshot: PropertyListDictionary = ["donations": ["Jane-Monday", "Ann-Friday"], "hairdressers": ["Ann", "Jane"]]
        #expect(ReplayExpectation.failures(of: ["donations": ["Jane-Monday", "Ann-Friday"]], result: [:], snapshot: snapshot).isEmpty)
        let failures = ReplayExpectation.failures(of: ["donations": ["Ann-Friday", "Jane-Monday"]], result: [:], snapshot: snapshot)
        #expect(failures.map(\.description) == ["donations: expected [\"Ann-Friday\", \"Jane-Monday\"], got [\"Jane-Monday\", \"Ann-Friday\"]"])
    }

    @Test func numbersCompareByValue() {
        #expect(ReplayExpectation.matches(1, 1.0))
        #expect(ReplayExpectation.matches(1.0, 1))
        #expect(ReplayExpectation.matches(52.52, 52.52))
        #expect(!ReplayExpectation.matches(1, 1.5))
        #expect(!ReplayExpectation.matches(2, 1))
        #expect(!ReplayExpectation.matches(1, true))
        #expect(!ReplayExpectation.matches(1, "1"))
        #expect(ReplayExpectation.matches(.integer(PropertyListInteger(UInt64.max)), .integer(PropertyListInteger(UInt64.max))))
        #expect(!ReplayExpectation.matches(9_007_199_254_740_993, 9_007_199_254_740_992.0))
    }

    @Test func nestedValuesUseTheSameRules() {
        let actual: PropertyListValue = ["place": ["latitude": 52.0, "longitude": 13]]
        #expect(ReplayExpectation.matches(["place": ["latitude": 52, "longitude": 13.0]], actual))
        #expect(!ReplayExpectation.matches(["place": ["latitude": 52]], actual))
        let appointments: PropertyListValue = [["hairdresser": "Jane", "day": "Monday"]]
        #expect(ReplayExpectation.matches([["day": "Monday", "hairdresser": "Jane"]], appointments))
    }

    @Test func dottedKeysReachIntoResultValues() {
        let result: PropertyListDictionary = ["outcome": "ok", "person": ["displayName": "Jane", "phoneNumber": "555"]]
        #expect(ReplayExpectation.failures(of: ["person.displayName": "Jane"], result: result, snapshot: [:]).isEmpty)
        #expect(ReplayExpectation.failures(of: ["appointments[0].day": "Monday"], result: [:],
                                           snapshot: ["appointments": [["day": "Monday"]]]).isEmpty)
        // A snapshot key that itself contains a dot is found as it is.
        #expect(ReplayExpectation.failures(of: ["router.pending": 0], result: [:], snapshot: ["router.pending": 0]).isEmpty)
    }

    @Test func valuesRenderOnOneLine() {
        #expect(ReplayValueText.render(["a": [1, 2.5, true], "b": "x\"y"]) == "{a: [1, 2.5, true], b: \"x\\\"y\"}")
    }
}
