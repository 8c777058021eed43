import AppIntents
import SwiftUI
import WidgetKit

/// A favorite walk's name and start on the Home Screen; a tap opens it in the app.
struct FavoriteWalkWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "FavoriteWalk", intent: SelectFavoriteWalkIntent.self,
                               provider: FavoriteWalkProvider()) { entry in
            VStack(alignment: .leading) {
                Image(systemName: "figure.walk")
                Text(entry.name ?? "Pick a walk")
                    .font(.headline)
            }
            .widgetURL(entry.id.map { URL(string: "walkmate://favorite/\($0.uuidString)")! })
            .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Favorite Walk")
        .supportedFamilies([.systemSmall])
    }
}

struct FavoriteWalkEntry: TimelineEntry {
    let date: Date
    let id: UUID?
    let name: String?
}

struct FavoriteWalkProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> FavoriteWalkEntry {
        FavoriteWalkEntry(date: .now, id: nil, name: "Riverside Loop")
    }

    func snapshot(for configuration: SelectFavoriteWalkIntent, in context: Context) async -> FavoriteWalkEntry {
        FavoriteWalkEntry(date: .now, id: configuration.walk?.id, name: configuration.walk?.name)
    }

    func timeline(for configuration: SelectFavoriteWalkIntent, in context: Context) async -> Timeline<FavoriteWalkEntry> {
        Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never)
    }
}
