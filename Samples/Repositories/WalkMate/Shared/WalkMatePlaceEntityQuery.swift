import AppIntents
import CoreSpotlight

/// Serves WalkMatePlaceEntity: lookups by id, the full list, search as you type, reindexing.
struct WalkMatePlaceEntityQuery: EnumerableEntityQuery {
    func entities(for identifiers: [WalkMatePlaceEntity.ID]) async throws -> [WalkMatePlaceEntity] {
        try await allEntities().filter { identifiers.contains($0.id) }
    }

    func allEntities() async throws -> [WalkMatePlaceEntity] {
        FavoriteRouteStorage.load().compactMap(WalkMatePlaceEntity.init)
    }

    func suggestedEntities() async throws -> [WalkMatePlaceEntity] {
        try await allEntities()
    }
}

extension WalkMatePlaceEntityQuery: EntityStringQuery {
    func entities(matching string: String) async throws -> [WalkMatePlaceEntity] {
        try await allEntities().filter { entity in
            entity.name?.localizedStandardContains(string) == true
        }
    }
}

@available(iOS 27, *)
extension WalkMatePlaceEntityQuery: IndexedEntityQuery {
    func reindexEntities(
        for identifiers: [WalkMatePlaceEntity.ID],
        indexDescription: CSSearchableIndexDescription
    ) async throws {
        let entities = FavoriteRouteStorage.load()
            .filter { identifiers.contains($0.id) }
            .compactMap(WalkMatePlaceEntity.init)
        try await CSSearchableIndex.default().indexAppEntities(entities)
    }

    func reindexAllEntities(
        indexDescription: CSSearchableIndexDescription
    ) async throws {
        let entities = FavoriteRouteStorage.load().compactMap(WalkMatePlaceEntity.init)
        try await CSSearchableIndex.default().indexAppEntities(entities)
    }
}
