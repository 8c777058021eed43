import JSON
import Testing

/// `JSONArrayStream`: the layout `donations list` and `intents list` stream (an element per line), and that
/// the document it writes is one JSON value that reads back.
@Suite("JSON array written element by element")
struct JSONArrayStreamTests {
    func written(_ elements: [JSONValue]) -> String {
        var output: [UInt8] = []
        var stream = JSONArrayStream(member: "donations", to: &output)
        for (index, element) in elements.enumerated() {
            if index.isMultiple(of: 2) { stream.append(element, to: &output) } else { stream.append(jsonText: element.text, to: &output) }
        }
        stream.finish(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    @Test func emptyArrayIsOneLine() {
        #expect(written([]) == #"{"donations":[]}"#)
    }

    @Test func elementsEachOnALine() throws {
        let elements: [JSONValue] = [.object([("id", 1)]), .object([("id", 2), ("title", "a \"b\"")]), 3]
        let text = written(elements)
        #expect(text == "{\"donations\":[\n{\"id\":1},\n{\"id\":2,\"title\":\"a \\\"b\\\"\"},\n3\n]}")
        #expect(try JSONParser().parse(text) == .object([("donations", .array(elements))]))
    }
}
