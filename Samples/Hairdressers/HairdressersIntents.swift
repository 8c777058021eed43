public import IntentKit

/// The App Intents side of Hairdressers: the legacy booking shortcut as an intent, calling a
/// hairdresser, and the App Shortcuts that say them.
public enum HairdressersIntents {
    /// Books an appointment with a hairdresser (by name) for a day: the appointment activity's
    /// counterpart, which a bridge maps `com.donnywals.hairdressers.appointment` to. Opens the app.
    public static let bookAppointment = "BookAppointmentIntent"
    /// Calls a hairdresser contact; runs without opening the app.
    public static let callHairdresser = "CallHairdresserIntent"

    /// Siri phrases: "Call Jane in Hairdressers" (one per contact, after the parameters are
    /// fetched), "Call my hairdresser in Hairdressers" (asks which), "Book an appointment in
    /// Hairdressers" (asks for the hairdresser).
    public static let appShortcuts: [AppShortcut] = [
        AppShortcut(intent: callHairdresser,
                    phrases: ["Call ${hairdresser} in ${applicationName}", "Call my hairdresser in ${applicationName}"],
                    shortTitle: "Call Hairdresser", systemImageName: "phone"),
        AppShortcut(intent: bookAppointment, phrases: ["Book an appointment in ${applicationName}"],
                    shortTitle: "Book Appointment", systemImageName: "calendar"),
    ]

    /// Registers the hairdresser entity and the intents.
    /// - Parameters:
    ///   - hairdressers: the contacts, read by the entity query.
    ///   - open: sends an action into the app as the system opens it (the launch router queues it).
    public static func register(
        in registry: IntentRegistry, hairdressers: @escaping () throws -> [Hairdresser],
        open: @escaping (HairdressersFeature.Action) throws -> Void
    ) throws {
        try registry.register(HairdresserEntity.self, query: HairdresserQuery(hairdressers: hairdressers))
        try registry.register(IntentDefinition(
            typeName: bookAppointment, title: "Book Appointment", opensApp: true,
            parameters: [.string("hairdresser"), .string("day")]
        ) { intent, _ in
            let appointment = Appointment(hairdresser: intent.string("hairdresser") ?? "", day: intent.string("day") ?? "")
            try open(.repeatAppointmentRequested(appointment))
            return .result(dialog: "Booked an appointment with \(appointment.hairdresser) for \(appointment.day)")
        })
        try registry.register(IntentDefinition(
            typeName: callHairdresser, title: "Call Hairdresser",
            parameters: [.entity("hairdresser", HairdresserEntity.self)]
        ) { intent, _ in
            guard let hairdresser = intent.entity("hairdresser", as: HairdresserEntity.self) else {
                throw IntentError.missingValue(typeName: callHairdresser, parameter: "hairdresser")
            }
            let dialog = hairdresser.phoneNumber.map { "Calling \(hairdresser.name) at \($0)" }
                ?? "\(hairdresser.name) has no phone number"
            return .result(value: .entity(AnyAppEntity(hairdresser)), dialog: dialog)
        })
    }
}
