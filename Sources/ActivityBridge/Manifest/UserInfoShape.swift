import PropertyList

/// What a bridge manifest's `userInfo` says one value is: a type (`<string>uuid</string>`), a
/// dictionary with known keys (a nested `<dict>`), or an array whose elements all have one
/// shape (an `<array>` of one element, e.g. `<array><string>data</string></array>` for `[Data]`).
///
/// A plain `dictionary` or `array` type says the kind but not what is inside; a path may go
/// into it unchecked.
public indirect enum UserInfoShape: Hashable, Sendable {
    case value(UserInfoValueType)
    case dictionary([Entry])
    case array(element: UserInfoShape)

    /// One key of a dictionary shape.
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var shape: UserInfoShape

        public init(key: String, shape: UserInfoShape) {
            self.key = key
            self.shape = shape
        }

        /// The entry's type: its value type, or `dictionary`/`array` for a nested shape.
        public var type: UserInfoValueType { shape.type }
    }

    /// The value type: `dictionary` and `array` for nested shapes.
    public var type: UserInfoValueType {
        switch self {
        case let .value(type): type
        case .dictionary: .dictionary
        case .array: .array
        }
    }

    /// `uuid`, `{pin: …}`, `[data]`: for messages.
    public var summary: String {
        switch self {
        case let .value(type): type.rawValue
        case let .dictionary(entries): "a dictionary of " + (entries.isEmpty ? "no keys" : entries.map(\.key).joined(separator: ", "))
        case let .array(element): "an array of \(element.summary)"
        }
    }

    /// Whether the value is data, or an array whose elements are (what `decode` reads).
    public var isDecodable: Bool {
        switch self {
        case .value(.data), .value(.array), .array(element: .value(.data)): true
        default: false
        }
    }
}

/// What the declared shape says about a key path (``UserInfoShape/resolve(_:in:)``).
public enum UserInfoShapeLookup: Hashable, Sendable {
    /// The path leads to a value of this shape.
    case shape(UserInfoShape)
    /// The path goes inside a value whose contents the shape does not describe.
    case undescribed
    /// The path names a key the dictionary at `depth` (the components before it) does not declare.
    case unknownKey(depth: Int, known: [String])
    /// The path goes into a value at `depth` components that cannot hold it: a key into a
    /// non-dictionary, an index into a non-array.
    case notAContainer(depth: Int, shape: UserInfoShape)
}

extension UserInfoShape {
    /// Follows `path` through a top-level dictionary shape `entries`.
    public static func resolve(_ path: UserInfoKeyPath, in entries: [Entry]) -> UserInfoShapeLookup {
        var current = UserInfoShape.dictionary(entries)
        for (depth, component) in path.components.enumerated() {
            switch (current, component) {
            case let (.dictionary(entries), .key(key)):
                guard let entry = entries.first(where: { $0.key == key }) else {
                    return .unknownKey(depth: depth, known: entries.map(\.key))
                }
                current = entry.shape
            case let (.array(element), .index):
                current = element
            case (.value(.dictionary), .key), (.value(.array), .index):
                return .undescribed
            default:
                return .notAContainer(depth: depth, shape: current)
            }
        }
        return .shape(current)
    }
}
