import UIKit

/// One hairdresser's details; the screen can be continued on another device (Handoff).
final class HairdresserDetailViewController: UIViewController {
    var hairdresser: Hairdresser!

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)

        let activity = NSUserActivity(activityType: NSUserActivity.identifierForViewingHairdresser)
        activity.title = hairdresser.name
        activity.userInfo = ["name": hairdresser.name]
        activity.requiredUserInfoKeys = ["name", "phoneNumber"]
        activity.isEligibleForHandoff = true
        activity.isEligibleForSearch = false
        userActivity = activity
        activity.becomeCurrent()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        userActivity?.invalidate()
    }
}
