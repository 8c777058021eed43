public import ActivityKit

/// The app's reducer: plain state, event-named actions, effects as data.
///
/// Actions that open the app (a continued activity, a Siri or Shortcuts run) arrive wrapped in
/// ``Action/systemOpened(_:)`` and go through the state's launch router, which queues them while
/// the app is closed or on its splash and hands them back in order when launch finishes.
public struct HairdressersFeature: Sendable {
    /// Where the app is and what it shows.
    public struct State: Equatable, Sendable {
        public var router: LaunchRouter<Action>
        /// The appointments list, in the order they were stored.
        public var appointments: [Appointment] = []
        /// The hairdresser contacts, in the order they were added.
        public var hairdressers: [Hairdresser] = []

        public init(launched: Bool = false, appointments: [Appointment] = [], hairdressers: [Hairdresser] = []) {
            router = LaunchRouter(launched: launched)
            self.appointments = appointments
            self.hairdressers = hairdressers
        }

        /// `closed`, `splash` or `appointments` (the home screen).
        public var screen: String {
            switch router.phase {
            case .closed: "closed"
            case .launching: "splash"
            case .running: "appointments"
            }
        }
    }

    public indirect enum Action: Equatable, Sendable {
        /// The system started the app: the splash shows.
        case launched
        /// Launch finished: the appointments list shows and queued actions run.
        case launchFinished
        /// Something outside the app opened it with `action`.
        case systemOpened(Action)
        /// The Add Appointment screen's save button.
        case saveAppointmentTapped(Appointment)
        /// A shortcut asked to book the same appointment again (the continue handler, an intent).
        case repeatAppointmentRequested(Appointment)
        /// The store saved an appointment; `donate` when it was booked in the app's own UI.
        case appointmentSaved(Appointment, donate: Bool)
        /// The Add Hairdresser screen's save button.
        case addHairdresserTapped(Hairdresser)
        /// Another app handed over a person nothing matched: a new contact.
        case personImported(Hairdresser)
        /// The store saved a hairdresser.
        case hairdresserSaved(Hairdresser)
    }

    /// Work for the app's runtime; each reports back with an action where the seed's code goes on.
    public enum Effect: Equatable, Sendable {
        /// Store the appointment, then send `.appointmentSaved(appointment, donate:)`.
        case saveAppointment(Appointment, donate: Bool)
        /// Make the activity current: donate it to Siri.
        case donate(UserActivity)
        /// Store the contact and index it in Spotlight, then send `.hairdresserSaved`.
        case saveHairdresser(Hairdresser)
    }

    public init() {}

    public func reduce(into state: inout State, action: Action) -> [Effect] {
        switch action {
        case .launched:
            state.router.launch()
            return []
        case .launchFinished:
            return state.router.finishLaunching().flatMap { reduce(into: &state, action: $0) }
        case let .systemOpened(opened):
            return state.router.open(opened).flatMap { reduce(into: &state, action: $0) }
        case let .saveAppointmentTapped(appointment):
            // didTapSave(): persist first; the donation follows once the appointment exists.
            return [.saveAppointment(appointment, donate: true)]
        case let .repeatAppointmentRequested(appointment):
            // storeAppointmentForActivity(_:): stored again, not donated again.
            return [.saveAppointment(appointment, donate: false)]
        case let .appointmentSaved(appointment, donate):
            state.appointments.append(appointment)
            return donate ? [.donate(AppointmentShortcut.activity(for: appointment))] : []
        case let .addHairdresserTapped(hairdresser), let .personImported(hairdresser):
            return [.saveHairdresser(hairdresser)]
        case let .hairdresserSaved(hairdresser):
            state.hairdressers.append(hairdresser)
            return []
        }
    }
}
