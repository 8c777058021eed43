import Foundation
import IntentKit

/// A saved walk: the user's name for it and the coordinate where it starts (the trailhead).
///
/// The `id` is the UUID CloudKit syncs between the user's devices, so it is also the stable
/// identifier of ``WalkMatePlaceEntity`` (R6.1, R9.4). Only the start is kept here: Walk Mate
/// exports the trailhead to Maps, never the whole loop.
public struct Favorite: Hashable, Sendable, Identifiable {
    public let id: UUID
    public var name: String
    public var startLatitude: Double
    public var startLongitude: Double

    public init(id: UUID = UUID(), name: String, startLatitude: Double, startLongitude: Double) {
        self.id = id
        self.name = name
        self.startLatitude = startLatitude
        self.startLongitude = startLongitude
    }

    /// The name without surrounding whitespace, checked: one line, not empty, at most
    /// ``maximumNameLength`` characters.
    /// - Throws: ``FavoritesStoreError/invalidName(_:reason:)``.
    public static func validatedName(_ name: String) throws(FavoritesStoreError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidName(name, reason: "a favorite needs a name") }
        guard trimmed.count <= maximumNameLength else {
            throw .invalidName(String(trimmed.prefix(40)) + "…", reason: "a name has at most \(maximumNameLength) characters")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidName(name, reason: "a name is one line without control characters")
        }
        return trimmed
    }

    /// Names longer than this are rejected: they would not fit a row or a Siri phrase.
    public static let maximumNameLength = 200

    /// Checks that the start is a real coordinate (finite, latitude -90…90, longitude -180…180).
    /// - Throws: ``FavoritesStoreError/invalidCoordinate(latitude:longitude:)``.
    public static func validateCoordinate(latitude: Double, longitude: Double) throws(FavoritesStoreError) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw .invalidCoordinate(latitude: latitude, longitude: longitude)
        }
    }

    /// The form names are compared in: case and diacritics ignored ("Zürich" = "zurich").
    public var foldedName: String { TextFolding.fold(name) }
}

/// Why the favorites store refused a change. Nothing is written when one of these is thrown.
public enum FavoritesStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidName(String, reason: String)
    case invalidCoordinate(latitude: Double, longitude: Double)
    /// Another favorite already has this name (ignoring case and diacritics); names must be
    /// unique so that Siri, Spotlight and the Favorites list can tell favorites apart.
    case duplicateName(String)
    case duplicateID(UUID)
    /// No favorite has this name (or id).
    case notFound(String)
    /// A stored row cannot be read back (the file was edited by something else).
    case unreadableRow(String)

    public var description: String {
        switch self {
        case let .invalidName(name, reason): "invalid favorite name '\(name)': \(reason)"
        case let .invalidCoordinate(latitude, longitude):
            "invalid start coordinate (\(latitude), \(longitude)): latitude must be in -90…90 and longitude in -180…180"
        case let .duplicateName(name): "a favorite named '\(name)' already exists"
        case let .duplicateID(id): "a favorite with id \(id.uuidString) already exists"
        case let .notFound(name): "no favorite named '\(name)'"
        case let .unreadableRow(detail): "a stored favorite is unreadable: \(detail)"
        }
    }
}
