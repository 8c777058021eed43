public import Foundation

/// A value in one of SQLite's five storage classes, for binding and reading generically.
public enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// An optional string as text or NULL.
    public init(_ string: String?) { self = string.map { .text($0) } ?? .null }

    /// An optional double as real or NULL.
    public init(_ number: Double?) { self = number.map { .real($0) } ?? .null }

    /// A boolean as the integer 0 or 1.
    public init(_ flag: Bool) { self = .integer(flag ? 1 : 0) }

    public var int64Value: Int64? {
        if case let .integer(v) = self { return v }
        return nil
    }

    public var doubleValue: Double? {
        switch self {
        case let .real(v): v
        case let .integer(v): Double(v)
        default: nil
        }
    }

    public var stringValue: String? {
        if case let .text(v) = self { return v }
        return nil
    }

    public var dataValue: Data? {
        if case let .blob(v) = self { return v }
        return nil
    }
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByNilLiteral
{
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(nilLiteral: ()) { self = .null }
}
