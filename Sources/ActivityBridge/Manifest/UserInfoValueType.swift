import Foundation
public import IntentKit
public import PropertyList

/// The type a bridge manifest gives a userInfo value: in a type's declared `userInfo` shape, or
/// on a binding (`type`). It decides which values a continuation or migration accepts and the
/// canonical form they take before becoming an intent parameter.
///
/// | type | accepts | becomes |
/// | --- | --- | --- |
/// | `string` | a string, as is | the string |
/// | `uuid` | a UUID string in either case, spaces around it ignored | the uppercase UUID string |
/// | `number` | an integer, a finite real, or number text (spaces ignored) | a real |
/// | `integer` | an integer, a whole real, or integer text | an integer |
/// | `bool` | a boolean, or the integers 0 and 1 | a boolean |
/// | `date` | a date, ISO 8601 text, or seconds since 1970 (`IntentValueParsing.date(_:)`) | a date |
/// | `referenceDate` | a date, or seconds since 2001-01-01 UTC (what `JSONEncoder` writes for a `Date` by default) | a date |
/// | `url` | an absolute URL string (`IntentValueParsing.url(_:)`) | the URL text |
/// | `file` | a `file:` URL or an absolute path string | the `file:` URL text |
/// | `data`, `array`, `dictionary` | a value of that kind | the value (describes the shape only: no parameter takes one) |
///
/// The accepted forms of the first five are exactly what the samples' legacy `continue` handlers
/// accept, so an activity one route rejects the other rejects too.
public enum UserInfoValueType: String, CaseIterable, Hashable, Sendable {
    case string, uuid, number, integer, bool, date, referenceDate, url, file, data, array, dictionary

    /// The canonical form of `value`, or nil when `value` is not of this type.
    public func convert(_ value: PropertyListValue) -> PropertyListValue? {
        switch self {
        case .string:
            return value.stringValue.map(PropertyListValue.string)
        case .uuid:
            guard let text = value.stringValue,
                  let uuid = UUID(uuidString: text.trimmingSpaces())
            else { return nil }
            return .string(uuid.uuidString)
        case .number:
            let number = value.doubleValue ?? value.stringValue.flatMap { Double($0.trimmingSpaces()) }
            guard let number, number.isFinite else { return nil }
            return .real(number)
        case .integer:
            switch value {
            case .integer: return value
            case let .real(number):
                guard number.isFinite, number.rounded() == number, let whole = Int64(exactly: number) else { return nil }
                return .integer(PropertyListInteger(whole))
            case let .string(text):
                return Int64(text.trimmingSpaces()).map { .integer(PropertyListInteger($0)) }
            default: return nil
            }
        case .bool:
            if let flag = value.boolValue { return .bool(flag) }
            switch value.int64Value {
            case 0?: return .bool(false)
            case 1?: return .bool(true)
            default: return nil
            }
        case .date: return IntentValueParsing.date(value).map(PropertyListValue.date)
        case .referenceDate:
            if case .date = value { return value }
            return IntentValueParsing.seconds(value).map { .date(Date(timeIntervalSinceReferenceDate: $0)) }
        case .url: return IntentValueParsing.url(value).map { .string($0.absoluteString) }
        case .file: return IntentValueParsing.fileURL(value).map { .string($0.absoluteString) }
        case .data: return value.dataValue == nil ? nil : value
        case .array: return value.arrayValue == nil ? nil : value
        case .dictionary: return value.dictionaryValue == nil ? nil : value
        }
    }

    /// Whether a value of this type can fill a parameter of `kind`.
    public func fits(_ kind: IntentParameter.Kind) -> Bool {
        switch kind {
        case .entity: [.string, .uuid, .integer].contains(self)
        case .enumeration: self == .string
        case .integer: self == .integer || self == .number
        case .decimal, .measurement: self == .number || self == .integer
        case .string: [.string, .uuid, .url, .file].contains(self)
        case .boolean: self == .bool
        case .date: self == .date || self == .referenceDate
        case .url: self == .url
        case .file: self == .file
        }
    }

    /// The type a binding reads when neither it nor the userInfo shape names one.
    public static func inferred(for kind: IntentParameter.Kind) -> UserInfoValueType {
        switch kind {
        case .entity, .enumeration, .string: .string
        case .integer: .integer
        case .decimal, .measurement: .number
        case .boolean: .bool
        case .date: .date
        case .url: .url
        case .file: .file
        }
    }

    /// The type of a constant written in the manifest (`value`), for checking it against a kind.
    public static func of(constant value: PropertyListValue) -> UserInfoValueType? {
        switch value {
        case .string: .string
        case .integer: .integer
        case .real: .number
        case .bool: .bool
        case .date: .date
        case .data: .data
        case .array: .array
        case .dictionary: .dictionary
        case .uid: nil
        }
    }

    /// The names the manifest accepts, for messages: `string, uuid, number, …`.
    static var namesList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

extension String {
    /// Without spaces and tabs around it (`CharacterSet.whitespaces`). Most values have none, and Foundation's
    /// trimming bridges through NSString even then: a twentieth of a migration's time.
    fileprivate func trimmingSpaces() -> String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last,
              CharacterSet.whitespaces.contains(first) || CharacterSet.whitespaces.contains(last) else { return self }
        return trimmingCharacters(in: .whitespaces)
    }
}
