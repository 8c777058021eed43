/// A parsed document (``JSONParser/parseWithLocations(_:)``) read strictly: typed accessors that check each
/// member's type and throw a ``JSONParser/Error`` at the line and column of the value (or its key) they are
/// about, naming its path (`targets[0].name: expected a string`). A file format's reader (the surface files
/// of `diff`) says only its schema with them.
public struct JSONDocumentReader {
    public let locations: JSONLocations
    /// Where the reader is: the member or element the next failure is about.
    public private(set) var path: JSONPath = []

    public init(locations: JSONLocations) { self.locations = locations }

    /// An error at the current ``path``: `a.b[0].c: message`, or `the document: message` at the root.
    public func fail(_ message: String) -> JSONParser.Error {
        let position = locations.value(at: path) ?? locations.key(at: path) ?? JSONLocations.Position(line: 1, column: 1)
        var shown = path.isEmpty ? "the document" : ""
        for component in path {
            if case .key = component, !shown.isEmpty { shown += "." }
            shown += component.description
        }
        return JSONParser.Error(line: position.line, column: position.column, message: "\(shown): \(message)")
    }

    /// The member `key` of `object` (the last when repeated), nil when absent; an error when `object` is none.
    public func member(_ object: JSONValue, _ key: String) throws(JSONParser.Error) -> JSONValue? {
        guard case let .object(members) = object else { throw fail("expected an object") }
        return members.last { $0.key == key }?.value
    }

    /// `body` with `component` appended to the ``path``.
    public mutating func within<T>(_ component: JSONPathComponent, _ body: (inout JSONDocumentReader) throws(JSONParser.Error) -> T) throws(JSONParser.Error) -> T {
        path.append(component)
        defer { path.removeLast() }
        return try body(&self)
    }

    public mutating func string(_ object: JSONValue, _ key: String) throws(JSONParser.Error) -> String {
        try within(.key(key)) { reading throws(JSONParser.Error) in
            guard case let .string(text)? = try reading.member(object, key) else { throw reading.fail("expected a string") }
            return text
        }
    }

    /// A string, or nil when the member is absent or `null`.
    public mutating func optionalString(_ object: JSONValue, _ key: String) throws(JSONParser.Error) -> String? {
        try within(.key(key)) { reading throws(JSONParser.Error) in
            switch try reading.member(object, key) {
            case nil, .null?: return nil
            case let .string(text)?: return text
            default: throw reading.fail("expected a string or null")
            }
        }
    }

    public mutating func bool(_ object: JSONValue, _ key: String) throws(JSONParser.Error) -> Bool {
        try within(.key(key)) { reading throws(JSONParser.Error) in
            guard case let .bool(value)? = try reading.member(object, key) else { throw reading.fail("expected true or false") }
            return value
        }
    }

    /// An integer from 1 to `Int32.max` (a line, a column, a version).
    public mutating func positiveInteger(_ object: JSONValue, _ key: String) throws(JSONParser.Error) -> Int {
        try within(.key(key)) { reading throws(JSONParser.Error) in
            guard case let .integer(value)? = try reading.member(object, key), value >= 1, value <= Int64(Int32.max) else {
                throw reading.fail("expected a positive integer")
            }
            return Int(value)
        }
    }

    /// An array of objects, each read by `element` with the element's index on the path.
    public mutating func objects<T>(
        _ object: JSONValue, _ key: String, _ element: (inout JSONDocumentReader, JSONValue) throws(JSONParser.Error) -> T
    ) throws(JSONParser.Error) -> [T] {
        try within(.key(key)) { reading throws(JSONParser.Error) in
            guard case let .array(elements)? = try reading.member(object, key) else { throw reading.fail("expected an array") }
            var result: [T] = []
            result.reserveCapacity(elements.count)
            for (index, value) in elements.enumerated() {
                result.append(try reading.within(.index(index)) { inner throws(JSONParser.Error) in
                    guard case .object = value else { throw inner.fail("expected an object") }
                    return try element(&inner, value)
                })
            }
            return result
        }
    }
}
