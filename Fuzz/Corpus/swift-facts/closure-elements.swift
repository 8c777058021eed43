import UIKit

extension SceneDelegate {
    static let MainSceneActivityType = { () -> String in
        let activityTypes = Bundle.main.infoDictionary?["NSUserActivityTypes"] as? [String]
        return activityTypes![0]
    }
    static let ImageSceneActivityType: String = {
        let types = Bundle.main.object(forInfoDictionaryKey: "NSUserActivityTypes") as? [String]
        return types?.first ?? (types![1])
    }()
}

func restore(_ activity: NSUserActivity) {
    let list = ["com.example.a"]
    _ = NSUserActivity(activityType: SceneDelegate.MainSceneActivityType())
    if activity.activityType == SceneDelegate.ImageSceneActivityType || activity.activityType == list[0] {}
}
