import Foundation
import JSON

/// A listing written to standard output as it is read, in chunks of about 64 KiB: one write per item would
/// dominate a 150,000-event list, and holding the whole listing would not keep memory flat. Text is a line per
/// item; JSON one document, `{"KEY":[…]}`, an element per line (``JSONArrayStream``).
struct StreamedListing {
    private static let chunkSize = 1 << 16
    private let output: CommandOutput
    private var buffer: [UInt8] = []
    private var json: JSONArrayStream?

    /// Starts the listing; for JSON, the document's array is the member `member`.
    init(_ format: TextOrJSON, member: String, to output: CommandOutput) {
        self.output = output
        buffer.reserveCapacity(Self.chunkSize + 4096)
        if format == .json { json = JSONArrayStream(member: member, to: &buffer) }
    }

    /// Whether items are written as JSON elements (else as text lines).
    var isJSON: Bool { json != nil }

    /// A text line, its newline included.
    mutating func append(line: String) {
        buffer.append(contentsOf: line.utf8)
        flushIfFull()
    }

    /// A JSON element, already compact JSON text.
    mutating func append(jsonText element: String) {
        json?.append(jsonText: element, to: &buffer)
        flushIfFull()
    }

    /// Writes what is buffered, e.g. before reporting an error half way.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        output.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    /// Ends the JSON document (and its line) and writes the rest.
    mutating func finish() {
        if let json {
            json.finish(to: &buffer)
            buffer.append(UInt8(ascii: "\n"))
        }
        flush()
    }

    private mutating func flushIfFull() {
        if buffer.count >= Self.chunkSize { flush() }
    }
}
