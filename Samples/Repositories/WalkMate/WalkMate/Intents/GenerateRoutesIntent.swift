import AppIntents
import Foundation

/// Generates a route of a distance (3–20 km); without one, of the app's target distance.
struct GenerateRoutesIntent: AppIntent {
    static let title: LocalizedStringResource = "Generate Routes"
    static let openAppWhenRun = true

    @Parameter(title: "Distance", defaultUnit: .kilometers)
    var distance: Measurement<UnitLength>?

    @MainActor
    func perform() async throws -> some IntentResult {
        let km = distance?.converted(to: .kilometers).value ?? UserDefaults.standard.double(forKey: "targetDistanceKm")
        QuickActionRouter.dispatch(.generateRoutes(distanceKm: WalkMateDistance.clamped(km)))
        return .result()
    }
}
