import AppIntents

struct HairdressersShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: CallHairdresserIntent(),
            phrases: [
                "Call \(\.$hairdresser) in \(.applicationName)",
                "Call my hairdresser in \(.applicationName)"
            ],
            shortTitle: "Call Hairdresser",
            systemImageName: "phone"
        )
        AppShortcut(
            intent: BookAppointmentAppIntent(),
            phrases: [
                "Book an appointment in \(.applicationName)"
            ],
            shortTitle: "Book Appointment",
            systemImageName: "calendar"
        )
    }
}
