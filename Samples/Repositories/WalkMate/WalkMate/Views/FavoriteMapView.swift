import MapKit
import SwiftUI

/// A saved walk on the map; the open favorite can be handed off to another device.
struct FavoriteMapView: View {
    let favorite: FavoriteRoute?

    var body: some View {
        Map {
            if let favorite {
                Marker(favorite.name, coordinate: CLLocationCoordinate2D(latitude: favorite.startLatitude,
                                                                         longitude: favorite.startLongitude))
            }
        }
        .navigationTitle(favorite?.name ?? "Walk Mate")
        .userActivity(WalkMateActivity.openFavorite.rawValue, isActive: favorite != nil) { activity in
            guard let favorite else { return }
            activity.title = favorite.name
            activity.userInfo = ["favoriteID": favorite.id.uuidString]
            activity.requiredUserInfoKeys = ["favoriteID"]
            activity.isEligibleForHandoff = true
        }
    }
}
