import Diagnostics
import Foundation
import PropertyList
import Testing

/// The text rules of each scalar element, through the public reader: what is accepted (and
/// as which value) and what is refused (and with which message).
@Suite("XML scalar values")
struct XMLScalarValueTests {
    static func read(_ element: String) throws(PropertyListReadError) -> PropertyListValue {
        try PropertyListReader().read(Data("<plist version=\"1.0\">\(element)</plist>".utf8), file: "t.plist").root
    }

    static func failure(_ element: String) -> String? {
        do throws(PropertyListReadError) {
            _ = try read(element)
            return nil
        } catch {
            guard case let .invalid(diagnostic, _) = error else { return "\(error)" }
            return diagnostic.message
        }
    }

    static let accepted: [(String, PropertyListValue)] = [
        ("<integer>0</integer>", 0),
        ("<integer>0123</integer>", 123),
        ("<integer>-42</integer>", -42),
        ("<integer>+42</integer>", 42),
        ("<integer>  \n 7</integer>", 7),
        ("<integer>- 7</integer>", -7),
        ("<integer>0x1F</integer>", 31),
        ("<integer>0XdeadBEEF</integer>", 0xDEADBEEF),
        ("<integer>-0x10</integer>", -16),
        ("<integer>9223372036854775807</integer>", .integer(PropertyListInteger(Int64.max))),
        ("<integer>-9223372036854775808</integer>", .integer(PropertyListInteger(Int64.min))),
        ("<integer>18446744073709551615</integer>", .integer(PropertyListInteger(UInt64.max))),
        ("<integer>0xFFFFFFFFFFFFFFFF</integer>", .integer(PropertyListInteger(UInt64.max))),
        ("<real>3.14</real>", 3.14),
        ("<real>-1e4</real>", -10_000.0),
        ("<real>.5</real>", 0.5),
        ("<real>5.</real>", 5.0),
        ("<real>6</real>", 6.0),
        ("<real>  2.5E-3</real>", 0.0025),
        ("<real>inf</real>", .real(.infinity)),
        ("<real>+Infinity</real>", .real(.infinity)),
        ("<real>-INF</real>", .real(-.infinity)),
        ("<real>NaN</real>", .real(.nan)),
        ("<true/>", true),
        ("<true></true>", true),
        ("<false> </false>", false),
        ("<string/>", ""),
        ("<string>a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;</string>", "a & b <c> \"d\" 'e'"),
        ("<string>&#169;&#x1F40D;</string>", "©🐍"),
        ("<string>a<!-- hidden -->b</string>", "ab"),
        ("<string><![CDATA[<not a tag> & raw]]></string>", "<not a tag> & raw"),
        ("<string>  keeps  spaces\t</string>", "  keeps  spaces\t"),
        ("<data></data>", .data(Data())),
        ("<data>SGVsbG8=</data>", .data(Data("Hello".utf8))),
        ("<data>\n\tSGVs\n\tbG8h\n</data>", .data(Data("Hello!".utf8))),
        ("<data>SGk=</data>", .data(Data("Hi".utf8))),
        ("<date>2001-01-01T00:00:00Z</date>", .date(Date(timeIntervalSinceReferenceDate: 0))),
        ("<date>1970-01-01T00:00:20Z</date>", .date(Date(timeIntervalSince1970: 20))),
        ("<date>2024-02-29T23:59:59Z</date>", .date(Date(timeIntervalSince1970: 1_709_251_199))),
        ("<date>1869-01-03T08:16:32Z</date>", .date(Date(timeIntervalSince1970: -3_187_007_008))),
        ("<dict><key>CF$UID</key><integer>7</integer></dict>", .uid(7)),
        ("<dict><key>CF$UID</key><string>7</string></dict>", ["CF$UID": "7"]),
        ("<dict><key/><string>empty key</string></dict>", ["": "empty key"]),
        ("<array><array/><dict/></array>", [[], [:]]),
    ]

    @Test("accepted text and the value it gives", arguments: accepted.indices)
    func acceptedValue(_ index: Int) throws {
        let (element, expected) = Self.accepted[index]
        #expect(try Self.read(element) == expected, "\(element)")
    }

    static let refused: [(String, String)] = [
        ("<integer/>", "empty <integer>"),
        ("<integer></integer>", "empty <integer>"),
        ("<integer>42xy</integer>", "found 'x'"),
        ("<integer>4 2</integer>", "found ' '"),
        ("<integer>42 </integer>", "found ' '"),
        ("<integer>1.0</integer>", "found '.'"),
        ("<integer>0x</integer>", "expected hexadecimal digits"),
        ("<integer>0xG</integer>", "expected hexadecimal digits, found 'G'"),
        ("<integer>-</integer>", "expected digits"),
        ("<integer>18446744073709551616</integer>", "out of range"),
        ("<integer>-9223372036854775809</integer>", "out of range"),
        ("<integer>0x10000000000000000</integer>", "out of range"),
        ("<real/>", "empty <real>"),
        ("<real>abc</real>", "invalid <real> 'abc'"),
        ("<real>0x10</real>", "invalid <real> '0x10'"),
        ("<real>1e</real>", "invalid <real> '1e'"),
        ("<real>1.5 </real>", "invalid <real>"),
        ("<real>infinit</real>", "invalid <real>"),
        ("<date/>", "empty <date>"),
        ("<date>2010-02-08</date>", "expected YYYY-MM-DDTHH:MM:SSZ"),
        ("<date>2010-02-08T21:41:23</date>", "expected YYYY-MM-DDTHH:MM:SSZ"),
        ("<date>2010-02-08T21:41:23+01:00</date>", "expected YYYY-MM-DDTHH:MM:SSZ"),
        ("<date> 2010-02-08T21:41:23Z</date>", "expected YYYY-MM-DDTHH:MM:SSZ"),
        ("<date>-0001-01-01T00:00:00Z</date>", "year -1 is outside years 0–9999"),
        ("<date>10000-01-01T00:00:00Z</date>", "year 10000 is outside years 0–9999"),
        ("<date>9999-12-31T23:59:60Z</date>", "second 60 is outside 0–59, and rolling it over leaves years 0–9999"),
        ("<date>0000-00-01T00:00:00Z</date>", "month 0 is outside 1–12, and rolling it over leaves years 0–9999"),
        ("<integer>&#49;</integer>", "unexpected reference '&#49;' in <integer>"),
        ("<real>1<!-- c --></real>", "unexpected comment in <real>"),
        ("<date><![CDATA[2010-02-08T21:41:23Z]]></date>", "unexpected CDATA section in <date>"),
        ("<data>AAAA<?pi x?></data>", "unexpected processing instruction in <data>"),
        ("<data>SGVsbG8</data>", "whole 4-character groups"),
        ("<data>S</data>", "whole 4-character groups"),
        ("<data>SGVsbG8===</data>", "too much '=' padding"),
        ("<data>SG==VsbG8=</data>", "continues after '=' padding"),
        ("<data>SGVs!bG8=</data>", "'!' is not a base64 character"),
        ("<data>SGVs_bG8=</data>", "'_' is not a base64 character"),
        ("<false>no</false>", "unexpected text 'no' in <false/>"),
        ("<string><string/></string>", "unexpected <string> inside <string>"),
    ]

    @Test("refused text and the message that says why", arguments: refused.indices)
    func refusedValue(_ index: Int) {
        let (element, words) = Self.refused[index]
        let message = Self.failure(element)
        #expect(message?.contains(words) == true, "\(element) → \(message ?? "read without error")")
    }
}
