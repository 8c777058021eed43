public import Foundation
public import PropertyList

/// A number with a unit, e.g. a distance of 5 km.
public struct IntentMeasurement: Hashable, Sendable, CustomStringConvertible {
    public var value: Double
    /// The unit symbol the parameter declares, e.g. `km`.
    public var unit: String

    public init(_ value: Double, unit: String) {
        self.value = value
        self.unit = unit
    }

    /// `5 km`, `7.5 km`.
    public var description: String {
        let number = value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        return "\(number) \(unit)"
    }
}

/// The value of one intent parameter once resolved.
public enum IntentValue: Hashable, Sendable {
    case entity(AnyAppEntity)
    case enumCase(IntentEnum.Case)
    case integer(Int)
    case decimal(Double)
    case measurement(IntentMeasurement)
    case string(String)
    case boolean(Bool)
    case date(Date)
    /// An absolute URL (see ``IntentValueParsing/url(_:)``).
    case url(URL)
    /// A file by its `file:` URL (see ``IntentValueParsing/fileURL(_:)``).
    case file(URL)

    /// The stored form (donations, replay results, the bridge): an entity by its identifier, an
    /// enum case by its identifier, a measurement by its number in the parameter's unit, a URL or
    /// file by its URL text.
    public var propertyListValue: PropertyListValue {
        switch self {
        case let .entity(entity): .string(entity.identifier)
        case let .enumCase(enumCase): .string(enumCase.identifier)
        case let .integer(value): .integer(PropertyListInteger(value))
        case let .decimal(value): .real(value)
        case let .measurement(measurement): .real(measurement.value)
        case let .string(value): .string(value)
        case let .boolean(value): .bool(value)
        case let .date(value): .date(value)
        case let .url(url), let .file(url): .string(url.absoluteString)
        }
    }

    /// What a person sees or hears: an entity's or case's title, `5 km`, the text itself, a date
    /// as `YYYY-MM-DDTHH:MM:SSZ`, a file's path.
    public var displayText: String {
        switch self {
        case let .entity(entity): entity.title
        case let .enumCase(enumCase): enumCase.title
        case let .integer(value): String(value)
        case let .decimal(value): String(value)
        case let .measurement(measurement): measurement.description
        case let .string(value): value
        case let .boolean(value): value ? "true" : "false"
        case let .date(value): UTCTimestamp.string(value)
        case let .url(url): url.absoluteString
        case let .file(url): url.path
        }
    }

    public var entityValue: AnyAppEntity? {
        if case let .entity(entity) = self { return entity }
        return nil
    }

    /// The number of an integer, decimal or measurement value.
    public var doubleValue: Double? {
        switch self {
        case let .integer(value): Double(value)
        case let .decimal(value): value
        case let .measurement(measurement): measurement.value
        default: nil
        }
    }
}
