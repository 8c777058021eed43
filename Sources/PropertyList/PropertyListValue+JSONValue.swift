public import JSON

extension PropertyListValue {
    /// A parsed JSON value as a property-list value: objects become dictionaries (member order
    /// kept), arrays arrays, numbers integers or reals as written, strings and booleans as they are.
    ///
    /// `null` has no property-list value: nil for `null` itself and for an array holding one. A
    /// `null` object member makes the whole nil too, unless `nullMembersAreAbsent`, when the
    /// member is left out — as a nil optional is to `JSONEncoder`.
    public init?(json: JSONValue, nullMembersAreAbsent: Bool = false) {
        switch json {
        case let .string(text): self = .string(text)
        case let .integer(number): self = .integer(PropertyListInteger(number))
        case let .unsignedInteger(number): self = .integer(PropertyListInteger(number))
        case let .real(number): self = .real(number)
        case let .bool(flag): self = .bool(flag)
        case .null: return nil
        case let .array(elements):
            var values: [PropertyListValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let value = PropertyListValue(json: element, nullMembersAreAbsent: nullMembersAreAbsent) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let .object(members):
            var dictionary = PropertyListDictionary()
            for member in members {
                if nullMembersAreAbsent, case .null = member.value { continue }
                guard let value = PropertyListValue(json: member.value, nullMembersAreAbsent: nullMembersAreAbsent) else { return nil }
                dictionary[member.key] = value
            }
            self = .dictionary(dictionary)
        }
    }
}
