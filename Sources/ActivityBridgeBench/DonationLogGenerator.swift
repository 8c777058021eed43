import Foundation
import PropertyList
import SeededRandom

/// Builds the donation log that `donations import`, `migrate` and the plist benchmarks read:
/// `{"donations": [activity, …]}`, each activity dict with the keys of ActivityKit.docc's Activity dictionaries
/// ("Activity dictionaries") plus `donatedAt`. Deterministic for a given count and seed.
///
/// Mix: half Hairdressers bookings (`com.donnywals.hairdressers.appointment`, userInfo
/// hairdresser/day, requiredUserInfoKeys, persistentIdentifier `H-D`), the rest Walk Mate favorite
/// opens (`favoriteID` UUID) and route generations (`distanceKm` real). About 5% have no
/// persistentIdentifier, about 8% are expired, about 90% are eligible for prediction.
struct DonationLogGenerator {
    static let hairdressers = [
        "Dylan", "Jasmine", "Sam", "Amira", "Bjørn", "Chloé", "Hannah", "Kenji", "Lucía", "Marco",
        "Nadia", "Olu", "Priya", "Quentin", "Rosa", "Sven", "Tomás", "Uma", "Viktor", "Wen",
        "Xavier", "Yasmin", "Zoë", "Aiko", "Bruno", "Carla", "Dmitri", "Elif", "Farah", "Gustav",
    ]
    static let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let places = [
        "Berlin", "Tiergarten", "Lakeside Loop", "Old Town", "Harbour Walk", "Riverside", "Forest Trail",
        "Museum Island", "Canal Path", "Hilltop", "Botanic Garden", "Market Square", "Sunset Pier",
    ]

    var count: Int
    var seed: UInt64 = 0x0AC7_1B1D_6E00_0001

    /// 2025-01-01T00:00:00Z in seconds after 2001-01-01.
    static let firstDonation: TimeInterval = 757_382_400

    func makeLog() -> PropertyListValue {
        var random = SplitMix64(seed: seed)
        let favoriteIDs = (0..<500).map { _ in random.uuidString() }
        var donations: [PropertyListValue] = []
        donations.reserveCapacity(count)
        for index in 0..<count {
            donations.append(.dictionary(activity(index, random: &random, favoriteIDs: favoriteIDs)))
        }
        return ["donations": .array(donations)]
    }

    private func activity(_ index: Int, random: inout SplitMix64, favoriteIDs: [String]) -> PropertyListDictionary {
        // Donations spread over 2025, in time order; whole seconds, so XML and binary logs hold equal values.
        let donatedAt = (Self.firstDonation + Double(index) * (365 * 86_400 / Double(max(count, 1)))
            + Double(random.below(3600))).rounded(.down)
        var activity = PropertyListDictionary()
        let kind = random.below(100)
        var persistentIdentifier: String
        if kind < 50 {
            let hairdresser = random.pick(Self.hairdressers)
            let day = random.pick(Self.days)
            let title = "Book an appointment with \(hairdresser) for \(day)"
            persistentIdentifier = "\(hairdresser)-\(day)"
            activity["activityType"] = "com.donnywals.hairdressers.appointment"
            activity["title"] = .string(title)
            activity["userInfo"] = ["hairdresser": .string(hairdresser), "day": .string(day)]
            activity["requiredUserInfoKeys"] = ["hairdresser", "day"]
            activity["suggestedInvocationPhrase"] = .string(title)
        } else if kind < 80 {
            let favorite = random.below(favoriteIDs.count)
            let place = Self.places[favorite % Self.places.count]
            persistentIdentifier = "favorite-\(favoriteIDs[favorite])"
            activity["activityType"] = "com.walkmate.favorite.open"
            activity["title"] = .string("Open \(place) in Walk Mate")
            activity["userInfo"] = [
                "favoriteID": .string(favoriteIDs[favorite]),
                "openCount": .integer(PropertyListInteger(Int64(random.below(250)))),
                "lastOpened": .date(Date(timeIntervalSinceReferenceDate: donatedAt - Double(random.below(86_400 * 30)))),
            ]
            activity["keywords"] = ["walk", .string(place.lowercased())]
            if random.chance(10) {
                activity["isEligibleForSearch"] = true
                activity["webpageURL"] = .string("https://walkmate.example/favorites/\(favoriteIDs[favorite])")
            }
        } else {
            let distance = (3 + random.unit() * 17 * 10).rounded() / 10
            persistentIdentifier = "route-\(distance)"
            var profile = Data(count: 24)
            for offset in 0..<24 { profile[offset] = UInt8(truncatingIfNeeded: random.next()) }
            activity["activityType"] = "com.walkmate.route.generate"
            activity["title"] = .string("Generate a \(distance) km walk")
            activity["userInfo"] = [
                "distanceKm": .real(distance),
                "routeSeed": .integer(PropertyListInteger(Int64(bitPattern: random.next() >> 1))),
                "elevationProfile": .data(profile),
            ]
        }
        if random.chance(5) { persistentIdentifier = "" }
        if !persistentIdentifier.isEmpty { activity["persistentIdentifier"] = .string(persistentIdentifier) }
        activity["isEligibleForPrediction"] = .bool(random.chance(90))
        if random.chance(20) { activity["isEligibleForHandoff"] = false }  // true when absent, as Apple's default
        let expiry = random.below(100)
        if expiry < 8 {
            activity["expirationDate"] = .date(Date(timeIntervalSinceReferenceDate: donatedAt + 86_400))  // long past
        } else if expiry < 30 {
            activity["expirationDate"] = .date(Date(timeIntervalSinceReferenceDate: 946_684_800))  // 2031
        }
        activity["donatedAt"] = .date(Date(timeIntervalSinceReferenceDate: donatedAt))
        return activity
    }
}
