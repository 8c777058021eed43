import Foundation
import Testing
@testable import PropertyList
import TestSupport

/// What the tests compare with plistlib: its canonical reading of a file, and ours of a value.
extension ExternalTool {
    /// plistlib's reading of `file` as canonical text, and whether re-dumping it in binary
    /// (`sort_keys=False`) gives back exactly the file's bytes.
    static func plistlibCanonical(_ file: URL) throws -> (canonical: String, sameBytesWhenRewritten: Bool) {
        let script = """
            import plistlib, sys, json, struct, datetime
            def canon(v):
                if isinstance(v, bool): return 'true' if v else 'false'
                if isinstance(v, int): return 'i%d' % v
                if isinstance(v, float): return 'r%d' % struct.unpack('>Q', struct.pack('>d', v))[0]
                if isinstance(v, str): return 's' + json.dumps(v)
                if isinstance(v, bytes): return 'd' + v.hex()
                if isinstance(v, datetime.datetime): return 't%d' % round((v - datetime.datetime(2001, 1, 1)).total_seconds() * 1000)
                if isinstance(v, plistlib.UID): return 'u%d' % v.data
                if isinstance(v, list): return '[' + ','.join(canon(x) for x in v) + ']'
                return '{' + ','.join(json.dumps(k) + ':' + canon(x) for k, x in v.items()) + '}'
            data = open(sys.argv[1], 'rb').read()
            value = plistlib.loads(data)
            binary = data.startswith(b'bplist00')
            again = plistlib.dumps(value, fmt=plistlib.FMT_BINARY if binary else plistlib.FMT_XML, sort_keys=False)
            print('same' if again == data else 'different')
            print(canon(value))
            """
        let output = try run("python3", ["-c", script, file.path])
        guard output.status == 0 else { throw ToolFailure(description: "plistlib: \(output.standardError)") }
        let lines = output.standardOutput.split(separator: "\n", maxSplits: 1).map(String.init)
        let canonical = lines.count > 1 ? lines[1].trimmingCharacters(in: .newlines) : ""
        return (canonical, lines.first == "same")
    }

    struct ToolFailure: Error, CustomStringConvertible { var description: String }

