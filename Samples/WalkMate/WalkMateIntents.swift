import Foundation
public import IntentKit

/// Walk Mate's App Intents, registered by name with named parameters (so the bridge manifest
/// and `runShortcut` can name them):
///
/// | intent | parameters | does |
/// | --- | --- | --- |
/// | `OpenWalkMatePlaceIntent` (iOS 27, `.system.open`) | `target`: favorite | `.openFavorite(id:)` |
/// | `ShowSavedWalkIntent` (opens the app) | `walk`: favorite | `.openFavorite(id:)` |
/// | `GenerateRoutesIntent` (opens the app) | `distance`: km, 3…20, default the target distance | `.generateRoutes` |
/// | `SearchFavoritesIntent` (`.system.searchInApp`) | `criteria`: text | unique match opens it, else the list |
///
/// Every `perform` only dispatches a ``WalkMateRequest``: the same reducer handles it whether
/// Siri, Shortcuts, Spotlight or a tap in the app asked.
public enum WalkMateIntents {
    public static let openPlace = "OpenWalkMatePlaceIntent"
    public static let showSavedWalk = "ShowSavedWalkIntent"
    public static let generateRoutes = "GenerateRoutesIntent"
    public static let searchFavorites = "SearchFavoritesIntent"

    /// `.system.open` (and so the schema open) needs iOS 27.
    public static let openPlaceAvailability = Platform.iOS27
    /// The release Walk Mate's other intents and its entity indexing need.
    public static let baseAvailability = Platform.iOS18

    /// Registers the entity type and the four intents.
    /// - Parameters:
    ///   - query: serves ``WalkMatePlaceEntity`` (lookups, suggestions, search, reindexing).
    ///   - targetDistanceKm: the app's current default route length, read on every run.
    ///   - dispatch: `QuickActionRouter.dispatch`: hands a request to the app's reducer.
    /// - Throws: ``IntentError`` when something is registered twice or malformed.
    public static func register(
        in registry: IntentRegistry, query: WalkMatePlaceEntityQuery,
        targetDistanceKm: @escaping () -> Double, dispatch: @escaping (WalkMateRequest) throws -> Void
    ) throws(IntentError) {
        try registry.register(WalkMatePlaceEntity.self, query: query)
        try registry.register(IntentDefinition(
            typeName: openPlace, title: "Open Favorite Walk", opensApp: true, availability: openPlaceAvailability,
            schema: .open, parameters: [.entity("target", title: "Favorite walk", WalkMatePlaceEntity.self)]
        ) { intent, _ in
            try dispatch(.openFavorite(id: try favorite("target", of: intent)))
            return .result()
        })
        try registry.register(IntentDefinition(
            typeName: showSavedWalk, title: "Show Saved Walk", opensApp: true, availability: baseAvailability,
            parameters: [.entity("walk", title: "Saved walk", WalkMatePlaceEntity.self)]
        ) { intent, _ in
            try dispatch(.openFavorite(id: try favorite("walk", of: intent)))
            return .result()
        })
        try registry.register(IntentDefinition(
            typeName: generateRoutes, title: "Generate Routes", opensApp: true, availability: baseAvailability,
            parameters: [.measurement("distance", title: "Distance", unit: "km", range: WalkMateDistance.range,
                                      default: targetDistanceKm())]
        ) { intent, _ in
            try dispatch(.generateRoutes(distanceKm: intent.double("distance") ?? targetDistanceKm()))
            return .result()
        })
        try registry.register(IntentDefinition(
            typeName: searchFavorites, title: "Search Favorites", opensApp: true, availability: baseAvailability,
            schema: .searchInApp, parameters: [.string("criteria", title: "Search term")]
        ) { intent, _ in
            try dispatch(try query.searchRequest(intent.string("criteria") ?? ""))
            return .result()
        })
    }

    /// The favorite an entity parameter holds; resolution guarantees one for a required parameter.
    private static func favorite(_ parameter: String, of intent: IntentInstance) throws(IntentError) -> UUID {
        guard let entity = intent.entity(parameter, as: WalkMatePlaceEntity.self) else {
            throw .missingValue(typeName: intent.typeName, parameter: parameter)
        }
        return entity.id
    }
}

/// The App Shortcuts provider (§5): every phrase has `${applicationName}`; "Load NAME" expands
/// with the favorites' names after each `updateAppShortcutParameters()`.
///
/// "Open NAME in/with Walk Mate" come from `OpenWalkMatePlaceIntent`'s `.system.open` schema
/// (iOS 27) and "Search NAME in Walk Mate" from `SearchFavoritesIntent`'s `.system.searchInApp`:
/// the system's own phrases, which do not count against the 1,000-phrase limit.
public struct WalkMateAppShortcuts: AppShortcutsProvider {
    public static let applicationName = "Walk Mate"

    public static var appShortcuts: [AppShortcut] {
        [
            AppShortcut(intent: WalkMateIntents.showSavedWalk, phrases: ["Load ${walk} in ${applicationName}"],
                        shortTitle: "Open Favorite Walk", systemImageName: "figure.walk"),
            AppShortcut(intent: WalkMateIntents.generateRoutes,
                        phrases: ["Generate a route in ${applicationName}", "Generate me a route in ${applicationName}",
                                  "Make me a walk in ${applicationName}", "Create a walk in ${applicationName}",
                                  "Generate walking routes in ${applicationName}"],
                        shortTitle: "Generate Routes", systemImageName: "point.topleft.down.to.point.bottomright.curvepath"),
        ]
    }
}
