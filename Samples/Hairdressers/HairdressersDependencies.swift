public import ActivityKit
public import Foundation
public import IntentKit

/// What the app's effects reach: structs of closures, live over real stores or recording in tests.
public struct HairdressersDependencies {
    public var saveAppointment: (Appointment) throws -> Void
    public var loadAppointments: () throws -> [Appointment]
    public var saveHairdresser: (Hairdresser) throws -> Void
    public var loadHairdressers: () throws -> [Hairdresser]
    /// Donates a legacy activity (`becomeCurrent()` with prediction eligibility).
    public var donate: (UserActivity) throws -> Void
    /// Puts a contact in Spotlight.
    public var indexHairdresser: (Hairdresser) throws -> Void
    /// New contact ids.
    public var uuid: () -> UUID

    public init(
        saveAppointment: @escaping (Appointment) throws -> Void,
        loadAppointments: @escaping () throws -> [Appointment],
        saveHairdresser: @escaping (Hairdresser) throws -> Void,
        loadHairdressers: @escaping () throws -> [Hairdresser],
        donate: @escaping (UserActivity) throws -> Void,
        indexHairdresser: @escaping (Hairdresser) throws -> Void,
        uuid: @escaping () -> UUID
    ) {
        self.saveAppointment = saveAppointment
        self.loadAppointments = loadAppointments
        self.saveHairdresser = saveHairdresser
        self.loadHairdressers = loadHairdressers
        self.donate = donate
        self.indexHairdresser = indexHairdresser
        self.uuid = uuid
    }

    /// The app's database, the system's donation log and Spotlight index.
    public static func live(
        database: HairdressersDatabase, donations: DonationStore, index: SearchableIndex,
        uuid: @escaping () -> UUID = UUID.init
    ) -> HairdressersDependencies {
        HairdressersDependencies(
            saveAppointment: { try database.insert($0) },
            loadAppointments: { try database.appointments() },
            saveHairdresser: { try database.insert($0) },
            loadHairdressers: { try database.hairdressers() },
            donate: { try donations.donate($0) },
            indexHairdresser: { try index.indexAppEntities([HairdresserEntity($0)]) },
            uuid: uuid)
    }

    /// UUIDs 00000000-0000-0000-0000-000000000001, …2, …: stable ids for tests and replays.
    public static func incrementingUUIDs() -> () -> UUID {
        let counter = Counter()
        return {
            counter.value += 1
            let hex = String(counter.value, radix: 16, uppercase: true)
            let node = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
            // Twelve hex digits always make a valid UUID; past 2^48 ids the counter would not fit.
            return UUID(uuidString: "00000000-0000-0000-0000-\(node.suffix(12))") ?? UUID()
        }
    }

    /// Reference box for the generator's count; used from one thread, like the app.
    private final class Counter { var value = 0 }
}
