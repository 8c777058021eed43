import Foundation

/// A property-list value: the nine kinds that XML and binary property lists can hold.
///
/// Equality follows property-list semantics rather than Swift's: two reals are equal when they
/// are `==` or both NaN, and dictionaries compare without regard to key order.
public enum PropertyListValue: Sendable {
    case string(String)
    /// Any integer from `Int64.min` to `UInt64.max`, exactly.
    case integer(PropertyListInteger)
    /// A double, including infinities and NaN.
    case real(Double)
    case bool(Bool)
    /// A moment in time; property lists store seconds since 2001-01-01T00:00:00Z.
    case date(Date)
    case data(Data)
    case array([PropertyListValue])
    /// A dictionary whose keys keep their document order.
    case dictionary(PropertyListDictionary)
    /// A keyed-archiver object reference (binary property lists only).
    case uid(UInt64)
}

extension PropertyListValue {
    /// The element name of this kind in an XML property list (`dict` for dictionaries).
    public var kindName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool: "bool"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dict"
        case .uid: "uid"
        }
    }
}

extension PropertyListValue: Equatable {
    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): a == b
        case let (.integer(a), .integer(b)): a == b
        case let (.real(a), .real(b)): a == b || (a.isNaN && b.isNaN)
        case let (.bool(a), .bool(b)): a == b
        case let (.date(a), .date(b)): a == b
        case let (.data(a), .data(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.dictionary(a), .dictionary(b)): a == b
        case let (.uid(a), .uid(b)): a == b
        default: false
        }
    }
}

extension PropertyListValue: Hashable {
    public func hash(into hasher: inout Hasher) {
        switch self {
        case let .string(v): hasher.combine(0); hasher.combine(v)
        case let .integer(v): hasher.combine(1); hasher.combine(v)
        case let .real(v):
            hasher.combine(2)
            // Values that compare equal must hash equally: one NaN, and 0.0 == -0.0.
            hasher.combine(v.isNaN ? Double.nan.bitPattern : (v == 0 ? 0 : v.bitPattern))
        case let .bool(v): hasher.combine(3); hasher.combine(v)
        case let .date(v): hasher.combine(4); hasher.combine(v)
        case let .data(v): hasher.combine(5); hasher.combine(v)
        case let .array(v): hasher.combine(6); hasher.combine(v)
        case let .dictionary(v): hasher.combine(7); hasher.combine(v)
        case let .uid(v): hasher.combine(8); hasher.combine(v)
        }
    }
}

extension PropertyListValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(PropertyListInteger(value)) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: PropertyListValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        self = .dictionary(PropertyListDictionary(elements))
    }
}
