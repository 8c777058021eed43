/// One step of a path into a JSON document: an object member's key or an array index.
public enum JSONPathComponent: Hashable, Sendable, CustomStringConvertible {
    case key(String)
    case index(Int)

    public var description: String {
        switch self {
        case let .key(key): key
        case let .index(index): "[\(index)]"
        }
    }
}

public typealias JSONPath = [JSONPathComponent]

/// Where the keys and values of a document parsed by ``JSONParser/parseWithLocations(_:)`` start: 1-based
/// line and column, columns counting Unicode scalars (as every other diagnostic of the project does).
public struct JSONLocations: Sendable {
    public struct Position: Hashable, Sendable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    private var keys: [JSONPath: Position] = [:]
    private var values: [JSONPath: Position] = [:]

    /// The opening quote of the key of the member at `path` (for an array element or the root: its value).
    public func key(at path: JSONPath) -> Position? { keys[path] }

    /// The first character of the value at `path`.
    public func value(at path: JSONPath) -> Position? { values[path] }

    init(bytes: UnsafeBufferPointer<UInt8>, recorded: [(path: JSONPath, keyOffset: Int, valueOffset: Int)]) {
        // Offsets are turned into positions in one pass over the bytes, in offset order.
        var offsets = Set<Int>()
        for entry in recorded { offsets.insert(entry.keyOffset); offsets.insert(entry.valueOffset) }
        var positions: [Int: Position] = [:]
        var line = 1, column = 1, index = 0
        for offset in offsets.sorted() {
            while index < offset && index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
            positions[offset] = Position(line: line, column: column)
        }
        for entry in recorded {
            keys[entry.path] = positions[entry.keyOffset]
            values[entry.path] = positions[entry.valueOffset]
        }
    }
}
