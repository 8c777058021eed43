import Foundation
public import IntentKit
import PropertyList

/// A favorite walk as Siri, Shortcuts and Spotlight see it (`WalkMatePlaceEntity` in the seed).
///
/// - `name` is published (`@Property`) so Shortcuts can show it and Siri can say it.
/// - Indexed in Spotlight with the name as display name, title and keyword, so searching
///   "Berlin" finds the favorite named Berlin (§1).
/// - Syncable (iOS 27): the id is the CloudKit UUID, the same on every device (§8, R9.4).
/// - Exports only its start as a place value (``startPlace``), never the loop (§7).
public struct WalkMatePlaceEntity: IndexedEntity, SyncableEntity {
    public static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Favorite walk", pluralName: "Favorite walks")
    /// The named index Part 1 wrote; refreshes clear it and write the default index.
    public static let spotlightIndexName = "WalkMateFavorites"

    public let id: UUID
    /// `@Property var name`: what Siri reads aloud and phrases expand with.
    public var name: String
    public var startLatitude: Double { startPlace.latitude }
    public var startLongitude: Double { startPlace.longitude }
    /// The trailhead as Maps understands a place (`PlaceDescriptor`, no common name).
    public let startPlace: IntentPlace

    /// The entity for a stored favorite; nil when Siri could not name it (a blank name) or its
    /// start is not a real coordinate — the seed's `compactMap(WalkMatePlaceEntity.init)`.
    public init?(_ favorite: Favorite) {
        let name = favorite.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty,
              let place = try? IntentPlace(latitude: favorite.startLatitude, longitude: favorite.startLongitude)
        else { return nil }
        id = favorite.id
        self.name = name
        startPlace = place
    }

    public var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: name, imageName: "figure.walk")
    }

    public var exposedProperties: [EntityProperty] {
        [EntityProperty("name", value: .string(name))]
    }

    /// The default attributes plus the name as display name, title and keyword (§1).
    public var attributeSet: SearchableAttributeSet {
        var attributes = defaultAttributeSet
        attributes.displayName = name
        attributes.title = name
        attributes.keywords = [name]
        return attributes
    }

    /// `Transferable` with `ValueRepresentation(exporting: \.startPlace)`: export-only, so it
    /// needs iOS 26.4 (R7.6).
    public static var transferRepresentation: IntentValueRepresentation<WalkMatePlaceEntity, IntentPlace> {
        IntentValueRepresentation(exporting: \.startPlace)
    }

    /// A reference to this favorite for a view (`appEntityIdentifier`, iOS 18.4).
    public var entityIdentifier: EntityIdentifier {
        EntityIdentifier(for: WalkMatePlaceEntity.self, identifier: id)
    }
}
