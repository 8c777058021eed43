import Foundation

extension NSUserActivity {
    /// The booking shortcut's type; declared in Info.plist's NSUserActivityTypes.
    static var identifierForAppointment: String {
        return "com.donnywals.hairdressers.appointment"
    }

    /// Handoff of a hairdresser's detail screen to another device.
    static var identifierForViewingHairdresser: String {
        return "com.donnywals.hairdressers.viewHairdresser"
    }

    static func appointmentActivity() -> NSUserActivity {
        return NSUserActivity(activityType: identifierForAppointment)
    }
}
