import Diagnostics
import Foundation
internal import CYAML
import PropertyList

/// One YAML node of an XcodeGen spec, with where it starts in its file. Aliases are resolved when the
/// document is read (the node is shared, not copied: Swift's arrays are copy-on-write), merge keys (`<<`)
/// applied, so what the spec reader sees is plain data with locations.
struct YAMLNode: Sendable {
    enum Content: Sendable {
        /// `plain` is false for quoted, block and tagged scalars: only plain ones resolve to null or booleans.
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping(YAMLMapping)
    }

    var content: Content
    var location: SourceLocation

    var mapping: YAMLMapping? {
        if case let .mapping(mapping) = content { mapping } else { nil }
    }

    var sequence: [YAMLNode]? {
        if case let .sequence(items) = content { items } else { nil }
    }

    /// A scalar's text (nil for null, sequences and mappings).
    var string: String? {
        guard case let .scalar(text, plain) = content, !(plain && Self.nullWords.contains(text)) else { return nil }
        return text
    }

    var isNull: Bool {
        if case let .scalar(text, plain) = content { plain && Self.nullWords.contains(text) } else { false }
    }

    /// YAML 1.1 booleans (as Yams, XcodeGen's parser, reads them): nil when the node is no plain boolean.
    var bool: Bool? {
        guard case let .scalar(text, plain) = content, plain else { return nil }
        if Self.trueWords.contains(text) { return true }
        if Self.falseWords.contains(text) { return false }
        return nil
    }

    /// A scalar or a list of scalars: a list written as one string, or each element.
    var strings: [String]? {
        if let string { return [string] }
        return sequence?.compactMap(\.string)
    }

