import Diagnostics
import Foundation
import PropertyList
import Testing

/// Where the XML reader follows Apple's reader (swift-foundation's XML scanner and CoreFoundation)
/// rather than what XML alone would allow, and where it deliberately says more than Apple does.
@Suite("XML reader: Apple's rules")
struct AppleCompatibilityTests {
    static func read(_ text: String) throws(PropertyListReadError) -> PropertyListDocument {
        try PropertyListReader().read(Data(text.utf8), file: "t.plist")
    }

    static func error(_ text: String) -> Diagnostic? {
        do {
            _ = try read(text)
            return nil
        } catch {
            guard case let .invalid(diagnostic, _) = error else { return nil }
            return diagnostic
        }
    }

    static func at(_ line: Int, _ column: Int) -> Diagnostics.SourceLocation { Diagnostics.SourceLocation(file: "t.plist", line: line, column: column) }

    // MARK: - A key without its value

    @Test("a <key> followed by another <key>: the error at the second, a note at the first")
    func keyFollowedByKey() throws {
        let diagnostic = try #require(Self.error("<plist><dict>\n  <key>a</key>\n  <key>b</key><true/>\n</dict></plist>"))
        #expect(diagnostic.location == Self.at(3, 3))
        #expect(diagnostic.message == "expected a value after <key>a</key>, found another <key>")
        #expect(diagnostic.notes == [Diagnostic.Note("<key>a</key> has no value", at: Self.at(2, 3))])
        #expect(diagnostic.notes.first?.description == "t.plist:2:3: note: <key>a</key> has no value")
    }

    @Test("a <key> at the end of its <dict>: the error at </dict>, a note at the key")
    func keyAtTheEnd() throws {
        let diagnostic = try #require(Self.error("<plist><dict>\n\t<key>a</key>\n\t</dict></plist>"))
        #expect(diagnostic.location == Self.at(3, 2))
        #expect(diagnostic.message == "expected a value after <key>a</key>, found </dict>")
        #expect(diagnostic.notes.map(\.location) == [Self.at(2, 2)])
    }

    // MARK: - DOCTYPE

    @Test("Apple's DOCTYPE is accepted; one with an internal subset is refused at its '['")
    func internalSubset() throws {
        let doctype = "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\""
        #expect(try Self.read("\(doctype)><plist><true/></plist>").root == true)
        let diagnostic = try #require(Self.error("\(doctype)\n  [ ]><plist><true/></plist>"))
        #expect(diagnostic.location == Self.at(2, 3))
        #expect(diagnostic.rule == .plistSyntax)
        #expect(diagnostic.message.hasPrefix("internal DTD subset ('[' in <!DOCTYPE>) is not allowed"))
    }

    // MARK: - Literal number, date and data text

    static let literalText: [(text: String, column: Int, words: String)] = [
        ("<plist><integer>&#49;</integer></plist>", 17, "unexpected reference '&#49;' in <integer>"),
        ("<plist><integer>1&amp;</integer></plist>", 18, "unexpected reference '&amp;' in <integer>"),
        ("<plist><real>1.5<!-- half --></real></plist>", 17, "unexpected comment in <real>"),
        ("<plist><date>2024-01-01T00:00:00Z<!--x--></date></plist>", 34, "unexpected comment in <date>"),
        ("<plist><data>AAAA&#x41;AAA</data></plist>", 18, "unexpected reference '&#x41;' in <data>"),
        ("<plist><integer><![CDATA[1]]></integer></plist>", 17, "unexpected CDATA section in <integer>"),
    ]

    @Test("references, comments and CDATA in number, date and data text are refused where they start", arguments: literalText.indices)
    func literalTextRefused(_ index: Int) throws {
        let (text, column, words) = Self.literalText[index]
        let diagnostic = try #require(Self.error(text))
        #expect(diagnostic.location == Self.at(1, column))
        #expect(diagnostic.message.contains(words), "\(diagnostic.message)")
    }

    @Test("string and key text still take references, CDATA, comments and CRLF, in any mix")
    func stringTextIsDecoded() throws {
        let text = "<plist><dict><key>k&amp;<!--c-->y</key><string>a\r\nb&lt;<![CDATA[<x>]]>é&#233;\r</string></dict></plist>"
        #expect(try Self.read(text).root == ["k&y": "a\nb<<x>éé\n"])
        #expect(try Self.read("<plist><string>plain é text</string></plist>").root == "plain é text")
        #expect(try Self.read("<plist><integer>  42</integer></plist>").root == 42)
    }