    /// The same canonical text as the Python script's, for our value.
    static func canonical(_ value: PropertyListValue) -> String {
        switch value {
        case let .bool(b): return b ? "true" : "false"
        case let .integer(i): return "i\(i)"
        case let .real(r): return "r\(r.bitPattern)"
        case let .string(s): return "s" + pythonJSONString(s)
        case let .data(d): return "d" + d.map { String(format: "%02x", $0) }.joined()
        case let .date(d): return "t\(Int64((d.timeIntervalSinceReferenceDate * 1000).rounded()))"
        case let .uid(u): return "u\(u)"
        case let .array(a): return "[" + a.map(canonical).joined(separator: ",") + "]"
        case let .dictionary(d): return "{" + d.map { pythonJSONString($0.key) + ":" + canonical($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// `json.dumps` of a string with its default `ensure_ascii=True`.
    static func pythonJSONString(_ text: String) -> String {
        var result = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x08: result += "\\b"
            case 0x0C: result += "\\f"
            case 0x20..<0x7F: result.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default: result += String(format: "\\u%04x", unit)
            }
        }
        return result + "\""
    }
}

@Suite("Binary property-list writer")
struct BinaryPropertyListWriterTests {
    /// Every kind, with values that need each integer width, UTF-16 text and shared scalars.
    static let sample: PropertyListValue = [
        "strings": ["ascii", "naïve 🐍", "", "ascii"],
        "integers": [0, 255, 256, 65_535, 65_536, 4_294_967_296, -1, .integer(PropertyListInteger(Int64.min)),
                     .integer(PropertyListInteger(UInt64.max))],
        "reals": [1.5, 0.1, 1e300, .real(.infinity), .real(-.infinity)],
        "flags": [true, false],
        "dates": [.date(Date(timeIntervalSinceReferenceDate: 0)), .date(Date(timeIntervalSinceReferenceDate: -978_307_200))],
        "data": [.data(Data()), .data(Data(repeating: 0xAB, count: 300))],
        "uids": [.uid(0), .uid(255), .uid(256), .uid(70_000), .uid(5_000_000_000)],
        "nested": [["deep": [[:], []]]],
    ]

    @Test func smallValueHasTheExactBytesAppleAndPlistlibWrite() {
        // plistlib.dumps({"a": [1, "a"]}, fmt=FMT_BINARY): "a" is shared between key and element.
        let data = BinaryPropertyListWriter().data(for: ["a": [1, "a"]])
        let expected: [UInt8] = Array("bplist00".utf8) + [
            0xD1, 0x01, 0x02, 0x51, 0x61, 0xA2, 0x03, 0x01, 0x10, 0x01,
            0x08, 0x0B, 0x0D, 0x10,
            0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x12,
        ]
        #expect([UInt8](data) == expected)
    }

    @Test func equalScalarsAreWrittenOnceContainersAlways() throws {
        let data = BinaryPropertyListWriter().data(for: [["x", "x", 1, 1, 1.0], ["x", "x", 1, 1, 1.0]])
        // Objects: outer array, 2 inner arrays, "x", 1, 1.0.
        let objectCount = data.suffix(24).prefix(8).reduce(0) { $0 << 8 | Int($1) }
        #expect(objectCount == 6)
        #expect(try PropertyListReader().read(data, file: "u").root == [["x", "x", 1, 1, 1.0], ["x", "x", 1, 1, 1.0]])
    }

    @Test func referencesGrowToTwoBytesPastTwoHundredFiftyFiveObjects() throws {
        let value = PropertyListValue.array((0..<300).map { .integer(PropertyListInteger($0 + 1000)) })
        let data = BinaryPropertyListWriter().data(for: value)
        let trailer = [UInt8](data.suffix(32))
        #expect(trailer[7] == 2)  // reference size
        #expect(trailer[6] == 2)  // offset size: the table starts past byte 255
        #expect(try PropertyListReader().read(data, file: "w").root == value)
    }

    @Test func everyKindReadsBackEqual() throws {
        let data = BinaryPropertyListWriter().data(for: Self.sample)
        #expect(try PropertyListReader().read(data, file: "s").root == Self.sample)
    }

    @Test(.enabled(if: ExternalTool.hasPlistlib, "python3 with plistlib is not installed"))
    func plistlibReadsTheSameValueAndWritesTheSameBytes() throws {
        let file = try ExternalTool.temporaryFile(BinaryPropertyListWriter().data(for: Self.sample), suffix: ".bplist")
        defer { try? FileManager.default.removeItem(at: file) }
        let python = try ExternalTool.plistlibCanonical(file)
        #expect(python.canonical == ExternalTool.canonical(Self.sample))
        #expect(python.sameBytesWhenRewritten)
    }

    @Test(.enabled(if: ExternalTool.hasPlutil, "the toolchain's plutil is not installed"))
    func plutilReadsOurBinaryAsItReadsOurXML() throws {
        // plutil cannot convert UIDs to XML, so leave them out here.
        var sample = try #require(Self.sample.dictionaryValue)
        sample["uids"] = nil
        let binary = try ExternalTool.temporaryFile(BinaryPropertyListWriter().data(for: .dictionary(sample)), suffix: ".bplist")
        let xml = try ExternalTool.temporaryFile(try PropertyListXMLWriter().data(for: .dictionary(sample)), suffix: ".plist")
        defer {
            try? FileManager.default.removeItem(at: binary)
            try? FileManager.default.removeItem(at: xml)
        }
        #expect(try ExternalTool.run(ExternalTool.plutil, ["-lint", binary.path]).status == 0)
        let fromBinary = try ExternalTool.run(ExternalTool.plutil, ["-convert", "xml1", "-o", "-", binary.path])
        let fromXML = try ExternalTool.run(ExternalTool.plutil, ["-convert", "xml1", "-o", "-", xml.path])
        #expect(fromBinary.status == 0)
        #expect(fromBinary.standardOutput.contains("<integer>18446744073709551615</integer>"))
        #expect(fromBinary.standardOutput == fromXML.standardOutput)
        let printed = try ExternalTool.run(ExternalTool.plutil, ["-p", binary.path])
        #expect(printed.standardOutput.contains("\"strings\" => [\n    0 => \"ascii\"\n    1 => \"naïve 🐍\""))
    }
}
