public import Diagnostics

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
/// Stored as a tree that mirrors the value: one node per value (its line and column, and its
/// key's), found from its parent by one key or index. Nothing stores a whole path, so the memory
/// is proportional to the number of values, however deep they nest.
public struct PropertyListLocations: Sendable {
    public let file: String

    /// Lines and columns of one value and of the `<key>` that introduces it; 0 when not recorded.
    private struct Node {
        var valueLine: Int32 = 0, valueColumn: Int32 = 0
        var keyLine: Int32 = 0, keyColumn: Int32 = 0
    }

    private struct Edge: Hashable {
        var parent: Int32
        var component: PropertyListPath.Component
    }

    /// Node 0 is the root value.
    private var nodes = [Node()]
    private var children: [Edge: Int32] = [:]

    public init(file: String) { self.file = file }

    public func value(at path: PropertyListPath) -> SourceLocation? {
        guard let node = find(path) else { return nil }
        return location(nodes[Int(node)].valueLine, nodes[Int(node)].valueColumn)
    }

    /// The `<key>` element that introduces the value at `path` (whose last component is a key).
    public func key(at path: PropertyListPath) -> SourceLocation? {
        guard let node = find(path) else { return nil }
        return location(nodes[Int(node)].keyLine, nodes[Int(node)].keyColumn)
    }

    public mutating func recordValue(at path: PropertyListPath, _ location: SourceLocation) {
        let node = makePath(path)
        setValue(of: node, line: location.line, column: location.column)
    }

    public mutating func recordKey(at path: PropertyListPath, _ location: SourceLocation) {
        let node = makePath(path)
        setKey(of: node, line: location.line, column: location.column)
    }

    // MARK: - Node access, for readers that record in document order

    /// The root value's node.
    static let root: Int32 = 0

    /// The node reached from `parent` by `component`, made if needed (a repeated dictionary key
    /// finds the node of its earlier value, whose locations the later value then replaces).
    mutating func child(of parent: Int32, _ component: PropertyListPath.Component) -> Int32 {
        let edge = Edge(parent: parent, component: component)
        if let existing = children[edge] { return existing }
        let node = Int32(nodes.count)
        nodes.append(Node())
        children[edge] = node
        return node
    }

    mutating func setValue(of node: Int32, line: Int, column: Int) {
        nodes[Int(node)].valueLine = Int32(clamping: line)
        nodes[Int(node)].valueColumn = Int32(clamping: column)
    }

    mutating func setKey(of node: Int32, line: Int, column: Int) {
        nodes[Int(node)].keyLine = Int32(clamping: line)
        nodes[Int(node)].keyColumn = Int32(clamping: column)
    }

    private func find(_ path: PropertyListPath) -> Int32? {
        var node = Self.root
        for component in path.components {
            guard let next = children[Edge(parent: node, component: component)] else { return nil }
            node = next
        }
        return node
    }

    private mutating func makePath(_ path: PropertyListPath) -> Int32 {
        var node = Self.root
        for component in path.components { node = child(of: node, component) }
        return node
    }

    private func location(_ line: Int32, _ column: Int32) -> SourceLocation? {
        line == 0 ? nil : SourceLocation(file: file, line: Int(line), column: Int(column))
    }
}
