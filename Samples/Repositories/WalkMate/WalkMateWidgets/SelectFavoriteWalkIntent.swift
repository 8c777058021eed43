import AppIntents
import WidgetKit

/// The widget's configuration: which favorite walk it shows.
struct SelectFavoriteWalkIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Select Favorite Walk"

    @Parameter(title: "Walk")
    var walk: WalkMatePlaceEntity?
}
