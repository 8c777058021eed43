import SwiftUI
import WidgetKit

@main
struct WalkMateWidgets: WidgetBundle {
    var body: some Widget {
        FavoriteWalkWidget()
    }
}
