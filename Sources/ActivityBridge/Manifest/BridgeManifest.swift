public import ActivityKit
public import Diagnostics
import PropertyList

/// A bridge manifest (`Plists/<App>-Bridge.plist`): which intent each legacy activity type
/// becomes, with parameter bindings from userInfo, per platform, and what happens when an entity
/// is gone. Read it with ``BridgeManifestReader``; check it against the app's intents with
/// ``BridgeManifestChecker``.
///
/// ```swift
/// let reading = try BridgeManifestReader().read(contentsOf: "Plists/WalkMate-Bridge.plist")
/// let problems = BridgeManifestChecker(catalog: IntentCatalog(registry: app.intents)).check(reading.manifest)
/// reading.manifest.mapping(for: "com.walkmate.favorite.open")?.targets.first?.intent  // "OpenWalkMatePlaceIntent"
/// ```
public struct BridgeManifest: Sendable {
    /// The manifest format this code reads (`formatVersion`).
    public static let formatVersion = 1

    /// The file, as diagnostics name it.
    public var file: String
    /// The app whose intents the mappings name (`app`), e.g. `walkmate`.
    public var app: String
    public var appLocation: SourceLocation
    /// The mappings, in manifest order, one per activity type.
    public var mappings: [ActivityMapping]
    /// Where offline tools (`migrate`) find each entity type's identifiers in the app's data.
    public var entityLookups: [EntityLookup]

    public init(file: String, app: String, appLocation: SourceLocation, mappings: [ActivityMapping], entityLookups: [EntityLookup] = []) {
        self.file = file
        self.app = app
        self.appLocation = appLocation
        self.mappings = mappings
        self.entityLookups = entityLookups
    }

    /// The mapping of `activityType`, or nil when the manifest does not handle it.
    public func mapping(for activityType: String) -> ActivityMapping? {
        mappings.first { $0.activityType == activityType }
    }

    /// The lookup for entity type `typeName`, or nil.
    public func entityLookup(for typeName: String) -> EntityLookup? {
        entityLookups.first { $0.entityType == typeName }
    }

    /// The handled types with their `<key>` locations: `validate --manifest`'s input.
    public var handledTypes: [ValidationInput.HandledType] {
        mappings.map { ValidationInput.HandledType($0.activityType, location: $0.location) }
    }
}

/// Where an entity type's identifiers live in the app's own SQLite data, so `migrate` can tell
/// whether a donated entity still exists without running the app: a table and the column that
/// holds the identifier string (the form `entities(for:)` takes, e.g. an uppercase UUID).
public struct EntityLookup: Sendable, Hashable {
    public var entityType: String
    public var table: String
    public var identifierColumn: String
    /// The entity type's `<key>` in `entities`.
    public var location: SourceLocation

    public init(entityType: String, table: String, identifierColumn: String, location: SourceLocation) {
        self.entityType = entityType
        self.table = table
        self.identifierColumn = identifierColumn
        self.location = location
    }
}
