import Foundation
import Testing
import ActivityBridge
import ActivityKit
import IntentKit
import PropertyList
import SQLiteStore

/// The session's Spotlight search reads its stores once per change, not once per query.
@Suite("Replay session: cached Spotlight search")
struct ReplaySpotlightPoolTests {
    final class Session {
        let fixture: TallyFixture
        let directory: URL
        let session: ReplaySession
        var index = 0

        init() throws {
            fixture = try TallyFixture()
            directory = fixture.root.appendingPathComponent("scratch/session")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            session = try ReplaySession(script: ReplayScript(name: "spotlight", app: "tally", steps: []), app: TallyApp.self,
                                        environment: ReplayEnvironment(directory: directory, resourceRoots: [fixture.root]))
        }

        deinit { session.close() }

        func perform(_ action: String, _ arguments: PropertyListDictionary) throws -> ReplayStepResult {
            index += 1
            return try session.perform(ReplayStep(index: index, action: action, arguments: arguments))
        }

        func donate(_ title: String, id: String? = nil, keywords: [String] = [], expires: Date? = nil) throws {
            let activity = UserActivity(activityType: "com.example.tally.add", title: title, userInfo: ["amount": 1],
                                        persistentIdentifier: id, isEligibleForSearch: true, keywords: keywords,
                                        expirationDate: expires)
            _ = try session.donations.donate(activity)
        }

        func search(_ query: String) throws -> PropertyListValue? {
            try perform("spotlightSearch", ["query": .string(query)]).values["results"]
        }
    }

    @Test func aSearchReadsTheStoresOnlyAfterTheyChanged() throws {
        let test = try Session()
        try test.donate("Walk to Berlin", id: "berlin")
        #expect(try test.search("BERLIN") == ["Walk to Berlin"])
        let reads = test.session.spotlightPoolReadCount
        #expect(try test.search("berl") == ["Walk to Berlin"])
        #expect(try test.search("sum") == ["Tally total"])   // the app's own entries, asked for each time
        #expect(try test.search("zzz") == [])
        #expect(test.session.spotlightPoolReadCount == reads, "no store changed: no read")

        // An index write by the app (through the session's index) is seen by the next search.
        try test.session.searchableIndex.index([SearchableItem(typeName: "Place", identifier: "1",
                                                               attributes: SearchableAttributeSet(title: "Berlin Mitte"))])
        #expect(try test.search("berlin") == ["Walk to Berlin", "Berlin Mitte"])
        #expect(test.session.spotlightPoolReadCount == reads + 1)

        // A newer donation with the same identifier replaces the item; the donate step invalidates too.
        _ = try test.perform("donate", ["activity": ["activityType": "com.example.tally.add", "title": "Walk to Berlin again",
                                                     "persistentIdentifier": "berlin", "isEligibleForSearch": true]])
        #expect(try test.search("berlin") == ["Walk to Berlin again", "Berlin Mitte"])
        _ = try test.perform("deleteDonations", ["all": true])
        #expect(try test.search("berlin") == ["Berlin Mitte"])
        #expect(test.session.spotlightPoolReadCount == reads + 3)
    }

    @Test func aWriteThroughAnotherConnectionIsSeen() throws {
        let test = try Session()
        try test.session.searchableIndex.index([SearchableItem(typeName: "Place", identifier: "1",
                                                               attributes: SearchableAttributeSet(title: "Riverside Loop"))])
        #expect(try test.search("river") == ["Riverside Loop"])
        let other = try Connection(path: test.session.environment.intentStorePath)
        defer { try? other.close() }
        try SearchableIndex(connection: other).deleteAll()
        #expect(try test.search("river") == [])
        let donations = try DonationStore(path: test.session.environment.donationStorePath)
        defer { try? donations.close() }
        _ = try donations.donate(UserActivity(activityType: "com.example.tally.add", title: "Riverside again", isEligibleForSearch: true))
        #expect(try test.search("river") == ["Riverside again"])
    }

    @Test func expiryIsAppliedPerQueryWithoutRereading() throws {
        let test = try Session()
        let now = Date()
        try test.donate("Evening walk", keywords: ["sunset"], expires: now.addingTimeInterval(3600))
        try test.donate("Morning walk")
        #expect(try test.session.spotlightSearch("walk", at: now) == ["Evening walk", "Morning walk"])
        #expect(try test.session.spotlightSearch("sunset", at: now) == ["Evening walk"])
        let reads = test.session.spotlightPoolReadCount
        #expect(try test.session.spotlightSearch("walk", at: now.addingTimeInterval(7200)) == ["Morning walk"])
        #expect(try test.session.spotlightItems(at: now.addingTimeInterval(7200)).map(\.title) == ["Morning walk", "Tally total"])
        #expect(test.session.spotlightPoolReadCount == reads)
    }

    @Test func untitledAndUnsearchableDonationsAreNotShown() throws {
        let test = try Session()
        _ = try test.session.donations.donate(UserActivity(activityType: "com.example.tally.add", isEligibleForSearch: true, keywords: ["walk"]))
        _ = try test.session.donations.donate(UserActivity(activityType: "com.example.tally.add", title: "Private walk"))
        #expect(try test.search("walk") == [])
    }

    @Test func anUnreadableIndexFailsTheStepAndNamesTheStore() throws {
        let test = try Session()
        try test.session.intentStore.execute("DROP TABLE intent_spotlight_items")
        #expect {
            try test.search("x")
        } throws: { error in
            guard case let .failed(message)? = error as? ReplayStepError else { return false }
            return message.hasPrefix("cannot read the Spotlight index")
        }
    }
}
