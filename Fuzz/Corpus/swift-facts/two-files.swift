import UIKit

final class Router {
    func restore(_ activity: NSUserActivity) -> Bool {
        activity.activityType == Constants.viewActivity
    }
    func start() {
        let a = NSUserActivity(activityType: Constants.viewActivity)
        a.addUserInfoEntries(from: [Constants.key: 1])
    }
}
//--file--
enum Constants {
    static let base = "org.example.app"
    static let viewActivity = base + ".view"
    static let key = "itemID"
}
extension Router: @unchecked Sendable {}