    @Test("a long string is read exactly, also when references break it up")
    func longString() throws {
        let plain = String(repeating: "abcdefghij", count: 100_000)
        #expect(try Self.read("<plist><string>\(plain)</string></plist>").root == .string(plain))
        let mixed = String(repeating: "abcde&amp;", count: 50_000)
        #expect(try Self.read("<plist><string>\(mixed)</string></plist>").root == .string(String(repeating: "abcde&", count: 50_000)))
    }

    // MARK: - Dates that roll over

    static let rolledOver: [(text: String, read: String, field: String)] = [
        ("2024-01-32T00:00:00Z", "2024-02-01T00:00:00Z", "day 32 is outside 1–31"),
        ("2023-02-29T12:00:00Z", "2023-03-01T12:00:00Z", "day 29 is outside 1–28"),
        ("2010-13-08T21:41:23Z", "2011-01-08T21:41:23Z", "month 13 is outside 1–12"),
        ("2010-02-00T00:00:00Z", "2010-01-31T00:00:00Z", "day 0 is outside 1–28"),
        ("2010-02-08T24:00:00Z", "2010-02-09T00:00:00Z", "hour 24 is outside 0–23"),
        ("2010-02-08T21:60:00Z", "2010-02-08T22:00:00Z", "minute 60 is outside 0–59"),
        ("2016-12-31T23:59:60Z", "2017-01-01T00:00:00Z", "second 60 is outside 0–59"),
    ]

    @Test("an out-of-range date field rolls over as Apple's reader does, with a date-out-of-range warning at the <date>",
          arguments: rolledOver.indices)
    func dateRollsOver(_ index: Int) throws {
        let (text, read, field) = Self.rolledOver[index]
        let document = try Self.read("<plist>\n <date>\(text)</date></plist>")
        let expected = try Self.read("<plist><date>\(read)</date></plist>")
        #expect(document.root == expected.root)
        #expect(expected.diagnostics.isEmpty)
        let warning = try #require(document.diagnostics.first)
        #expect(document.diagnostics.count == 1)
        #expect(warning.rule == .dateOutOfRange)
        #expect(warning.rule.rawValue == "date-out-of-range")
        #expect(warning.severity == .warning)
        #expect(warning.location == Self.at(2, 2))
        #expect(warning.message == "<date> '\(text)': \(field); read as \(read), rolled over as Apple's reader does")
    }

    @Test("a rolled-over date is written back in its calendar form")
    func rolledOverDateWritesCalendarForm() throws {
        let document = try Self.read("<plist><date>2024-01-32T00:00:00Z</date></plist>")
        let xml = String(decoding: try PropertyListWriter(format: .xml).data(for: document.root), as: UTF8.self)
        #expect(xml.contains("<date>2024-02-01T00:00:00Z</date>"))
    }

    // MARK: - Year 0

    /// Apple's readers accept year 0 (ReadingPropertyLists.md, "Year 0"). The instants are
    /// CoreFoundation's: `plutil -convert binary1` (swift-corelibs-foundation's, the same
    /// `CFPropertyList.c` XML reader) writes these `Double`s for these `<date>`s; swift-foundation's
    /// `PropertyListEncoderICUTests.test_badDate_decode` reads `0000-01-02T00:00:00Z` as a date too.
    static let yearZero: [(text: String, seconds: Double)] = [
        ("0000-01-01T00:00:00Z", -63_145_526_400),
        ("0000-01-02T00:00:00Z", -63_145_440_000),
        ("0000-02-29T00:00:00Z", -63_140_428_800),  // year 0 is a leap year (divisible by 400)
        ("0000-12-31T23:59:59Z", -63_113_904_001),  // one second before year 1
    ]

    @Test("a <date> in year 0 reads as CoreFoundation reads it, and writes back unchanged in every format",
          arguments: yearZero.indices)
    func yearZeroReadsAsApplesReaderDoes(_ index: Int) throws {
        let (text, seconds) = Self.yearZero[index]
        let document = try Self.read("<plist><date>\(text)</date></plist>")
        #expect(document.root == .date(Date(timeIntervalSinceReferenceDate: seconds)))
        #expect(document.diagnostics.isEmpty)
        let xml = String(decoding: try PropertyListWriter(format: .xml).data(for: document.root), as: UTF8.self)
        #expect(xml.contains("<date>\(text)</date>"))
        let binary = try PropertyListWriter(format: .binary).data(for: document.root)
        #expect(try PropertyListReader().read(binary, file: "t.bplist").root == document.root)
    }

    @Test("0000-02-30 rolls over into March of year 0, as CoreFoundation's reader does")
    func yearZeroRollsOver() throws {
        let document = try Self.read("<plist><date>0000-02-30T00:00:00Z</date></plist>")
        #expect(document.root == .date(Date(timeIntervalSinceReferenceDate: -63_140_342_400)))
        #expect(document.diagnostics.map(\.rule) == [.dateOutOfRange])
    }
}
