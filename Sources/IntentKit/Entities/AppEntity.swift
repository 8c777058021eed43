import Foundation
public import PropertyList

/// An identifier type that survives being stored in a user's shortcut: it converts to and from a
/// string, which is how the registry, donations and replay scripts refer to entities.
public protocol EntityIdentifierConvertible: Hashable, Sendable {
    /// The stored form of the identifier.
    var entityIdentifierString: String { get }
    /// Parses the stored form; nil when `string` is not an identifier of this type.
    static func entityIdentifier(for string: String) -> Self?
}

extension String: EntityIdentifierConvertible {
    public var entityIdentifierString: String { self }
    public static func entityIdentifier(for string: String) -> String? { string }
}

extension UUID: EntityIdentifierConvertible {
    public var entityIdentifierString: String { uuidString }
    /// Accepts upper- or lowercase UUID text.
    public static func entityIdentifier(for string: String) -> UUID? { UUID(uuidString: string) }
}

extension Int: EntityIdentifierConvertible {
    public var entityIdentifierString: String { String(self) }
    public static func entityIdentifier(for string: String) -> Int? { Int(string) }
}

/// A value that Siri, Shortcuts and Spotlight can refer to: the App Intents `AppEntity`.
///
/// The `id` must be stable and persistent (R6.1): it is stored in user shortcuts and donations
/// and handed back to the query's `entities(for:)` later. Entities are looked up by
/// ``typeName`` (the Swift type name unless overridden), as AppIntentsTesting does.
///
/// ```swift
/// struct PlaceEntity: AppEntity {
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Favorite walk"
///     let id: UUID
///     var name: String
///     var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: name) }
///     var exposedProperties: [EntityProperty] { [EntityProperty("name", value: .string(name))] }
/// }
/// ```
public protocol AppEntity: Identifiable, Sendable where ID: EntityIdentifierConvertible {
    /// The name the registry, the phrase matcher and replay scripts use for this type.
    static var typeName: String { get }
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    var displayRepresentation: DisplayRepresentation { get }
    /// The properties Shortcuts may show and Siri may read aloud (what `@Property` publishes).
    var exposedProperties: [EntityProperty] { get }
}

extension AppEntity {
    public static var typeName: String { String(describing: Self.self) }
    public var exposedProperties: [EntityProperty] { [] }
    /// The identifier's stored string form.
    public var entityIdentifierString: String { id.entityIdentifierString }
}

/// One property an entity publishes to Siri and Shortcuts (the `@Property` wrapper's role).
public struct EntityProperty: Hashable, Sendable {
    /// The key, as in `\.name`.
    public var name: String
    /// The label Shortcuts shows; derived from the name when not given, as Xcode 16+ does.
    public var title: String
    /// The current value; nil for an optional property that is unset.
    public var value: PropertyListValue?

    public init(_ name: String, title: String? = nil, value: PropertyListValue?) {
        self.name = name
        self.title = title ?? Self.derivedTitle(from: name)
        self.value = value
    }

    /// `startLatitude` → `Start Latitude`: split at lower-to-upper case changes, capitalise words.
    static func derivedTitle(from name: String) -> String {
        var words: [String] = []
        var current = ""
        for character in name {
            if character.isUppercase, let last = current.last, last.isLowercase {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}

/// A reference to one entity by type name and identifier: what `EntityIdentifier(for:identifier:)`
/// puts on a view (`appEntityIdentifier`, iOS 18.4) or an activity (iOS 18.2).
public struct EntityIdentifier: Hashable, Sendable, CustomStringConvertible {
    public var typeName: String
    public var identifier: String

    public init(typeName: String, identifier: String) {
        self.typeName = typeName
        self.identifier = identifier
    }

    public init<Entity: AppEntity>(for type: Entity.Type, identifier: Entity.ID) {
        self.init(typeName: Entity.typeName, identifier: identifier.entityIdentifierString)
    }

    /// `TYPE/ID`.
    public var description: String { "\(typeName)/\(identifier)" }

    /// The release that lets views carry entity identifiers (`appEntityIdentifier`), so Siri can
    /// resolve "the third walk" on screen.
    public static let onScreenAvailability = Platform.iOS18_4
}
