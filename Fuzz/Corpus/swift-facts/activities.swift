import Foundation
import SwiftUI

enum Activity: String {
    case open = "com.example.open"
    case search = "com.example.search"
    static let prefix = "com.example"
    static var browse: String { "\(prefix).browse" }
}

struct ContentView: View {
    var body: some View {
        Text("Hi")
            .userActivity(Activity.open.rawValue) { activity in
                activity.userInfo = ["id": 1]
                activity.requiredUserInfoKeys = ["id"]
            }
            .onContinueUserActivity(Activity.search.rawValue, perform: handle)
    }

    func handle(_ activity: NSUserActivity) {
        switch activity.activityType {
        case Activity.open.rawValue, "com.example.legacy": break
        default: break
        }
        if activity.activityType == Activity.browse {}
        if [Activity.search.rawValue, "x"].contains(activity.activityType) {}
    }
}

func donate() {
    let activity = NSUserActivity(activityType: "\(Bundle.main.bundleIdentifier!).donate")
    activity.userInfo = ["key": "value", Keys.other: 2]
    activity.becomeCurrent()
}
