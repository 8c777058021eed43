import Foundation

/// Writes a property-list value as XML (Apple's layout), binary (`bplist00`) or JSON.
///
/// ```swift
/// let xml = try PropertyListWriter(format: .xml).data(for: ["NSUserActivityTypes": ["com.example.open"]])
/// ```
///
/// Every writer walks the value with an explicit stack, so nesting depth never exhausts the
/// call stack, and fills one byte buffer, so large documents cost no per-node allocation.
public struct PropertyListWriter: Sendable {
    public var format: PropertyListFormat

    public init(format: PropertyListFormat) { self.format = format }

    /// The encoded document.
    /// - Throws: ``PropertyListWriteError`` when the format cannot hold a value (a non-finite real
    ///   in JSON, a control character in an XML string, a date outside years 0–9999 in XML or JSON),
    ///   or when XML or binary containers nest deeper than the readers' default depth limit.
    public func data(for value: PropertyListValue) throws(PropertyListWriteError) -> Data {
        switch format {
        case .xml:
            // Checked first: the XML writer would otherwise indent 10,000 levels before it failed.
            try Self.checkDepth(value, format: .xml)
            return try PropertyListXMLWriter().data(for: value)
        case .binary:
            try Self.checkDepth(value, format: .binary)
            return BinaryPropertyListWriter().data(for: value)
        case .json: return try PropertyListJSONWriter().data(for: value)
        case .openStep:
            throw PropertyListWriteError(format: .openStep, path: PropertyListPath(), reason: "writing OpenStep property lists is not supported")
        }
    }

    /// The deepest container nesting written: ``PropertyListReader/Options/maximumDepth``'s
    /// default, so that whatever is written can be read back with the default options.
    public static let maximumDepth = PropertyListReader.Options().maximumDepth

    /// Throws when a container of `value` would stand deeper than ``maximumDepth`` containers.
    static func checkDepth(_ value: PropertyListValue, format: PropertyListFormat) throws(PropertyListWriteError) {
        var walker = PropertyListTreeWalker(value)
        while let step = walker.next() {
            guard case let .value(value, _) = step else { continue }
            switch value {
            case .array, .dictionary:
                try checkDepth(walker, format: format)
                walker.enter(value)
            default: break
            }
        }
    }

    /// Throws when the container the walker just returned would be one past ``maximumDepth``.
    static func checkDepth(_ walker: PropertyListTreeWalker, format: PropertyListFormat) throws(PropertyListWriteError) {
        guard walker.depth >= maximumDepth else { return }
        throw PropertyListWriteError(
            format: format, path: walker.currentPath,
            reason: "containers nest deeper than \(maximumDepth) levels, more than the readers accept")
    }
}

/// A value that the chosen output format cannot represent, and where it is.
public struct PropertyListWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    public var format: PropertyListFormat
    /// Where the value stands, from the root (empty for the root itself).
    public var path: PropertyListPath
    public var reason: String

    public init(format: PropertyListFormat, path: PropertyListPath, reason: String) {
        self.format = format
        self.path = path
        self.reason = reason
    }

    /// `cannot write the value at donations[3].title as xml1: …`
    public var description: String {
        let place = path.components.isEmpty ? "the root value" : "the value at \(path)"
        return "cannot write \(place) as \(format.rawValue): \(reason)"
    }
}

/// Walks a value depth-first without recursion: yields each value (with its dictionary key) and
/// the end of each container the writer chose to ``enter(_:)``.
struct PropertyListTreeWalker {
    enum Step {
        /// A value; `key` is its key when its parent is a dictionary.
        case value(PropertyListValue, key: String?)
        /// The end of the innermost entered container.
        case end(isDictionary: Bool)
    }

    private struct Frame {
        var elements: [PropertyListValue] = []
        var entries: [PropertyListDictionary.Entry] = []
        var isDictionary: Bool
        var index = 0
        var count: Int { isDictionary ? entries.count : elements.count }
    }

    private var pendingRoot: PropertyListValue?
    private var stack: [Frame] = []

    init(_ root: PropertyListValue) { pendingRoot = root }

    /// The number of entered containers that are still open: the nesting level of the next value.
    var depth: Int { stack.count }

    /// True when the value last returned is the first in its container (or the root).
    var isFirstChild: Bool { stack.last.map { $0.index == 1 } ?? true }

    mutating func next() -> Step? {
        if let root = pendingRoot {
            pendingRoot = nil
            return .value(root, key: nil)
        }
        guard let top = stack.last else { return nil }
        let position = stack.count - 1
        let index = top.index
        if index < top.count {
            stack[position].index = index + 1
            if top.isDictionary {
                let entry = top.entries[index]
                return .value(entry.value, key: entry.key)
            }
            return .value(top.elements[index], key: nil)
        }
        stack.removeLast()
        return .end(isDictionary: top.isDictionary)
    }

    /// Makes the container just returned by ``next()`` the one whose children come next.
    mutating func enter(_ container: PropertyListValue) {
        switch container {
        case let .array(elements): stack.append(Frame(elements: elements, isDictionary: false))
        case let .dictionary(dictionary): stack.append(Frame(entries: dictionary.entries, isDictionary: true))
        default: break
        }
    }

    /// The array index of the value last returned by ``next()`` (0 for the root or a dictionary value).
    var currentIndex: Int { stack.last.map { $0.index - 1 } ?? 0 }

    /// The path of the value last returned by ``next()``, for error messages.
    var currentPath: PropertyListPath {
        PropertyListPath(stack.compactMap { frame -> PropertyListPath.Component? in
            guard frame.index > 0 else { return nil }
            return frame.isDictionary ? .key(frame.entries[frame.index - 1].key) : .index(frame.index - 1)
        })
    }
}
