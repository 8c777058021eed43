import Diagnostics
import Foundation
import PropertyList
import Testing
@testable import ActivityKit

@Suite("UserActivity model and Apple's rules")
struct UserActivityTests {
    @Test func defaultsFollowApple() {
        let activity = UserActivity(activityType: "com.example.view")
        #expect(activity.isEligibleForHandoff)
        #expect(!activity.isEligibleForPrediction)
        #expect(!activity.isEligibleForSearch)
        #expect(!activity.isEligibleForPublicIndexing)
        #expect(activity.requiredUserInfoKeys == nil)
        #expect(activity.userInfo.isEmpty)
        #expect(activity.validate().isEmpty)
    }

    @Test func addUserInfoEntriesLetsTheIncomingValueWin() {
        var activity = UserActivity(activityType: "t", userInfo: ["a": 1, "b": 2])
        activity.addUserInfoEntries(["b": "new", "c": true])
        #expect(activity.userInfo.keys == ["a", "b", "c"])  // replaced keys keep their place
        #expect(activity.userInfo["b"] == "new")
        #expect(activity.userInfo["a"] == 1)
    }

    @Test func requiredKeysNilMeansAllAndEmptyMeansNone() {
        var activity = UserActivity(activityType: "t", userInfo: ["hairdresser": "Jane", "day": "Monday", "note": "x"])
        #expect(activity.restoredUserInfo == activity.userInfo)
        activity.requiredUserInfoKeys = []
        #expect(activity.restoredUserInfo.isEmpty)
        activity.requiredUserInfoKeys = ["day", "hairdresser", "day"]
        #expect(activity.requiredUserInfoKeys == ["day", "hairdresser"])  // each once, order kept
        #expect(activity.restoredUserInfo == ["hairdresser": "Jane", "day": "Monday"])
    }

    @Test func aUIDAnywhereInUserInfoIsAnErrorAtItsPath() {
        let activity = UserActivity(activityType: "t", userInfo: [
            "fine": ["nested": [1, 2.5, true, "s"]],
            "bad": ["list": [1, .uid(7)]],
        ])
        let issues = activity.validate()
        #expect(issues.count == 1)
        #expect(issues.first?.rule == .userInfoUnsupportedValue)
        #expect(issues.first?.path.description == "userInfo.bad.list[1]")
        #expect(issues.first?.isError == true)
    }

    @Test(arguments: [
        ("https://example.com/a", true), ("http://example.com", true), ("HTTPS://EXAMPLE.COM", true),
        ("ftp://example.com/file", false), ("file:///tmp/x", false), ("mailto:a@b.c", false), ("example.com", false),
    ])
    func webpageURLMustBeHTTP(_ text: String, _ allowed: Bool) throws {
        var activity = UserActivity(activityType: "t")
        activity.webpageURL = URL(string: text)
        let issues = activity.validate()
        #expect(issues.contains { $0.rule == .webpageURLScheme } == !allowed)
        if !allowed { #expect(issues.first?.message.contains(text) == true) }
    }

    @Test func everyRequiredKeyMustBeInUserInfo() throws {
        let activity = UserActivity(activityType: "t", userInfo: ["day": "Monday"], requiredUserInfoKeys: ["hairdresser", "day", "time"])
        let error = #expect(throws: UserActivityError.self) { try activity.validated() }
        #expect(error?.errors.map(\.rule) == [.requiredUserInfoKeyMissing, .requiredUserInfoKeyMissing])
        #expect(error?.errors.map(\.message) == [
            "required userInfo key 'hairdresser' is not in userInfo", "required userInfo key 'time' is not in userInfo",
        ])
        #expect(activity.missingRequiredUserInfoKeys == ["hairdresser", "time"])
    }

    @Test func userInfoOverThreeKilobytesIsAWarningMeasuredAsBinaryPlist() throws {
        var activity = UserActivity(activityType: "t")
        activity.userInfo = ["blob": .data(Data(count: 3000))]
        #expect(activity.userInfoEncodedSize == BinaryPropertyListWriter().data(for: .dictionary(activity.userInfo)).count)
        #expect(activity.userInfoEncodedSize < UserActivity.userInfoSizeAdvice)
        #expect(activity.validate().isEmpty)
        activity.userInfo["more"] = .data(Data(count: 200))
        let warnings = try activity.validated()
        #expect(warnings.map(\.rule) == [.userInfoTooLarge])
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.message.contains("\(activity.userInfoEncodedSize) bytes") == true)
    }

    @Test func repeatedValuesAreMeasuredAsTheWriterSharesThem() {
        // 400 copies of one string: a copy each would be about 8 KB, but the writer stores the
        // string once, so the real encoding is far under the advice and there is no warning.
        let activity = UserActivity(activityType: "t", userInfo: ["list": .array(Array(repeating: "same string value", count: 400))])
        let value = PropertyListValue.dictionary(activity.userInfo)
        #expect(PropertyListSizeEstimate.estimatedBinaryPropertyListSize(of: value) > UserActivity.userInfoSizeAdvice)
        #expect(activity.userInfoEncodedSize == BinaryPropertyListWriter().data(for: value).count)
        #expect(activity.userInfoEncodedSize < 1000)
        #expect(activity.validate().isEmpty)
    }

    @Test(arguments: [
        PropertyListValue.dictionary([:]),
        ["a": "ascii", "b": "ünïcødé", "c": 1, "d": -1, "e": 70_000, "f": 1.5, "g": true],
        ["big": .integer(PropertyListInteger(UInt64.max)), "date": .date(Date(timeIntervalSinceReferenceDate: 0)),
         "data": .data(Data(count: 20)), "nested": ["x": [1, 2, ["y": "z"]]]],
        ["long": .string(String(repeating: "x", count: 300)), "array": .array((0..<20).map { .integer(PropertyListInteger($0 * 1000)) })],
    ])
    func theEstimateIsExactWithoutRepeatsAndNeverBelowTheWriter(_ value: PropertyListValue) {
        let estimate = PropertyListSizeEstimate.estimatedBinaryPropertyListSize(of: value)
        let written = BinaryPropertyListWriter().data(for: value).count
        #expect(estimate >= written)
    }

    @Test func searchEligibleWithWebpageButNoRequiredKeysWarns() throws {
        var activity = UserActivity(activityType: "t", isEligibleForSearch: true)
        activity.webpageURL = URL(string: "https://example.com")
        #expect(try activity.validated().map(\.rule) == [.searchWithoutRequiredKeys])
        activity.requiredUserInfoKeys = []
        #expect(try activity.validated().isEmpty)
    }

    @Test func donationWarningsSayWhySiriCouldNotSuggestIt() {
        var activity = UserActivity(activityType: "t")
        #expect(activity.donationWarnings.map(\.rule) == [.donationNoTitle, .donationNoPersistentIdentifier, .donationNotEligibleForPrediction])
        activity.title = "Book"
        activity.persistentIdentifier = "Jane-Monday"
        activity.isEligibleForPrediction = true
        #expect(activity.donationWarnings.isEmpty)
    }

    @Test func expiryIsInclusiveOfTheExpirationMoment() {
        let moment = Date(timeIntervalSinceReferenceDate: 1000)
        let activity = UserActivity(activityType: "t", expirationDate: moment)
        #expect(!activity.isExpired(at: moment.addingTimeInterval(-1)))
        #expect(activity.isExpired(at: moment))
        #expect(!UserActivity(activityType: "t").isExpired(at: .distantFuture))
    }
}
