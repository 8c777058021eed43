import ActivityKit
import PropertyList

/// The seed's `NSUserActivity` extension and `AppointmentShortcutHelper`: the activity type the
/// app declares, the activity it donates after a booking, and the reverse conversion its
/// continue handler uses.
public enum AppointmentShortcut {
    /// `NSUserActivity.identifierForAppointment`; declared in `Plists/Hairdressers-Info.plist`.
    public static let activityType = "com.donnywals.hairdressers.appointment"

    /// `activityForAppointment(_:)`: everything Siri needs to suggest booking the same appointment
    /// again — title, userInfo, required keys, persistent identifier, prediction eligibility and
    /// the title as the suggested invocation phrase.
    public static func activity(for appointment: Appointment) -> UserActivity {
        let title = "Book an appointment with \(appointment.hairdresser) for \(appointment.day)"
        var activity = UserActivity(activityType: activityType)
        activity.requiredUserInfoKeys = ["hairdresser", "day"]
        activity.userInfo = ["hairdresser": .string(appointment.hairdresser), "day": .string(appointment.day)]
        activity.title = title
        activity.isEligibleForPrediction = true
        activity.persistentIdentifier = "\(appointment.hairdresser)-\(appointment.day)"
        activity.suggestedInvocationPhrase = title
        return activity
    }

    /// `storeAppointmentForActivity(_:)`'s guard: the appointment an activity describes, or nil
    /// when it is of another type or its `hairdresser` / `day` are not strings.
    public static func appointment(from activity: UserActivity) -> Appointment? {
        guard activity.activityType == activityType,
              let hairdresser = activity.userInfo["hairdresser"]?.stringValue,
              let day = activity.userInfo["day"]?.stringValue
        else { return nil }
        return Appointment(hairdresser: hairdresser, day: day)
    }
}
