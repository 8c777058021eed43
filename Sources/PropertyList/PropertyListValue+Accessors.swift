import Foundation

// Typed accessors: each returns nil when the value is of another kind.
extension PropertyListValue {
    public var stringValue: String? {
        if case let .string(v) = self { return v }
        return nil
    }

    public var integerValue: PropertyListInteger? {
        if case let .integer(v) = self { return v }
        return nil
    }

    /// The integer as `Int64`, or nil when it is not an integer or lies above `Int64.max`.
    public var int64Value: Int64? { integerValue?.int64Value }

    /// The integer as `Int`, or nil when it is not an integer or does not fit.
    public var intValue: Int? { int64Value.flatMap { Int(exactly: $0) } }

    /// A real, or an integer converted to a double: the "number" of JSON and NSNumber.
    public var doubleValue: Double? {
        switch self {
        case let .real(v): v
        case let .integer(v): v.doubleValue
        default: nil
        }
    }

    public var boolValue: Bool? {
        if case let .bool(v) = self { return v }
        return nil
    }

    public var dateValue: Date? {
        if case let .date(v) = self { return v }
        return nil
    }

    public var dataValue: Data? {
        if case let .data(v) = self { return v }
        return nil
    }

    public var arrayValue: [PropertyListValue]? {
        if case let .array(v) = self { return v }
        return nil
    }

    public var dictionaryValue: PropertyListDictionary? {
        if case let .dictionary(v) = self { return v }
        return nil
    }

    public var uidValue: UInt64? {
        if case let .uid(v) = self { return v }
        return nil
    }

    /// The value under `key` when this is a dictionary.
    public subscript(key: String) -> PropertyListValue? {
        dictionaryValue?[key]
    }

    /// The element at `index` when this is an array and the index is in range.
    public subscript(index: Int) -> PropertyListValue? {
        guard case let .array(elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The value found by walking `path` from this value, or nil when a step does not exist.
    public func value(at path: PropertyListPath) -> PropertyListValue? {
        var current = self
        for component in path.components {
            switch component {
            case let .key(key):
                guard let next = current[key] else { return nil }
                current = next
            case let .index(index):
                guard let next = current[index] else { return nil }
                current = next
            }
        }
        return current
    }
}
