public import Foundation

/// A booked appointment: which hairdresser, on which day (free text such as `Monday`), as the
/// seed's Core Data `Appointment` entity holds them.
public struct Appointment: Hashable, Sendable, CustomStringConvertible {
    public var hairdresser: String
    public var day: String

    public init(hairdresser: String, day: String) {
        self.hairdresser = hairdresser
        self.day = day
    }

    /// `Jane on Monday`.
    public var description: String { "\(hairdresser) on \(day)" }
}

/// A hairdresser in the user's contacts: the app's own model behind ``HairdresserEntity``.
public struct Hairdresser: Hashable, Sendable, Identifiable {
    public var id: UUID
    public var name: String
    public var phoneNumber: String?

    public init(id: UUID, name: String, phoneNumber: String? = nil) {
        self.id = id
        self.name = name
        self.phoneNumber = phoneNumber
    }
}
