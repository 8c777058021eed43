import Foundation
import JSON
import Testing

@Suite("JSONValue writer")
struct JSONValueWriterTests {
    @Test func stringsAreEscapedAndRoundTripThroughFoundation() throws {
        let tricky = "quote \" backslash \\ newline \n tab \t bell \u{07} café 🚶 $(X)"
        let value = JSONValue.object([("s", .string(tricky)), ("n", -3), ("b", true), ("z", .null), ("a", [1, ""])])
        #expect(value.text == #"{"s":"quote \" backslash \\ newline \n tab \t bell \u0007 café 🚶 $(X)","n":-3,"b":true,"z":null,"a":[1,""]}"#)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(value.text.utf8)) as? [String: Any])
        #expect(parsed["s"] as? String == tricky)
    }

    @Test func membersKeepTheirOrder() {
        let value = JSONValue.object([("zeta", 1), ("alpha", 2), ("mid", 3)])
        #expect(value.text == #"{"zeta":1,"alpha":2,"mid":3}"#)
    }

    @Test func numbersAreExactAndRealsStayReals() {
        let value: JSONValue = [.integer(Int64.min), .unsignedInteger(UInt64.max), 1.0, 0.1, .real(1e300), .real(5e-324)]
        #expect(value.text == "[-9223372036854775808,18446744073709551615,1.0,0.1,1e+300,5e-324]")
    }

    @Test func deepDocumentsWriteWithoutRecursion() {
        var value: JSONValue = .null
        // 5,000 levels: deep enough that a recursive writer would need a much larger frame budget,
        // shallow enough that freeing the nested enum (recursive in Swift) stays safe.
        for _ in 0..<5_000 { value = .array([value]) }
        let text = value.text
        #expect(text == String(repeating: "[", count: 5_000) + "null" + String(repeating: "]", count: 5_000))
    }
}

@Suite("JSONParser")
struct JSONParserTests {
    @Test func readsEveryKindAndKeepsKeyOrder() throws {
        let value = try JSONParser().parse(#" {"b": [1, -2.5e1, true, false, null], "a": {"y": "\u00e9\ud83d\udeb6\n", "x": 18446744073709551615}} "#)
        #expect(value == .object([
            ("b", [1, .real(-25), true, false, .null]),
            ("a", .object([("y", .string("é🚶\n")), ("x", .unsignedInteger(UInt64.max))])),
        ]))
    }

    @Test func roundTripIsIdentity() throws {
        let text = #"{"z":[{"k":"v","a":[]},{}],"a":"\"\\\t","n":-0.5,"i":42}"#
        #expect(try JSONParser().parse(text).text == text)
    }

    @Test(arguments: [
        ("{\"a\" 1}", 1, 6, "expected ':' after the key 'a', found '1'"),
        ("[1,\n 2,,3]", 2, 4, "expected a value, found ','"),
        ("{\"a\":1,}", 1, 8, "expected a string key, found '}'"),
        ("[1 2]", 1, 4, "expected ',' or ']', found '2'"),
        ("\"abc", 1, 1, "unterminated string"),
        ("[\"\\ud800\"]", 1, 3, "a lone surrogate \\ud800 is not a character"),
        ("[tru]", 1, 2, "expected 'true', found ']'"),
        ("{} x", 1, 4, "expected the end of the document, found 'x'"),
        ("[\"é\", x]", 1, 7, "expected a value, found 'x'"),
        ("", 1, 1, "expected a value, found the end of the document"),
    ])
    func errorsSayWhatAndWhere(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONParser.Error(line: line, column: column, message: message)) { try JSONParser().parse(text) }
    }

    @Test func depthIsLimited() {
        let text = String(repeating: "[", count: 50) + String(repeating: "]", count: 50)
        #expect(throws: JSONParser.Error(line: 1, column: 11, message: "nesting deeper than 10 levels")) {
            try JSONParser(maximumDepth: 10).parse(text)
        }
        #expect((try? JSONParser().parse(text)) != nil)
    }

    @Test func longArraysParseInLinearTime() throws {
        let text = "[" + Array(repeating: "1", count: 200_000).joined(separator: ",") + "]"
        guard case let .array(elements) = try JSONParser().parse(text) else { Issue.record("not an array"); return }
        #expect(elements.count == 200_000)
    }
}
