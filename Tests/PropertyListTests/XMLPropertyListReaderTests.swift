import Diagnostics
import Foundation
import PropertyList
import Testing
import TestSupport

/// The XML reader's guarantees: safety against entity tricks, depth without stack overflow,
/// encodings, Apple's document shape, and recorded source locations.
@Suite("XML property-list reader")
struct XMLPropertyListReaderTests {
    static let doctype = #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#

    static func read(_ xml: String, options: PropertyListReader.Options = .init()) throws(PropertyListReadError) -> PropertyListDocument {
        try PropertyListReader(options: options).read(Data(xml.utf8), file: "t.plist")
    }

    static func errorMessage(_ data: Data, options: PropertyListReader.Options = .init()) -> String? {
        do throws(PropertyListReadError) {
            _ = try PropertyListReader(options: options).read(data, file: "t.plist")
            return nil
        } catch {
            return error.diagnostics.last?.message ?? "\(error)"
        }
    }

    static func errorMessage(_ xml: String, options: PropertyListReader.Options = .init()) -> String? {
        errorMessage(Data(xml.utf8), options: options)
    }

    // MARK: - Safety

    @Test("the standard Apple DOCTYPE is accepted without fetching the DTD")
    func standardDoctype() throws {
        let document = try Self.read("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(Self.doctype)\n<plist version=\"1.0\"><dict><key>a</key><true/></dict></plist>")
        #expect(document.root == ["a": true])
        #expect(document.format == .xml)
    }

    @Test("an external DTD is never loaded: its entities stay undefined")
    func externalDTDNotLoaded() throws {
        let directory = try TemporaryDirectory("xml-dtd")
        let dtd = directory.url.appendingPathComponent("evil.dtd")
        try Data("<!ENTITY injected \"from the DTD\">".utf8).write(to: dtd)
        let message = Self.errorMessage("<!DOCTYPE plist SYSTEM \"\(dtd.absoluteString)\"><plist><string>&injected;</string></plist>")
        #expect(message?.contains("undefined entity &injected;") == true, "\(message ?? "read")")
    }

