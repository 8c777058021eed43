import Foundation

/// The NSUserActivity types Walk Mate creates and continues (Handoff and the pre-App-Intents
/// shortcuts); Info.plist's NSUserActivityTypes declares them.
enum WalkMateActivity: String {
    case openFavorite = "com.walkmate.favorite.open"
    case generateRoute = "com.walkmate.route.generate"

    /// The Favorites list, handed off between devices; named after the running bundle.
    static var favoritesList: String {
        "\(Bundle.main.bundleIdentifier!).favorites.list"
    }
}
