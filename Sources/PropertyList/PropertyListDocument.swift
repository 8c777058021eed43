/// The encodings a property list can be read from or written to.
public enum PropertyListFormat: String, Sendable, CaseIterable {
    case xml = "xml1"
    case binary = "binary1"
    case json
    /// The OpenStep (ASCII) format of `project.pbxproj` and `.strings` files; read only.
    case openStep = "openstep"

    /// The formats ``PropertyListWriter`` writes.
    public static let writable: [PropertyListFormat] = [.xml, .binary, .json]
}

/// A parsed property list: its root value, the format it came in, the warnings found while
/// reading it, and (when asked for) where each value and key stands in the source.
public struct PropertyListDocument: Sendable {
    public var root: PropertyListValue
    public var format: PropertyListFormat
    /// Non-fatal findings, such as `duplicate-key` warnings, in source order.
    public var diagnostics: [Diagnostic]
    /// Present when ``PropertyListReader/Options/recordLocations`` was set (XML or OpenStep input).
    public var locations: PropertyListLocations?

    public init(
        root: PropertyListValue, format: PropertyListFormat,
        diagnostics: [Diagnostic] = [], locations: PropertyListLocations? = nil
    ) {
        self.root = root
        self.format = format
        self.diagnostics = diagnostics
        self.locations = locations
    }
}

/// Where values and dictionary keys stand in a source, by path from the root.
///
/// In XML a value's location is the `<` of its element and a key's the `<` of its `<key>`; in
/// OpenStep text, the first character of the value or key.
///
/// Paths are stored as a trie: each node is one path component under its parent, so recording a
/// value costs one hash of one component (not of the whole path), and each location is two
/// 32-bit numbers. A large pbxproj (a million values) then records in linear time and memory.
public struct PropertyListLocations: Sendable {
    public let file: String

    /// A node of the trie: one component under a parent node (node 0 is the root).
    private struct Edge: Hashable, Sendable {
        var parent: Int32
        var component: PropertyListPath.Component
    }

    /// A line and column; line 0 means "not recorded".
    private struct Position: Sendable {
        var line: Int32 = 0
        var column: Int32 = 0
    }

    private var nodes: [Edge: Int32] = [:]
    private var valuePositions: [Position] = [Position()]
    private var keyPositions: [Position] = [Position()]
    /// Locations in a file other than ``file``, or beyond 32-bit lines (never for a reader's own).
    private var otherValues: [Int32: SourceLocation] = [:]
    private var otherKeys: [Int32: SourceLocation] = [:]

    public init(file: String) { self.file = file }

    public func value(at path: PropertyListPath) -> SourceLocation? {
        guard let node = existingNode(for: path) else { return nil }
        return otherValues[node] ?? location(valuePositions[Int(node)])
    }

    /// Where the key that introduces the value at `path` stands (its last component is a key).
    public func key(at path: PropertyListPath) -> SourceLocation? {
        guard let node = existingNode(for: path) else { return nil }
        return otherKeys[node] ?? location(keyPositions[Int(node)])
    }

    public mutating func recordValue(at path: PropertyListPath, _ location: SourceLocation) {
        var node: Int32 = 0
        for component in path.components { node = self.node(under: node, component) }
        recordValue(node: node, location)
    }

    public mutating func recordKey(at path: PropertyListPath, _ location: SourceLocation) {
        var node: Int32 = 0
        for component in path.components { node = self.node(under: node, component) }
        recordKey(node: node, location)
    }

    // MARK: - Node API for readers (one component at a time)

    /// The trie node of the root value.
    static let rootNode: Int32 = 0

    /// The node for `component` under `parent`, created when new.
    mutating func node(under parent: Int32, _ component: PropertyListPath.Component) -> Int32 {
        let edge = Edge(parent: parent, component: component)
        if let existing = nodes[edge] { return existing }
        let node = Int32(valuePositions.count)
        nodes[edge] = node
        valuePositions.append(Position())
        keyPositions.append(Position())
        return node
    }

    mutating func recordValue(node: Int32, _ location: SourceLocation) {
        if let position = position(location) {
            valuePositions[Int(node)] = position
        } else {
            otherValues[node] = location
        }
    }

    mutating func recordKey(node: Int32, _ location: SourceLocation) {
        if let position = position(location) {
            keyPositions[Int(node)] = position
        } else {
            otherKeys[node] = location
        }
    }

    // MARK: - Storage

    private func existingNode(for path: PropertyListPath) -> Int32? {
        var node: Int32 = 0
        for component in path.components {
            guard let child = nodes[Edge(parent: node, component: component)] else { return nil }
            node = child
        }
        return node
    }

    private func position(_ location: SourceLocation) -> Position? {
        guard location.file == file, location.line > 0, location.line <= Int(Int32.max),
              location.column >= 0, location.column <= Int(Int32.max) else { return nil }
        return Position(line: Int32(location.line), column: Int32(location.column))
    }

    private func location(_ position: Position) -> SourceLocation? {
        position.line == 0 ? nil : SourceLocation(file: file, line: Int(position.line), column: Int(position.column))
    }
}
