import AppIntents

/// A hairdresser contact, for Siri and Shortcuts.
struct HairdresserEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Hairdresser"
    static let defaultQuery = HairdresserQuery()

    let id: String
    var name: String
    var phoneNumber: String?

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)")
    }
}

struct HairdresserQuery: EntityQuery {
    func entities(for identifiers: [HairdresserEntity.ID]) async throws -> [HairdresserEntity] {
        try await suggestedEntities().filter { identifiers.contains($0.id) }
    }

    func suggestedEntities() async throws -> [HairdresserEntity] {
        HairdresserDirectory.shared.all.map {
            HairdresserEntity(id: $0.name, name: $0.name, phoneNumber: $0.phoneNumber)
        }
    }
}
