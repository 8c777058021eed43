import Foundation
import Testing
@testable import PropertyList
import TestSupport

@Suite("JSON writer")
struct PropertyListJSONWriterTests {
    private func json(_ value: PropertyListValue) throws(PropertyListWriteError) -> String {
        String(decoding: try PropertyListJSONWriter().data(for: value), as: UTF8.self)
    }

    @Test func mapsEveryKindAsTheCLISpecSays() throws {
        let value: PropertyListValue = [
            "zebra": "first key stays first",
            "count": 42,
            "negative": .integer(PropertyListInteger(Int64.min)),
            "big": .integer(PropertyListInteger(UInt64.max)),
            "whole": 1.0,
            "huge": 1e300,
            "tiny": 1e-5,
            "on": true,
            "off": false,
            "when": .date(Date(timeIntervalSinceReferenceDate: 757_382_400.9)),
            "blob": .data(Data([0, 1, 2, 0xFF])),
            "list": [[], [:], ["x": []]],
            "ref": .uid(3),
        ]
        #expect(try json(value) == """
            {"zebra":"first key stays first","count":42,"negative":-9223372036854775808,"big":18446744073709551615,\
            "whole":1.0,"huge":1e+300,"tiny":1e-05,"on":true,"off":false,"when":"2025-01-01T00:00:00Z",\
            "blob":"AAEC/w==","list":[[],{},{"x":[]}],"ref":{"CF$UID":3}}

            """)
    }

    @Test func scalarRoot() throws {
        #expect(try json("plain") == "\"plain\"\n")
        #expect(try json(-0.0) == "-0.0\n")
    }

    @Test func stringsAreEscaped() throws {
        #expect(try json(["k\"ey": "quote \" backslash \\ nl \n cr \r tab \t bell \u{07} del \u{7F} é 🐍"]) == """
            {"k\\"ey":"quote \\" backslash \\\\ nl \\n cr \\r tab \\t bell \\u0007 del \u{7F} é 🐍"}

            """)
    }

    @Test(arguments: [Double.infinity, -Double.infinity, Double.nan])
    func nonFiniteRealsAreErrorsWithTheirPath(_ real: Double) throws {
        do {
            _ = try json(["reals": [1.5, .real(real)]])
            Issue.record("\(real) was written")
        } catch {
            #expect(error.format == .json)
            #expect(error.path == PropertyListPath(parsing: "reals[1]"))
            #expect(error.description.hasPrefix("cannot write the value at reals[1] as json: the real "))
            #expect(error.reason.contains("has no JSON form"))
        }
    }

    @Test(.enabled(if: ExternalTool.hasPlistlib, "python3 is not installed"))
    func pythonReadsItAndWritesTheSameText() throws {
        var sample = try #require(BinaryPropertyListWriterTests.sample.dictionaryValue)
        sample["reals"] = [1.5, 0.1, 1e300, -0.0, 5e-324, 100.0]
        sample["text"] = "tab\tnl\ncontrol\u{01}quote\"slash\\"
        let text = try json(.dictionary(sample))
        let file = try ExternalTool.temporaryFile(Data(text.utf8), suffix: ".json")
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import json, sys
            text = open(sys.argv[1], encoding='utf-8').read()
            sys.stdout.write(json.dumps(json.loads(text), separators=(',', ':'), ensure_ascii=False) + '\\n')
            """
        let python = try ExternalTool.run("python3", ["-c", script, file.path])
        #expect(python.status == 0, "\(python.standardError)")
        #expect(python.standardOutput == text)
    }
}
