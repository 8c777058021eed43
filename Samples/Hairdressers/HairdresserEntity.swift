public import Foundation
public import IntentKit
import PropertyList

/// A hairdresser as Siri, Shortcuts and Spotlight see it: the seed's `ContactEntity`, with its
/// name and phone number published and its `person` for content transfer.
public struct HairdresserEntity: IndexedEntity {
    public static let typeDisplayRepresentation: TypeDisplayRepresentation = "Hairdresser"

    public let id: UUID
    public var name: String
    public var phoneNumber: String?

    public init(_ hairdresser: Hairdresser) {
        id = hairdresser.id
        name = hairdresser.name
        phoneNumber = hairdresser.phoneNumber
    }

    public var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: name, subtitle: phoneNumber)
    }

    public var exposedProperties: [EntityProperty] {
        [EntityProperty("name", value: .string(name)), EntityProperty("phoneNumber", value: phoneNumber.map { .string($0) })]
    }

    /// Spotlight finds a hairdresser by name.
    public var attributeSet: SearchableAttributeSet {
        var attributes = defaultAttributeSet
        attributes.keywords = [name]
        return attributes
    }

    /// The contact as the system's person value (export, step 1 of the content-transfer seed).
    public var person: IntentPerson {
        IntentPerson(displayName: name, phoneNumber: phoneNumber)
    }
}

/// Finds hairdressers for Siri and Shortcuts: by id, every one as suggestions, by name as typed.
public struct HairdresserQuery: EnumerableEntityQuery, EntityStringQuery {
    public typealias Entity = HairdresserEntity

    public var hairdressers: () throws -> [Hairdresser]

    public init(hairdressers: @escaping () throws -> [Hairdresser]) {
        self.hairdressers = hairdressers
    }

    public func allEntities() throws -> [HairdresserEntity] {
        try hairdressers().map(HairdresserEntity.init)
    }
}

/// The content-transfer seed's `ContactEntityQuery`: incoming people match stored hairdressers
/// whose name contains the person's display name, ignoring case and diacritics
/// (`localizedStandardContains`). No match is an empty list (the caller then creates one); a
/// failed fetch throws.
public struct HairdresserPersonQuery: IntentValueQuery {
    public typealias Input = IntentPerson
    public typealias Entity = HairdresserEntity

    public var hairdressers: () throws -> [Hairdresser]

    public init(hairdressers: @escaping () throws -> [Hairdresser]) {
        self.hairdressers = hairdressers
    }

    public func values(for input: [IntentPerson]) throws -> [HairdresserEntity] {
        let names = input.map(\.displayName)
        let matches = try hairdressers().filter { hairdresser in
            names.contains { name in hairdresser.name.foldedContains(name) }
        }
        return matches.map(HairdresserEntity.init)
    }
}
