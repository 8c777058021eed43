import AppIntents
import CoreLocation
import CoreSpotlight

/// A favorite walk, for Spotlight, Shortcuts, Siri and the widget.
struct WalkMatePlaceEntity: IndexedEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Favorite walk"
    static let defaultQuery = WalkMatePlaceEntityQuery()
    static let spotlightIndexName = "WalkMateFavorites"

    let id: UUID
    @Property
    var name: String?
    var startLatitude: Double
    var startLongitude: Double

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name ?? "Favorite walk")")
    }

    var attributeSet: CSSearchableItemAttributeSet {
        let attributes = defaultAttributeSet
        attributes.displayName = name
        attributes.title = name
        if let name {
            attributes.keywords = [name]
        }
        return attributes
    }

    init?(_ favorite: FavoriteRoute) {
        id = favorite.id
        name = favorite.name
        startLatitude = favorite.startLatitude
        startLongitude = favorite.startLongitude
    }
}

@available(iOS 26.4, *)
extension WalkMatePlaceEntity: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        ValueRepresentation(exporting: \.startPlace)
    }
}

@available(iOS 26, *)
extension WalkMatePlaceEntity {
    var startPlace: PlaceDescriptor {
        PlaceDescriptor(
            representations: [
                .coordinate(
                    CLLocationCoordinate2D(
                        latitude: startLatitude,
                        longitude: startLongitude
                    )
                )
            ],
            commonName: nil
        )
    }
}

@available(iOS 27, *)
extension WalkMatePlaceEntity: SyncableEntity {}
