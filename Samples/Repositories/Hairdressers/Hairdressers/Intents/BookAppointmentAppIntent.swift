import AppIntents
import Intents

/// The booking shortcut as an App Intent, replacing the custom intent of Intents.intentdefinition.
struct BookAppointmentAppIntent: AppIntent, CustomIntentMigratedAppIntent {
    static let intentClassName = "BookAppointment"

    static let title: LocalizedStringResource = "Book Appointment"
    static let openAppWhenRun = true

    @Parameter(title: "Hairdresser")
    var hairdresser: String

    @Parameter(title: "Day")
    var day: String

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        let moc = PersistentHelper.shared.persistentContainer.viewContext
        moc.persist {
            let appointment = Appointment(context: moc)
            appointment.hairdresser = hairdresser
            appointment.day = day
        }
        return .result(dialog: "Booked an appointment with \(hairdresser) for \(day)")
    }
}