    @Test("XXE: an external entity to /etc/passwd is refused before anything is read")
    func externalEntityRefused() throws {
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE plist [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><plist><string>&xxe;</string></plist>"
        let message = try #require(Self.errorMessage(xml))
        #expect(message.contains("internal DTD subset ('[' in <!DOCTYPE>) is not allowed"))
        #expect(!message.contains("root:"))
    }

    @Test("a parameter entity that would pull in a file is refused")
    func parameterEntityRefused() throws {
        let xml = "<!DOCTYPE plist [<!ENTITY % remote SYSTEM \"file:///etc/passwd\"> %remote;]><plist><true/></plist>"
        let message = try #require(Self.errorMessage(xml))
        #expect(message.contains("internal DTD subset ('[' in <!DOCTYPE>) is not allowed"))
    }

    @Test("billion laughs is refused at the first declaration, fast")
    func billionLaughs() throws {
        var subset = "<!ENTITY l0 \"lol\">"
        for level in 1...12 {
            subset += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }
        let start = Date()
        let message = try #require(Self.errorMessage("<!DOCTYPE plist [\(subset)]><plist><string>&l12;</string></plist>"))
        #expect(message.contains("internal DTD subset ('[' in <!DOCTYPE>) is not allowed"))
        #expect(Date().timeIntervalSince(start) < 10)  // expanded, it would take minutes and gigabytes
    }

    @Test("an internal subset is refused even without entity declarations, as Apple's reader does")
    func internalSubsetWithoutEntities() throws {
        let message = try #require(Self.errorMessage("<!DOCTYPE plist [<!ELEMENT plist ANY><!-- note -->]><plist><integer>1</integer></plist>"))
        #expect(message.contains("internal DTD subset ('[' in <!DOCTYPE>) is not allowed"))
    }

    // MARK: - Depth

    static func nestedArrays(_ depth: Int) -> String {
        "<plist>" + String(repeating: "<array>", count: depth) + "<true/>" + String(repeating: "</array>", count: depth) + "</plist>"
    }

    @Test("2,000-deep arrays and dictionaries parse with the default limit")
    func deepNesting() throws {
        var value = try Self.read(Self.nestedArrays(2_000)).root
        var depth = 0
        while case let .array(elements) = value, let first = elements.first {
            value = first
            depth += 1
        }
        #expect(depth == 2_000)
        #expect(value == true)

        let dicts = "<plist>" + String(repeating: "<dict><key>k</key>", count: 2_000) + "<false/>" + String(repeating: "</dict>", count: 2_000) + "</plist>"
        #expect(try Self.read(dicts).root.value(at: PropertyListPath(Array(repeating: .key("k"), count: 2_000))) == false)
    }

    @Test("maximumDepth is exact and exceeding it is a plist-syntax diagnostic, also at 60,000 levels")
    func depthLimit() throws {
        let options = PropertyListReader.Options(maximumDepth: 10)
        #expect(throws: Never.self) { try Self.read(Self.nestedArrays(10), options: options) }
        #expect(Self.errorMessage(Self.nestedArrays(11), options: options)?.contains("maximum depth of 10 containers") == true)
        #expect(Self.errorMessage(Self.nestedArrays(60_000))?.contains("maximum depth of 10000 containers") == true)
        // With the limit raised, libxml2 itself must not impose one (or overflow the stack).
        // (Kept below ~40,000: PropertyListValue's own deinit recurses per level.)
        let raised = PropertyListReader.Options(maximumDepth: 100_000)
        #expect(throws: Never.self) { try Self.read(Self.nestedArrays(20_000), options: raised) }
    }

    // MARK: - Encodings

    static let sample = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><string>Kid’s 🐍 café</string></plist>"

    static let encodedSamples: [Data] = {
        let utf16LE: Data = sample.data(using: .utf16LittleEndian) ?? Data()
        let utf16BE: Data = sample.data(using: .utf16BigEndian) ?? Data()
        let utf32LE: Data = sample.data(using: .utf32LittleEndian) ?? Data()
        let utf32BE: Data = sample.data(using: .utf32BigEndian) ?? Data()
        let utf8BOM: Data = Data([0xEF, 0xBB, 0xBF]) + Data(sample.utf8)
        let bom16LE: Data = Data([0xFF, 0xFE]) + utf16LE
        let bom16BE: Data = Data([0xFE, 0xFF]) + utf16BE
        let bom32BE: Data = Data([0, 0, 0xFE, 0xFF]) + utf32BE
        return [utf8BOM, utf16LE, utf16BE, bom16LE, bom16BE, utf32LE, bom32BE]
    }()

    @Test("UTF-8 with BOM, UTF-16 and UTF-32 with or without BOM", arguments: encodedSamples)
    func unicodeEncodings(_ data: Data) throws {
        #expect(try PropertyListReader().read(data, file: "t.plist").root == "Kid’s 🐍 café")
    }

    @Test("8-bit charsets named in the declaration are decoded")
    func eightBitEncodings() throws {
        var latin1 = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>caf".utf8)
        latin1.append(0xE9)
        latin1.append(contentsOf: Array("</string></plist>".utf8))
        #expect(try PropertyListReader().read(latin1, file: "t.plist").root == "café")

        let unsupported = Self.errorMessage("<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?><plist/>")
        #expect(unsupported?.contains("unsupported encoding 'ebcdic-us'") == true)
    }

    @Test("malformed UTF-8 and UTF-16 are diagnostics")
    func malformedUnicode() throws {
        var badUTF8 = Data("<plist><string>a".utf8)
        badUTF8.append(contentsOf: [0xC3, 0x28])
        badUTF8.append(contentsOf: Array("</string></plist>".utf8))
        #expect(Self.errorMessage(badUTF8) != nil)

        var badUTF16 = Data([0xFF, 0xFE]) + ("<plist><string>".data(using: .utf16LittleEndian) ?? Data())
        badUTF16.append(contentsOf: [0x00, 0xDC])  // a lone low surrogate
        #expect(Self.errorMessage(badUTF16)?.contains("unpaired low surrogate") == true)
    }

    // MARK: - Document shape

    @Test("a bare root value without <plist> is accepted, as Apple's parser does")
    func bareRoot() throws {
        #expect(try Self.read("<array><string>a</string></array>").root == ["a"])
        #expect(try Self.read("<?xml version=\"1.0\"?>\n<!-- c --><?pi x?>\n<integer>5</integer>\n<!-- after -->\n").root == 5)
    }

    @Test("dictionaries keep document order; big ones still find duplicates")
    func dictionaryOrderAndDuplicates() throws {
        var xml = "<dict>"
        for index in 0..<40 { xml += "<key>k\(index)</key><integer>\(index)</integer>" }
        xml += "<key>k3</key><string>again</string></dict>"
        let document = try Self.read(xml)
        #expect(document.root.dictionaryValue?.keys == (0..<40).map { "k\($0)" })
        #expect(document.root["k3"] == "again")
        #expect(document.diagnostics.map(\.rule) == [.duplicateKey])
    }

    // MARK: - Locations

    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        \(doctype)
        <plist version="1.0">
        <dict>
        \t<key>CFBundleName</key>
        \t<string>Walk Mate</string>
        \t<key>NSUserActivityTypes</key>
        \t<array>
        \t\t<string>com.walkmate.favorite.open</string>
        \t\t<string>com.walkmate.route.generate</string>
        \t</array>
        \t<key>NSUserActivityTypes2</key><dict><key>é🐍</key><data>AA==</data></dict>
        </dict>
        </plist>
        """

    @Test("recordLocations gives the <…> of every value and <key> by path")
    func recordedLocations() throws {
        let document = try Self.read(Self.infoPlist, options: .init(recordLocations: true))
        let locations = try #require(document.locations)
        func at(_ line: Int, _ column: Int) -> Diagnostics.SourceLocation { Diagnostics.SourceLocation(file: "t.plist", line: line, column: column) }
        #expect(locations.value(at: PropertyListPath()) == at(4, 1))
        #expect(locations.key(at: PropertyListPath(parsing: "CFBundleName")) == at(5, 2))
        #expect(locations.value(at: PropertyListPath(parsing: "CFBundleName")) == at(6, 2))
        #expect(locations.key(at: PropertyListPath(parsing: "NSUserActivityTypes")) == at(7, 2))
        #expect(locations.value(at: PropertyListPath(parsing: "NSUserActivityTypes")) == at(8, 2))
        #expect(locations.value(at: PropertyListPath(parsing: "NSUserActivityTypes[0]")) == at(9, 3))
        #expect(locations.value(at: PropertyListPath(parsing: "NSUserActivityTypes[1]")) == at(10, 3))
        #expect(locations.value(at: PropertyListPath(parsing: "NSUserActivityTypes[2]")) == nil)
        #expect(locations.value(at: PropertyListPath(parsing: "NSUserActivityTypes2")) == at(12, 33))
        #expect(locations.key(at: PropertyListPath([.key("NSUserActivityTypes2"), .key("é🐍")])) == at(12, 39))
        #expect(locations.value(at: PropertyListPath([.key("NSUserActivityTypes2"), .key("é🐍")])) == at(12, 52))
    }

    @Test("without recordLocations no locations are kept")
    func noLocationsByDefault() throws {
        #expect(try Self.read(Self.infoPlist).locations == nil)
    }
}
