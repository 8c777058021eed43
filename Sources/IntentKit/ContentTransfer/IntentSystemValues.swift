public import PropertyList

/// A system value type other apps understand (the targets of `IntentValueRepresentation`).
public protocol IntentSystemValue: Hashable, Sendable {
    /// The system type's name, for messages.
    static var systemTypeName: String { get }
    /// How replay results and JSON show the value.
    var propertyListValue: PropertyListValue { get }
}

/// A place as Maps understands it (`PlaceDescriptor`): a coordinate and an optional common name.
public struct IntentPlace: IntentSystemValue {
    public static let systemTypeName = "PlaceDescriptor"

    public var latitude: Double
    public var longitude: Double
    public var name: String?

    /// A place at a valid coordinate: latitude in -90…90, longitude in -180…180, both finite.
    /// - Throws: ``ContentTransferError/invalidValue(_:)`` otherwise.
    public init(latitude: Double, longitude: Double, name: String? = nil) throws(ContentTransferError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw .invalidValue("latitude \(latitude) is outside -90…90")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw .invalidValue("longitude \(longitude) is outside -180…180")
        }
        self.latitude = latitude
        self.longitude = longitude
        self.name = name
    }

    /// `{latitude, longitude}` plus `name` when set.
    public var propertyListValue: PropertyListValue {
        var dictionary: PropertyListDictionary = ["latitude": .real(latitude), "longitude": .real(longitude)]
        if let name { dictionary["name"] = .string(name) }
        return .dictionary(dictionary)
    }
}

/// A person as the system understands one (`IntentPerson`): a display name and a phone number.
public struct IntentPerson: IntentSystemValue {
    public static let systemTypeName = "IntentPerson"

    public var displayName: String
    public var phoneNumber: String?

    public init(displayName: String, phoneNumber: String? = nil) {
        self.displayName = displayName
        self.phoneNumber = phoneNumber
    }

    /// `{displayName}` plus `phoneNumber` when set.
    public var propertyListValue: PropertyListValue {
        var dictionary: PropertyListDictionary = ["displayName": .string(displayName)]
        if let phoneNumber { dictionary["phoneNumber"] = .string(phoneNumber) }
        return .dictionary(dictionary)
    }
}

/// Why content could not be exported or imported.
public enum ContentTransferError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The platform predates the representation (export/import needs iOS 26.4; import-only 27.2).
    case unavailable(requires: Platform, platform: Platform)
    /// The representation only imports: the entity is never offered for export (R7.6).
    case notExportable(entityType: String)
    /// Nothing matched and the representation has no importing closure.
    case notImportable(entityType: String, valueType: String)
    /// The value query threw (as opposed to answering "no match" with an empty list).
    case queryFailed(String)
    /// The importing closure threw.
    case importFailed(String)
    /// The exporting closure threw.
    case exportFailed(String)
    /// The system value itself is invalid (e.g. a coordinate out of range).
    case invalidValue(String)

    public var description: String {
        switch self {
        case let .unavailable(requires, platform): "content transfer needs \(requires) or later (running \(platform))"
        case let .notExportable(type): "\(type) is import-only and cannot be exported"
        case let .notImportable(type, value): "no \(type) matches the \(value), and \(type) cannot be created from one"
        case let .queryFailed(reason): "the value query failed: \(reason)"
        case let .importFailed(reason): "importing failed: \(reason)"
        case let .exportFailed(reason): "exporting failed: \(reason)"
        case let .invalidValue(reason): "invalid value: \(reason)"
        }
    }
}
