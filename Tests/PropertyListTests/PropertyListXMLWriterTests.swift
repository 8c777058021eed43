import Foundation
import Testing
@testable import PropertyList
import TestSupport

@Suite("XML property-list writer")
struct PropertyListXMLWriterTests {
    private func xml(_ value: PropertyListValue) throws(PropertyListWriteError) -> String {
        String(decoding: try PropertyListXMLWriter().data(for: value), as: UTF8.self)
    }

    private func writeError(_ value: PropertyListValue) -> PropertyListWriteError? {
        do {
            _ = try PropertyListXMLWriter().data(for: value)
            return nil
        } catch {
            return error
        }
    }

    @Test func writesApplesLayout() throws {
        let value: PropertyListValue = [
            "name": "Walk <Mate> & co",
            "count": -3,
            "big": .integer(PropertyListInteger(UInt64.max)),
            "ratio": 0.5,
            "on": true,
            "off": false,
            "when": .date(Date(timeIntervalSinceReferenceDate: 757_382_400.75)),
            "blob": .data(Data("hello, world".utf8)),
            "empty": [],
            "none": [:],
            "list": ["a", ["b"]],
            "ref": .uid(7),
        ]
        #expect(try xml(value) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>name</key>
            \t<string>Walk &lt;Mate&gt; &amp; co</string>
            \t<key>count</key>
            \t<integer>-3</integer>
            \t<key>big</key>
            \t<integer>18446744073709551615</integer>
            \t<key>ratio</key>
            \t<real>0.5</real>
            \t<key>on</key>
            \t<true/>
            \t<key>off</key>
            \t<false/>
            \t<key>when</key>
            \t<date>2025-01-01T00:00:00Z</date>
            \t<key>blob</key>
            \t<data>
            \taGVsbG8sIHdvcmxk
            \t</data>
            \t<key>empty</key>
            \t<array/>
            \t<key>none</key>
            \t<dict/>
            \t<key>list</key>
            \t<array>
            \t\t<string>a</string>
            \t\t<array>
            \t\t\t<string>b</string>
            \t\t</array>
            \t</array>
            \t<key>ref</key>
            \t<dict>
            \t\t<key>CF$UID</key>
            \t\t<integer>7</integer>
            \t</dict>
            </dict>
            </plist>

            """)
    }

    @Test func scalarRootsAndEmptyData() throws {
        #expect(try xml("top").hasSuffix("<plist version=\"1.0\">\n<string>top</string>\n</plist>\n"))
        #expect(try xml(.data(Data())).hasSuffix("<plist version=\"1.0\">\n<data>\n</data>\n</plist>\n"))
    }

    @Test(arguments: [
        (1.0, "1.0"), (0.1, "0.1"), (1e300, "1e+300"), (-0.0, "-0.0"), (5e-324, "5e-324"), (123_456.789, "123456.789"),
        (Double.infinity, "inf"), (-Double.infinity, "-inf"), (Double.nan, "nan"),
    ])
    func realsUseTheShortestRoundTripText(_ real: Double, _ text: String) throws {
        #expect(try xml(.real(real)).contains("\n<real>\(text)</real>\n"))
        if real.isFinite { #expect(Double(text) == real) }
    }

    @Test(arguments: [
        (-978_307_200.0, "1970-01-01T00:00:00Z"),
        (730_900_800.0, "2024-02-29T12:00:00Z"),
        (-0.25, "2000-12-31T23:59:59Z"),  // fractions round down, also before the epoch
        (-63_113_904_000.0, "0001-01-01T00:00:00Z"),
        (-63_145_526_400.0, "0000-01-01T00:00:00Z"),
        (252_423_993_599.0, "9999-12-31T23:59:59Z"),
    ])
    func datesAreUTCWholeSeconds(_ seconds: Double, _ text: String) throws {
        #expect(try xml(.date(Date(timeIntervalSinceReferenceDate: seconds))).contains("<date>\(text)</date>"))
    }

    @Test func datesOutsideYearsOneToNineThousandNineHundredNinetyNineAreErrors() throws {
        let error = try #require(writeError(["when": [.date(Date(timeIntervalSinceReferenceDate: 252_423_993_600))]]))
        #expect(error.format == .xml)
        #expect(error.path == PropertyListPath(parsing: "when[0]"))
        #expect(error.description.hasPrefix("cannot write the value at when[0] as xml1: the date"))
        #expect(error.reason.contains("outside years 0-9999"))
    }

    @Test func carriageReturnsSurviveAsCharacterReferences() throws {
        let text = try xml(["k\r": "a\r\nb\tc"])
        #expect(text.contains("<key>k&#13;</key>"))
        #expect(text.contains("<string>a&#13;\nb\tc</string>"))
    }

    @Test(arguments: ["\u{01}", "\u{0B}", "\u{1F}", "\u{FFFE}", "\u{FFFF}", "\u{00}"])
    func charactersXMLCannotHoldAreErrorsWithTheirPath(_ bad: String) throws {
        let error = try #require(writeError(["list": ["fine", .string("x\(bad)y")]]))
        #expect(error.path == PropertyListPath(parsing: "list[1]"))
        let scalar = try #require(bad.unicodeScalars.first)
        #expect(error.reason == "the string contains U+\(String(format: "%04X", scalar.value)), which XML 1.0 cannot hold")
        let keyError = try #require(writeError(["ok": ["bad\(bad)": 1]]))
        #expect(keyError.reason.hasPrefix("the key contains"))
        #expect(keyError.path == PropertyListPath([.key("ok"), .key("bad\(bad)")]))
    }

    @Test func dataLinesShrinkWithIndentAsCoreFoundationsDo() throws {
        let data = Data(repeating: 0x7A, count: 60)
        // Depth 1: 68-column lines; depth 9: the indent is capped at 8 tabs, 12-column lines.
        let shallow = try xml(["d": .data(data)])
        #expect(shallow.contains("\t<data>\n\tenp6enp6enp6enp6enp6enp6enp6enp6enp6enp6enp6enp6enp6enp6enp6enp6enp6\n\tenp6enp6enp6\n\t</data>"))
        var deep: PropertyListValue = ["d": .data(data)]
        for _ in 0..<8 { deep = ["k": deep] }
        let deepText = try xml(deep)
        let tabs8 = String(repeating: "\t", count: 8)
        let tabs9 = String(repeating: "\t", count: 9)
        #expect(deepText.contains("\(tabs9)<data>\n\(tabs8)enp6enp6enp6\n"))
        #expect(deepText.contains("\n\(tabs9)</data>\n"))
    }

    @Test(.enabled(if: ExternalTool.hasPlutil, "the toolchain's plutil is not installed"))
    func deepDataMatchesPlutilsOwnXML() throws {
        // Single-key dictionaries, so plutil's key sorting cannot change the order.
        var value: PropertyListValue = ["leaf": .data(Data((0..<100).map { UInt8($0) }))]
        for level in 0..<11 { value = ["k\(level)": value, "zdata\(level)": .data(Data(repeating: UInt8(level), count: 50))] }
        let binary = try ExternalTool.temporaryFile(BinaryPropertyListWriter().data(for: value), suffix: ".bplist")
        defer { try? FileManager.default.removeItem(at: binary) }
        let plutil = try ExternalTool.run(ExternalTool.plutil, ["-convert", "xml1", "-o", "-", binary.path])
        #expect(plutil.status == 0)
        #expect(try xml(value) == plutil.standardOutput)
    }

    @Test(.enabled(if: ExternalTool.hasPlistlib, "python3 with plistlib is not installed"))
    func plistlibWritesTheSameBytes() throws {
        var sample = try #require(BinaryPropertyListWriterTests.sample.dictionaryValue)
        sample["uids"] = nil  // plistlib cannot write UIDs as XML
        let file = try ExternalTool.temporaryFile(try PropertyListXMLWriter().data(for: .dictionary(sample)), suffix: ".plist")
        defer { try? FileManager.default.removeItem(at: file) }
        let python = try ExternalTool.plistlibCanonical(file)
        #expect(python.sameBytesWhenRewritten)
        #expect(python.canonical == ExternalTool.canonical(.dictionary(sample)))
    }

    @Test func deepNestingNeedsNoRecursion() throws {
        // 3000 nested arrays: the innermost is empty.
        let value = (0..<2999).reduce(PropertyListValue.array([])) { inner, _ in .array([inner]) }
        let lines = try xml(value).split(separator: "\n", omittingEmptySubsequences: false)
        // Three header lines, 3000 opening lines, 2999 closing ones, `</plist>` and the final newline.
        #expect(lines.count == 3 + 3000 + 2999 + 2)
        #expect(lines[3 + 2999] == String(repeating: "\t", count: 2999) + "<array/>")
        #expect(lines[3 + 3000] == String(repeating: "\t", count: 2998) + "</array>")
        #expect(lines.suffix(3) == ["</array>", "</plist>", ""])
    }
}
