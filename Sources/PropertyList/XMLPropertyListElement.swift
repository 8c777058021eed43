/// The elements of Apple's property-list DTD; anything else in a property list is an error.
enum XMLPropertyListElement: UInt8, CaseIterable {
    case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

    /// The element for a tag name given as UTF-8 bytes (libxml2's local name), or nil.
    ///
    /// Compared byte by byte on the hot path: no String is made for known names.
    init?(name: UnsafePointer<UInt8>) {
        // Dispatch on the first byte, then compare the rest including the terminating NUL.
        func matches(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            let bytes = literal.utf8Start
            for index in 1..<count where name[index] != bytes[index] { return false }
            return name[count] == 0
        }
        switch name[0] {
        case UInt8(ascii: "a") where matches("array"): self = .array
        case UInt8(ascii: "d") where name[1] == UInt8(ascii: "i") && matches("dict"): self = .dict
        case UInt8(ascii: "d") where matches("data"): self = .data
        case UInt8(ascii: "d") where matches("date"): self = .date
        case UInt8(ascii: "f") where matches("false"): self = .false
        case UInt8(ascii: "i") where matches("integer"): self = .integer
        case UInt8(ascii: "k") where matches("key"): self = .key
        case UInt8(ascii: "p") where matches("plist"): self = .plist
        case UInt8(ascii: "r") where matches("real"): self = .real
        case UInt8(ascii: "s") where matches("string"): self = .string
        case UInt8(ascii: "t") where matches("true"): self = .true
        default: return nil
        }
    }

    var name: String {
        switch self {
        case .plist: "plist"
        case .dict: "dict"
        case .array: "array"
        case .key: "key"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .date: "date"
        case .data: "data"
        case .true: "true"
        case .false: "false"
        }
    }

    /// `<dict>` and `<array>`, whose content is other elements.
    var isContainer: Bool { self == .dict || self == .array }

    /// The elements that hold text: `<key>` and the scalar values.
    var holdsText: Bool {
        switch self {
        case .key, .string, .integer, .real, .date, .data, .true, .false: true
        case .plist, .dict, .array: false
        }
    }

    /// `<integer>`, `<real>`, `<date>` and `<data>`, whose text Apple reads literally.
    var holdsLiteralText: Bool {
        self == .integer || self == .real || self == .date || self == .data
    }

    /// The list shown when an unknown element is found.
    static let expectedList = "plist, dict, array, key, string, integer, real, true, false, date or data"
}
