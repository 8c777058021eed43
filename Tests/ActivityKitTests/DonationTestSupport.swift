import Foundation
import PropertyList
@testable import ActivityKit
import TestSupport

/// A fresh directory for one test's store, removed when the test ends.
final class DonationTestDirectory {
    private let temporary: TemporaryDirectory
    var url: URL { temporary.url }

    init() throws { temporary = try TemporaryDirectory("donation-tests") }

    func path(_ name: String = "donations.sqlite") -> String { temporary.path(name) }

    func openStore(_ name: String = "donations.sqlite") throws -> DonationStore { try DonationStore(path: path(name)) }
}

/// Builders for the sample apps' donations.
enum SampleDonations {
    static let day: TimeInterval = 86_400
    /// 2025-06-01T00:00:00Z.
    static let june1 = Date(timeIntervalSinceReferenceDate: 770_428_800)

    static func booking(_ hairdresser: String, _ day: String) -> UserActivity {
        let title = "Book an appointment with \(hairdresser) for \(day)"
        return UserActivity(
            activityType: "com.donnywals.hairdressers.appointment", title: title,
            userInfo: ["hairdresser": .string(hairdresser), "day": .string(day)],
            requiredUserInfoKeys: ["hairdresser", "day"], persistentIdentifier: "\(hairdresser)-\(day)",
            isEligibleForPrediction: true, suggestedInvocationPhrase: title)
    }

    static func route(_ km: Double, eligible: Bool = true) -> UserActivity {
        UserActivity(activityType: "com.walkmate.route.generate", title: "Generate a \(km) km walk",
                     userInfo: ["distanceKm": .real(km)], persistentIdentifier: "route-\(km)",
                     isEligibleForPrediction: eligible)
    }
}
