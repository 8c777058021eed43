import Foundation
import CoreData

/// Everything about the booking shortcut: the activity donated after a save, and the
/// appointment a continued activity stands for.
struct AppointmentShortcutHelper {
    static func activityForAppointment(_ appointment: Appointment) -> NSUserActivity {
        let userActivity = NSUserActivity.appointmentActivity()
        let title = "Book an appointment with \(appointment.hairdresser!) for \(appointment.day!)"

        userActivity.requiredUserInfoKeys = ["hairdresser", "day"]
        userActivity.userInfo = ["hairdresser": appointment.hairdresser!, "day": appointment.day!]
        userActivity.title = title
        userActivity.isEligibleForPrediction = true
        userActivity.persistentIdentifier = "\(appointment.hairdresser!)-\(appointment.day!)"
        userActivity.suggestedInvocationPhrase = title

        return userActivity
    }

    static func storeAppointmentForActivity(_ userActivity: NSUserActivity) {
        guard let userInfo = userActivity.userInfo,
            let hairdresser = userInfo["hairdresser"] as? String,
            let day = userInfo["day"] as? String
            else { return }

        let moc = PersistentHelper.shared.persistentContainer.viewContext

        moc.persist {
            let appointment = Appointment(context: moc)
            appointment.day = day
            appointment.hairdresser = hairdresser
        }
    }
}
