        let a = NSUserActivity(activityType: Constants.vs.viewActivity)
//--file--
enum Constants {
    static let base = "org.example.app"
    static let viewActivity = base + ".view"foEntries(y)ion SceneDelegate