import AppIntents
import UIKit

/// Calls a hairdresser; runs without opening the app.
struct CallHairdresserIntent: AppIntent {
    static let title: LocalizedStringResource = "Call Hairdresser"

    @Parameter(title: "Hairdresser")
    var hairdresser: HairdresserEntity

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        guard let number = hairdresser.phoneNumber, let url = URL(string: "tel://\(number)") else {
            return .result(dialog: "\(hairdresser.name) has no phone number")
        }
        await UIApplication.shared.open(url)
        return .result(dialog: "Calling \(hairdresser.name) at \(number)")
    }
}
