import Foundation

/// A saved walk: its name and where it starts (the whole loop stays in the app).
struct FavoriteRoute: Identifiable, Hashable {
    let id: UUID
    var name: String
    var startLatitude: Double
    var startLongitude: Double
}