    /// What the node is, for a message ("a mapping", "a list", "a string").
    var kind: String {
        switch content {
        case .scalar: isNull ? "null" : "a string"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    static let nullWords: Set<String> = ["", "~", "null", "Null", "NULL"]
    static let trueWords: Set<String> = ["true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"]
    static let falseWords: Set<String> = ["false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"]
}

/// A YAML mapping with string keys, in file order, with O(1) lookup. A repeated key replaces the earlier
/// value in place (as Yams does, the later value wins).
struct YAMLMapping: Sendable {
    struct Entry: Sendable {
        var key: String
        var keyLocation: SourceLocation
        var value: YAMLNode
    }

    private(set) var entries: [Entry] = []
    private var index: [String: Int] = [:]

    init() {}

    var count: Int { entries.count }

    subscript(key: String) -> YAMLNode? {
        index[key].map { entries[$0].value }
    }

    func entry(_ key: String) -> Entry? { index[key].map { entries[$0] } }

    mutating func set(_ entry: Entry) {
        if let position = index[entry.key] {
            entries[position] = entry
        } else {
            index[entry.key] = entries.count
            entries.append(entry)
        }
    }

    mutating func remove(_ key: String) {
        guard let position = index.removeValue(forKey: key) else { return }
        entries.remove(at: position)
        for (offset, entry) in entries.enumerated().dropFirst(position) { index[entry.key] = offset }
    }
}

/// Why a YAML document could not be read: libyaml's own message, a limit, or an alias to no anchor.
struct YAMLError: Error, Sendable {
    var message: String
    var location: SourceLocation
}

/// Reads the first document of a YAML stream with libyaml's event parser into ``YAMLNode``s.
///
/// Hostile documents are bounded: every node counts against `budget`, an alias by the size of what it
/// stands for (so a "billion laughs" of nested aliases stops at the alias that overdraws it, in time and
/// memory linear in the budget), and nesting deeper than `maximumDepth` stops with the place. No recursion:
/// an explicit stack of open collections.
enum YAMLReader {
    static let maximumDepth = 256

    private struct Open {
        var location: SourceLocation
        var anchor: String?
        var weight = 1
        var items: [YAMLNode]?
        var mapping: YAMLMapping?
        var pendingKey: (String, SourceLocation)?
        var merges: [YAMLNode] = []
    }

    static func read(_ data: Data, file: String, budget: inout Int) throws(YAMLError) -> YAMLNode? {
        var outcome: Result<YAMLNode?, YAMLError> = .success(nil)
        var remaining = budget
        data.withUnsafeBytes { raw in
            var empty: UInt8 = 0
            let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? withUnsafeMutablePointer(to: &empty) { UnsafePointer($0) }
            outcome = Result { () throws(YAMLError) -> YAMLNode? in
                try parse(base, count: raw.count, file: file, budget: &remaining)
            }
        }
        budget = remaining
        return try outcome.get()
    }

    private static func parse(_ bytes: UnsafePointer<UInt8>, count: Int, file: String, budget: inout Int) throws(YAMLError) -> YAMLNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(message: "libyaml could not start (out of memory)", location: SourceLocation(file: file, line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, bytes, count)

        var stack: [Open] = []
        var anchors: [String: (node: YAMLNode, weight: Int)] = [:]
        var root: YAMLNode?
        var event = yaml_event_t()

        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }
        func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }
        func spend(_ weight: Int, at place: SourceLocation) throws(YAMLError) {
            budget -= weight
            if budget < 0 {
                throw YAMLError(
                    message: "the spec has more than \(XcodeGenLimits.maximumNodes) YAML nodes, each alias counted by what it repeats (aliases of aliases grow exponentially): not read",
                    location: place)
            }
        }
        /// Hands a finished node to the collection that holds it (or makes it the document).
        func finish(_ node: YAMLNode, anchor: String?, weight: Int) throws(YAMLError) {
            if let anchor { anchors[anchor] = (node, weight) }
            guard var parent = stack.popLast() else {
                root = node
                return
            }
            parent.weight += weight
            if parent.items != nil {
                parent.items!.append(node)
            } else if let (key, keyLocation) = parent.pendingKey {
                parent.pendingKey = nil
                if key == "<<", parent.mapping?["<<"] == nil {
                    parent.merges += node.sequence ?? [node]
                } else {
                    parent.mapping!.set(.init(key: key, keyLocation: keyLocation, value: node))
                }
            } else {
                guard case let .scalar(key, _) = node.content else {
                    throw YAMLError(message: "a mapping key is \(node.kind), not a string: XcodeGen specs have string keys", location: node.location)
                }
                parent.pendingKey = (key, node.location)
            }
            stack.append(parent)
        }

        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
                let context = parser.context.map { String(cString: $0) }
                let message = "YAML syntax: " + (context.map { "\($0), " } ?? "") + problem
                throw YAMLError(message: message, location: location(parser.problem_mark))
            }
            defer { yaml_event_delete(&event) }
            let start = location(event.start_mark)
            switch event.type {
            case YAML_SCALAR_EVENT:
                try spend(1, at: start)
                let scalar = event.data.scalar
                let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
                let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE && scalar.tag == nil
                try finish(YAMLNode(content: .scalar(value, plain: plain), location: start), anchor: text(scalar.anchor), weight: 1)
            case YAML_ALIAS_EVENT:
                let name = text(event.data.alias.anchor) ?? ""
                guard let anchored = anchors[name] else {
                    throw YAMLError(message: "alias *\(name) names no anchor defined before it", location: start)
                }
                try spend(anchored.weight, at: start)
                var node = anchored.node
                node.location = start
                try finish(node, anchor: nil, weight: anchored.weight)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                try spend(1, at: start)
                guard stack.count < maximumDepth else {
                    throw YAMLError(message: "YAML nested deeper than \(maximumDepth) levels: not read", location: start)
                }
                let isSequence = event.type == YAML_SEQUENCE_START_EVENT
                let anchor = isSequence ? text(event.data.sequence_start.anchor) : text(event.data.mapping_start.anchor)
                stack.append(Open(location: start, anchor: anchor, items: isSequence ? [] : nil, mapping: isSequence ? nil : YAMLMapping()))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let open = stack.popLast() else { break }
                let node: YAMLNode
                if let items = open.items {
                    node = YAMLNode(content: .sequence(items), location: open.location)
                } else {
                    var mapping = open.mapping ?? YAMLMapping()
                    // `<<: *base` (or a list of them): keys the mapping does not set itself, earlier sources first.
                    for source in open.merges {
                        guard let merged = source.mapping else {
                            throw YAMLError(message: "a merge key (<<) takes a mapping or a list of mappings, not \(source.kind)", location: source.location)
                        }
                        try spend(merged.count, at: source.location)
                        for entry in merged.entries where mapping[entry.key] == nil { mapping.set(entry) }
                    }
                    node = YAMLNode(content: .mapping(mapping), location: open.location)
                }
                try finish(node, anchor: open.anchor, weight: open.weight)
            case YAML_DOCUMENT_END_EVENT, YAML_STREAM_END_EVENT:
                // Only the first document counts (XcodeGen reads one).
                return root
            default:
                continue
            }
        }
    }
}

/// The bounds the XcodeGen reader keeps to on any input (see ``XcodeGenSpecReader``).
public enum XcodeGenLimits {
    /// YAML nodes over the spec and all its includes, aliases counted by what they expand to.
    public static let maximumNodes = 250_000
    /// Bytes of one spec file.
    public static let maximumFileSize = 16 << 20
    /// Files a spec may include, directly or not.
    public static let maximumIncludes = 128
    /// How deep includes, templates and setting groups may nest.
    public static let maximumNesting = 32
    /// Steps of merging and settings evaluation (targets × configurations × settings …).
    public static let maximumWork = 1_000_000
}
