import SwiftUI

/// A developer's menu for replaying continuations on a device. Not part of any target: the
/// project's membership exception takes it out of the WalkMate target.
struct ActivityDebugMenu: View {
    var body: some View {
        Button("Replay last continuation") {
            let activity = NSUserActivity(activityType: "com.walkmate.debug.replay")
            activity.userInfo = ["step": 1]
            activity.becomeCurrent()
        }
    }
}
