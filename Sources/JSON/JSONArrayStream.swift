/// An object whose one member is an array, written element by element so that a listing of any length is
/// written in flat memory: `{"KEY":[` then each element on a line of its own, then `]}`.
///
/// ```
/// {"donations":[
/// {"id":1,…},
/// {"id":2,…}
/// ]}
/// ```
///
/// With no element it is `{"KEY":[]}`. The caller owns the buffer and may drain it between elements.
public struct JSONArrayStream: Sendable {
    private var count = 0

    /// Starts the document: appends `{"KEY":[`.
    public init(member key: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        JSONEscaping.appendQuoted(key, to: &output)
        output.append(contentsOf: ":[".utf8)
    }

    /// Appends an element.
    public mutating func append(_ element: JSONValue, to output: inout [UInt8]) {
        separate(&output)
        element.write(to: &output)
    }

    /// Appends an element that is already compact JSON text (a property list written by its own JSON
    /// writer, say), without reading it again.
    public mutating func append(jsonText element: String, to output: inout [UInt8]) {
        separate(&output)
        output.append(contentsOf: element.utf8)
    }

    /// Ends the document: appends `]}` (after a line break when there were elements), no trailing newline.
    public func finish(to output: inout [UInt8]) {
        output.append(contentsOf: (count == 0 ? "]}" : "\n]}").utf8)
    }

    private mutating func separate(_ output: inout [UInt8]) {
        output.append(contentsOf: (count == 0 ? "\n" : ",\n").utf8)
        count += 1
    }
}
