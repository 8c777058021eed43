import Diagnostics
import Foundation
import PropertyList
import Testing
@testable import ActivityKit

@Suite("UserActivity ⇄ activity dictionary")
struct UserActivityDictionaryTests {
    static let everything = UserActivity(
        activityType: "com.walkmate.favorite.open",
        title: "Open Berlin in Walk Mate",
        userInfo: ["favoriteID": "5D1E0F3A-0000-4000-8000-000000000001", "count": 3, "at": .date(Date(timeIntervalSinceReferenceDate: 12.25))],
        requiredUserInfoKeys: ["favoriteID"],
        persistentIdentifier: "favorite-1",
        isEligibleForPrediction: true,
        isEligibleForSearch: true,
        isEligibleForHandoff: false,
        isEligibleForPublicIndexing: true,
        suggestedInvocationPhrase: "Walk in Berlin",
        keywords: ["walk", "berlin"],
        webpageURL: URL(string: "https://walkmate.example/favorites/1?x=%20y"),
        expirationDate: Date(timeIntervalSinceReferenceDate: 800_000_000.5),
        targetContentIdentifier: "favorites/1"
    )

    @Test func everyFieldRoundTrips() throws {
        let dictionary = Self.everything.activityDictionary
        #expect(try UserActivity(activityDictionary: dictionary) == Self.everything)
        #expect(dictionary["webpageURL"] == "https://walkmate.example/favorites/1?x=%20y")
        #expect(dictionary["isEligibleForHandoff"] == false)
    }

    @Test func nilAndEmptyRequiredKeysStayDistinct() throws {
        var activity = UserActivity(activityType: "t", userInfo: ["a": 1])
        #expect(activity.activityDictionary["requiredUserInfoKeys"] == nil)
        #expect(try UserActivity(activityDictionary: activity.activityDictionary).requiredUserInfoKeys == nil)
        activity.requiredUserInfoKeys = []
        #expect(activity.activityDictionary["requiredUserInfoKeys"] == .array([]))
        #expect(try UserActivity(activityDictionary: activity.activityDictionary).requiredUserInfoKeys == [])
    }

    @Test func missingKeysTakeApplesDefaults() throws {
        let activity = try UserActivity(activityDictionary: ["activityType": "t"])
        #expect(activity == UserActivity(activityType: "t"))
    }

    @Test func aMissingActivityTypeIsAnError() {
        let error = #expect(throws: UserActivityError.self) { try UserActivity(activityDictionary: ["title": "x"]) }
        #expect(error?.errors.map(\.rule) == [.activityTypeEmpty])
        #expect(error?.errors.first?.message == "'activityType' is required")
        #expect(error?.errors.first?.path.description == "activityType")
    }

    @Test(arguments: [
        ("activityType", PropertyListValue.integer(3), "'activityType' must be a string, found an integer"),
        ("title", .bool(true), "'title' must be a string, found a boolean"),
        ("userInfo", .array([]), "'userInfo' must be a dictionary, found an array"),
        ("requiredUserInfoKeys", .string("day"), "'requiredUserInfoKeys' must be an array of strings, found a string"),
        ("isEligibleForPrediction", .string("YES"), "'isEligibleForPrediction' must be a boolean (<true/> or <false/>), found a string"),
        ("isEligibleForHandoff", .integer(1), "'isEligibleForHandoff' must be a boolean (<true/> or <false/>), found an integer"),
        ("expirationDate", .string("2025-01-01"), "'expirationDate' must be a date, found a string"),
        ("webpageURL", .data(Data()), "'webpageURL' must be a string, found data"),
        ("webpageURL", .string(""), "'webpageURL' must be a URL, found ''"),
        ("keywords", .dictionary([:]), "'keywords' must be an array of strings, found a dictionary"),
    ])
    func aWrongTypeNamesTheKeyAndTheExpectedType(_ key: String, _ value: PropertyListValue, _ message: String) {
        var dictionary: PropertyListDictionary = ["activityType": "t"]
        dictionary[key] = value
        let error = #expect(throws: UserActivityError.self) { try UserActivity(activityDictionary: dictionary) }
        #expect(error?.errors.count == 1)
        #expect(error?.errors.first?.message == message)
        #expect(error?.errors.first?.path == PropertyListPath([.key(key)]))
    }

    @Test func eachBadArrayElementIsReportedAtItsIndex() {
        let (activity, issues) = UserActivity.decode(activityDictionary: [
            "activityType": "t", "keywords": ["a", 2, "c", false],
        ])
        #expect(activity == nil)
        #expect(issues.map(\.path.description) == ["keywords[1]", "keywords[3]"])
        #expect(issues.first?.message == "element 1 of 'keywords' must be a string, found an integer")
    }

    @Test func unknownKeysAreWarningsUnlessAllowed() {
        let dictionary: PropertyListDictionary = ["activityType": "t", "persistentIdentifer": "typo", "donatedAt": .date(Date())]
        let (activity, issues) = UserActivity.decode(activityDictionary: dictionary)
        #expect(activity != nil)
        #expect(issues.map(\.rule) == [.unknownKey, .unknownKey])
        #expect(issues.first?.message == "unknown activity key 'persistentIdentifer' is ignored")
        let (_, allowing) = UserActivity.decode(activityDictionary: dictionary, allowingKeys: ["donatedAt"])
        #expect(allowing.map(\.path.description) == ["persistentIdentifer"])
    }

    @Test func allErrorsAreCollectedNotJustTheFirst() {
        let (_, issues) = UserActivity.decode(activityDictionary: ["title": 1, "userInfo": "x", "isEligibleForSearch": "no"])
        #expect(issues.filter(\.isError).map(\.path.description) == ["activityType", "title", "userInfo", "isEligibleForSearch"])
    }
}
