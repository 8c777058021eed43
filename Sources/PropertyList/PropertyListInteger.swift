/// An integer in the range property lists can store: `Int64.min` through `UInt64.max`.
///
/// Values that fit `Int64` are always stored signed, so equal numbers have one representation.
public struct PropertyListInteger: Hashable, Sendable {
    private enum Storage: Hashable, Sendable {
        case signed(Int64)
        /// Only for values above `Int64.max`.
        case unsigned(UInt64)
    }

    private let storage: Storage

    public init(_ value: Int64) { storage = .signed(value) }

    public init(_ value: Int) { storage = .signed(Int64(value)) }

    public init(_ value: UInt64) {
        storage = value <= UInt64(Int64.max) ? .signed(Int64(value)) : .unsigned(value)
    }

    /// The value, or nil above `Int64.max`.
    public var int64Value: Int64? {
        if case let .signed(v) = storage { return v }
        return nil
    }

    /// The value, or nil when negative.
    public var uint64Value: UInt64? {
        switch storage {
        case let .signed(v): v >= 0 ? UInt64(v) : nil
        case let .unsigned(v): v
        }
    }

    public var isNegative: Bool {
        if case let .signed(v) = storage { return v < 0 }
        return false
    }

    public var doubleValue: Double {
        switch storage {
        case let .signed(v): Double(v)
        case let .unsigned(v): Double(v)
        }
    }

    /// Parses decimal digits with an optional sign; nil when out of range or malformed.
    public init?(decimal text: Substring, negative: Bool) {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        guard let magnitude = UInt64(text) else { return nil }
        self.init(magnitude: magnitude, negative: negative)
    }

    /// Parses hexadecimal digits (without `0x`) with an optional sign; nil when out of range or malformed.
    public init?(hexadecimal text: Substring, negative: Bool) {
        guard !text.isEmpty, let magnitude = UInt64(text, radix: 16) else { return nil }
        self.init(magnitude: magnitude, negative: negative)
    }

    /// A magnitude and sign; nil when the result is below `Int64.min`.
    public init?(magnitude: UInt64, negative: Bool) {
        if !negative {
            self.init(magnitude)
        } else if magnitude <= UInt64(Int64.max) + 1 {
            self.init(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        } else {
            return nil
        }
    }
}

extension PropertyListInteger: Comparable {
    public static func < (lhs: PropertyListInteger, rhs: PropertyListInteger) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case let (.signed(a), .signed(b)): a < b
        case (.signed, .unsigned): true
        case (.unsigned, .signed): false
        case let (.unsigned(a), .unsigned(b)): a < b
        }
    }
}

extension PropertyListInteger: ExpressibleByIntegerLiteral, CustomStringConvertible {
    public init(integerLiteral value: Int64) { self.init(value) }

    public var description: String {
        switch storage {
        case let .signed(v): String(v)
        case let .unsigned(v): String(v)
        }
    }
}
