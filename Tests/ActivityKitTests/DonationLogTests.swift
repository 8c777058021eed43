import Foundation
import PropertyList
import Testing
@testable import ActivityKit

@Suite("Donation log decoding")
struct DonationLogTests {
    let fallback = SampleDonations.june1

    @Test func decodesDonationsWithAndWithoutDonatedAt() {
        let when = Date(timeIntervalSinceReferenceDate: 700_000_000)
        var first = SampleDonations.booking("Jane", "Monday").activityDictionary
        first["donatedAt"] = .date(when)
        let second = SampleDonations.route(5).activityDictionary
        let decoded = DonationLog.decode(["donations": [.dictionary(first), .dictionary(second)]], defaultDonatedAt: fallback)
        #expect(decoded.issues.isEmpty)
        #expect(decoded.donations == [
            Donation(activity: SampleDonations.booking("Jane", "Monday"), donatedAt: when),
            Donation(activity: SampleDonations.route(5), donatedAt: fallback),
        ])
    }

    @Test(arguments: [
        (PropertyListValue.array([]), "", "the root must be a dictionary with a 'donations' array, found an array"),
        (PropertyListValue.dictionary(["activities": []]), "", "the root dictionary has no 'donations' array"),
        (PropertyListValue.dictionary(["donations": "x"]), "donations", "'donations' must be an array, found a string"),
        (PropertyListValue.dictionary(["donations": [["activityType": "t"], 5]]), "donations[1]", "donation 1 must be an activity dictionary, found an integer"),
    ])
    func shapeErrorsNameTheirPlace(_ root: PropertyListValue, _ path: String, _ message: String) {
        let decoded = DonationLog.decode(root, defaultDonatedAt: fallback)
        #expect(decoded.errors.map(\.path.description) == [path])
        #expect(decoded.errors.map(\.message) == [message])
    }

    @Test func activityErrorsAndWarningsCarryTheElementPath() {
        let root: PropertyListValue = ["donations": [
            ["activityType": "ok"],
            ["activityType": "t", "donatedAt": "yesterday", "webpageURL": "ftp://x"],
            ["title": "no type", "colour": "red"],
        ]]
        let decoded = DonationLog.decode(root, defaultDonatedAt: fallback)
        #expect(decoded.donations.count == 1)
        #expect(decoded.errors.map(\.path.description) == ["donations[1].donatedAt", "donations[1].webpageURL", "donations[2].activityType"])
        #expect(decoded.errors.first?.message == "'donatedAt' must be a date, found a string")
        #expect(decoded.warnings.map(\.path.description) == ["donations[2].colour"])
    }
}
