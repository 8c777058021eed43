import AppIntents
import CoreSpotlight
import SwiftUI

@main
struct WalkMateApp: App {
    @State private var store = WalkMateStore()

    init() {
        // Warm Siri's phrase cache before it first needs "Load NAME in Walk Mate".
        WalkMateAppShortcuts.updateAppShortcutParameters()
    }

    var body: some Scene {
        WindowGroup {
            RootView()
                .environment(store)
                .onAppear { QuickActionRouter.attach(store.handle) }
                .onContinueUserActivity(WalkMateActivity.openFavorite.rawValue, perform: continueActivity)
                .onContinueUserActivity(WalkMateActivity.generateRoute.rawValue, perform: continueActivity)
                .onContinueUserActivity(CSSearchableItemActionType, perform: continueActivity)
                .onContinueUserActivity(CSQueryContinuationActionType, perform: continueActivity)
        }
    }

    private func continueActivity(_ activity: NSUserActivity) {
        guard let request = ContinuationRequest.request(for: activity, targetDistanceKm: store.targetDistanceKm)
        else { return }
        QuickActionRouter.dispatch(request)
    }
}
