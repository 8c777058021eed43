import SwiftUI

/// Generating a loop of about `distanceKm`; continuable on another device.
struct GenerateRouteView: View {
    let distanceKm: Double

    var body: some View {
        ProgressView("Generating a \(distanceKm.formatted()) km walk…")
            .userActivity(WalkMateActivity.generateRoute.rawValue) { activity in
                activity.title = "Generate a walk"
                activity.userInfo = ["distanceKm": distanceKm]
                activity.isEligibleForHandoff = true
            }
    }
}
