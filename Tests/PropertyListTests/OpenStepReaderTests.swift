import Diagnostics
import Foundation
import PropertyList
import Testing

/// The OpenStep (ASCII) reader: every construct and escape of the format as Apple reads it,
/// encodings, `.strings` files, depth, duplicate keys, recorded locations and format detection.
@Suite("OpenStep property-list reader")
struct OpenStepReaderTests {
    static func read(_ text: String, options: PropertyListReader.Options = .init()) throws(PropertyListReadError) -> PropertyListDocument {
        try PropertyListReader(options: options).read(Data(text.utf8), file: "t.pbxproj")
    }

    static func string(_ quoted: String) throws -> String? {
        try read("{ k = \(quoted); }").root["k"]?.stringValue
    }

    // MARK: - Constructs

    @Test("a pbxproj-shaped document: header comment, nested dictionaries, arrays, unquoted and quoted strings")
    func pbxprojShape() throws {
        let text = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 56;
            \tobjects = {

            /* Begin PBXBuildFile section */
            \t\t0A1B2C3D4E5F60718293A4B5 /* App.swift in Sources */ = {isa = PBXBuildFile; fileRef = 0A1B2C3D4E5F60718293A4B6 /* App.swift */; };
            /* End PBXBuildFile section */
            \t\t0A1B2C3D4E5F60718293A4B6 /* App.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = App.swift; sourceTree = "<group>"; };
            \t\t0A1B2C3D4E5F60718293A4B7 = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tINFOPLIST_FILE = "App/Info.plist";
            \t\t\t\tLD_RUNPATH_SEARCH_PATHS = (
            \t\t\t\t\t"$(inherited)",
            \t\t\t\t\t"@executable_path/Frameworks",
            \t\t\t\t);
            \t\t\t\tSWIFT_VERSION = 5.0;
            \t\t\t};
            \t\t\tname = Debug;
            \t\t};
            \t};
            \trootObject = 0A1B2C3D4E5F60718293A4B7 /* Project object */;
            }

            """
        let document = try Self.read(text)
        #expect(document.format == .openStep)
        #expect(document.diagnostics.isEmpty)
        #expect(document.root.dictionaryValue?.keys == ["archiveVersion", "classes", "objectVersion", "objects", "rootObject"])
        #expect(document.root["archiveVersion"] == "1")
        #expect(document.root["objectVersion"] == "56")
        #expect(document.root["classes"] == .dictionary([:]))
        let objects = try #require(document.root["objects"]?.dictionaryValue)
        #expect(objects.keys == ["0A1B2C3D4E5F60718293A4B5", "0A1B2C3D4E5F60718293A4B6", "0A1B2C3D4E5F60718293A4B7"])
        #expect(objects["0A1B2C3D4E5F60718293A4B5"] == ["isa": "PBXBuildFile", "fileRef": "0A1B2C3D4E5F60718293A4B6"])
        #expect(objects["0A1B2C3D4E5F60718293A4B6"]?["sourceTree"] == "<group>")
        let settings = try #require(objects["0A1B2C3D4E5F60718293A4B7"]?["buildSettings"])
        #expect(settings["INFOPLIST_FILE"] == "App/Info.plist")
        #expect(settings["LD_RUNPATH_SEARCH_PATHS"] == ["$(inherited)", "@executable_path/Frameworks"])
        #expect(settings["SWIFT_VERSION"] == "5.0")
        #expect(document.root["rootObject"] == "0A1B2C3D4E5F60718293A4B7")
    }

    @Test("arrays: empty, trailing comma, nested, mixed kinds")
    func arrays() throws {
        #expect(try Self.read("()").root == [])
        #expect(try Self.read("(a)").root == ["a"])
        #expect(try Self.read("(a,)").root == ["a"])
        #expect(try Self.read("( a , \"b\" , <00> , (c), {d = e;} , )").root
            == ["a", "b", .data(Data([0])), ["c"], ["d": "e"]])
    }

    @Test("dictionaries keep document order; quoted, single-quoted and unquoted keys; `key;` means key = key")
    func dictionaries() throws {
        let document = try Self.read("{ zeta = 1; \"alpha\" = 2; 'mid key' = 3; \"\" = empty; short; }")
        let dictionary = try #require(document.root.dictionaryValue)
        #expect(dictionary.keys == ["zeta", "alpha", "mid key", "", "short"])
        #expect(dictionary["short"] == "short")
        #expect(dictionary[""] == "empty")
        #expect(try Self.read("{}").root == .dictionary([:]))
    }

    @Test("every scalar is a string: numbers, YES/NO and dates are not interpreted")
    func scalarsAreStrings() throws {
        let document = try Self.read("{ i = 42; r = -1.5; b = YES; d = 2024-01-01; h = 0x10; }")
        #expect(document.root == ["i": "42", "r": "-1.5", "b": "YES", "d": "2024-01-01", "h": "0x10"])
    }

    @Test("unquoted strings use NeXTSTEP's character set [A-Za-z0-9_$/:.-]")
    func unquotedCharacterSet() throws {
        #expect(try Self.read("{ k = azAZ09_$/:.-; }").root["k"] == "azAZ09_$/:.-")
        #expect(try Self.read("{ k = /usr/bin/env; }").root["k"] == "/usr/bin/env")
        #expect(try Self.read("{ k = a//b; }").root["k"] == "a//b")  // `//` starts a comment only between tokens
        let unquoted = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$/:.-".unicodeScalars)
        for value in 0x21...0x7E {
            let scalar = Unicode.Scalar(UInt8(value))
            let text = "x" + String(Character(scalar))
            let read = try? PropertyListReader().readOpenStep(Data("(\(text))".utf8), file: "t").root
            #expect((read == [.string(text)]) == unquoted.contains(scalar), "character \(scalar)")
        }
    }

    @Test("data: hex pairs in either case, whitespace between pairs, empty data")
    func data() throws {
        // A root `<` is XML to the facade; as a value, or read as OpenStep, it is data.
        #expect(try PropertyListReader().readOpenStep(Data("<>".utf8), file: "d").root == .data(Data()))
        #expect(try Self.read("(<0fbd777f>)").root == [.data(Data([0x0F, 0xBD, 0x77, 0x7F]))])
        #expect(try Self.read("{d = < 0F BD\n\t77 7f\r\n >;}").root == ["d": .data(Data([0x0F, 0xBD, 0x77, 0x7F]))])
    }

    @Test("comments: // to the end of the line, /* */ anywhere between tokens, never inside strings")
    func comments() throws {
        let text = "// header\n/* a */ { /* b */ k /* c */ = /* d */ v /* e */ ; // f\n l = \"/* not a comment */\"; m = \"// nor this\"; } // end"
        #expect(try Self.read(text).root == ["k": "v", "l": "/* not a comment */", "m": "// nor this"])
        #expect(try Self.read("{ k = v; } /* never closed, after the root: Apple accepts it").root == ["k": "v"])
    }

    @Test("whitespace includes vertical tab, form feed, U+2028 and U+2029")
    func whitespace() throws {
        #expect(try Self.read("{\u{0B}k\u{0C}=\u{2028}v\u{2029};}").root == ["k": "v"])
    }

    // MARK: - Escapes

    @Test("the C escapes \\a \\b \\f \\n \\r \\t \\v \\\" \\\\ and a backslash before any other character")
    func cEscapes() throws {
        #expect(try Self.string(#""\a\b\f\n\r\t\v""#) == "\u{07}\u{08}\u{0C}\n\r\t\u{0B}")
        #expect(try Self.string(#""say \"hi\"""#) == "say \"hi\"")
        #expect(try Self.string(#""back\\slash""#) == "back\\slash")
        #expect(try Self.string(#"'it\'s'"#) == "it's")
        #expect(try Self.string(#""\'\q\é""#) == "'qé")
        #expect(try Self.string("\"line\\\nbreak\"") == "line\nbreak")
    }

    @Test("octal escapes: up to three digits; above 127 they are NeXTSTEP characters")
    func octalEscapes() throws {
        #expect(try Self.string(#""\012""#) == "\n")
        #expect(try Self.string(#""\101\102C""#) == "ABC")
        #expect(try Self.string(#""\0""#) == "\u{0}")
        #expect(try Self.string(#""\7x""#) == "\u{07}x")
        #expect(try Self.string(#""\1012""#) == "A2")  // a fourth digit is text
        #expect(try Self.string(#""\335""#) == "é")  // NeXTSTEP 0xDD
        #expect(try Self.string(#""\200""#) == "\u{A0}")  // NeXTSTEP 0x80: no-break space
    }

    @Test("\\U escapes: up to four hex digits, surrogate pairs combine")
    func unicodeEscapes() throws {
        #expect(try Self.string(#""\U00e9""#) == "é")
        #expect(try Self.string(#""\U20AC""#) == "€")
        #expect(try Self.string(#""\U41!""#) == "A!")  // fewer digits end at a non-hex character
        #expect(try Self.string(#""\U00411""#) == "A1")  // a fifth digit is text
        #expect(try Self.string(#""\Ud83d\Ude00""#) == "😀")
    }

    @Test("raw UTF-8 and raw newlines inside quoted strings are kept as they are")
    func rawText() throws {
        #expect(try Self.string("\"naïve 🐍\nsecond line\"") == "naïve 🐍\nsecond line")
    }

    // MARK: - Documents

    @Test("whitespace- or comment-only OpenStep text is an empty dictionary, as Apple reads it")
    func emptyDocuments() throws {
        #expect(try PropertyListReader().readOpenStep(Data(" \n".utf8), file: "e.strings").root == .dictionary([:]))
        #expect(try Self.read("// nothing here\n/* at all */").root == .dictionary([:]))
    }

    @Test("a root string stands alone")
    func rootString() throws {
        #expect(try Self.read("\"just text\"").root == "just text")
        #expect(try PropertyListReader().readOpenStep(Data("bare".utf8), file: "s").root == "bare")
    }

    @Test(".strings files: a dictionary without braces, comments, `key;` shortcut, any key form")
    func stringsFiles() throws {
        let text = """
            /* Localizable.strings */
            "greeting" = "Hello, %@!";
            // a line comment
            "farewell" = "Bye\\n";
            "same";
            unquoted = 'single';
            """
        let document = try PropertyListReader().read(Data(text.utf8), file: "Localizable.strings")
        #expect(document.format == .openStep)
        let dictionary = try #require(document.root.dictionaryValue)
        #expect(dictionary.keys == ["greeting", "farewell", "same", "unquoted"])
        #expect(dictionary["farewell"] == "Bye\n")
        #expect(dictionary["same"] == "same")
        #expect(try Self.read("\"only\" = \"one\";").root == ["only": "one"])
        #expect(try PropertyListReader().readOpenStep(Data("k = v;".utf8), file: "s").root == ["k": "v"])
    }

    @Test("UTF-16 LE and BE with a BOM, UTF-16 without one, and UTF-8 with a BOM read the same")
    func encodings() throws {
        let text = "/* c */\n\"clé\" = \"välue 🐍\";\n"
        let expected: PropertyListValue = ["clé": "välue 🐍"]
        let utf16LE = Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!
        let utf16BE = Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!
        let utf8BOM = Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
        for data in [utf16LE, utf16BE, text.data(using: .utf16LittleEndian)!, utf8BOM] {
            let document = try PropertyListReader().read(data, file: "InfoPlist.strings")
            #expect(document.root == expected)
            #expect(document.format == .openStep)
        }
    }

    @Test("a repeated key keeps its first position and last value, with a duplicate-key warning at the second key")
    func duplicateKeys() throws {
        let document = try Self.read("{\n  a = 1;\n  b = 2;\n  a = 3;\n}")
        #expect(document.root.dictionaryValue?.keys == ["a", "b"])
        #expect(document.root["a"] == "3")
        let warning = try #require(document.diagnostics.first)
        #expect(document.diagnostics.count == 1)
        #expect(warning.rule == .duplicateKey)
        #expect(warning.severity == .warning)
        #expect(warning.location == SourceLocation(file: "t.pbxproj", line: 4, column: 3))
        #expect(warning.message == "duplicate key 'a' in a dictionary: the later value replaces the earlier one")
    }

    @Test("nesting up to maximumDepth reads; one more is a located error; 100,000 levels never overflow the stack")
    func depthLimit() throws {
        let options = PropertyListReader.Options(maximumDepth: 3)
        #expect(try Self.read("{a = ((x));}", options: options).root == ["a": [["x"]]])
        do throws(PropertyListReadError) {
            _ = try Self.read("{a = (\n  ({b = c;}));}", options: options)
            Issue.record("expected a depth error")
        } catch {
            let diagnostic = try #require(error.diagnostics.last)
            #expect(diagnostic.message == "'{' nests deeper than the maximum depth of 3 containers")
            #expect(diagnostic.location == SourceLocation(file: "t.pbxproj", line: 2, column: 4))
        }
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        #expect(throws: PropertyListReadError.self) { try Self.read(deep) }
        // Raised limit: the parser has no depth of its own (kept at 20,000: PropertyListValue's deinit recurses).
        let levels = String(repeating: "(", count: 20_000) + String(repeating: ")", count: 20_000)
        let fine = try Self.read(levels, options: .init(maximumDepth: 20_000))
        #expect(fine.root.arrayValue?.count == 1)
    }

    // MARK: - Locations

    @Test("recordLocations gives each value and key its line:column (the first character of the token)")
    func locations() throws {
        let text = "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tABC /* x */ = {isa = PBXGroup; children = (\n\t\t\t\"é\",\n\t\t\tq); };\n\t};\n}\n"
        let document = try Self.read(text, options: .init(recordLocations: true))
        let locations = try #require(document.locations)
        func at(_ line: Int, _ column: Int) -> Diagnostics.SourceLocation { Diagnostics.SourceLocation(file: "t.pbxproj", line: line, column: column) }
        #expect(locations.value(at: PropertyListPath()) == at(2, 1))
        #expect(locations.key(at: PropertyListPath(parsing: "objects")) == at(3, 2))
        #expect(locations.value(at: PropertyListPath(parsing: "objects")) == at(3, 12))
        #expect(locations.key(at: PropertyListPath(parsing: "objects.ABC")) == at(4, 3))
        #expect(locations.value(at: PropertyListPath(parsing: "objects.ABC")) == at(4, 17))
        #expect(locations.key(at: PropertyListPath(parsing: "objects.ABC.isa")) == at(4, 18))
        #expect(locations.value(at: PropertyListPath(parsing: "objects.ABC.isa")) == at(4, 24))
        #expect(locations.value(at: PropertyListPath(parsing: "objects.ABC.children[0]")) == at(5, 4))
        #expect(locations.value(at: PropertyListPath(parsing: "objects.ABC.children[1]")) == at(6, 4))
        #expect(locations.value(at: PropertyListPath(parsing: "objects.missing")) == nil)
        #expect(locations.key(at: PropertyListPath()) == nil)
        #expect(locations.value(at: PropertyListPath(parsing: "objects.ABC.children[2]")) == nil)
        #expect(try Self.read(text).locations == nil)
    }

    @Test("locations in a .strings file, including the `key;` shortcut")
    func stringsLocations() throws {
        let document = try PropertyListReader(options: .init(recordLocations: true))
            .read(Data("\"a\" = \"b\";\n\"c\";\n".utf8), file: "L.strings")
        let locations = try #require(document.locations)
        #expect(locations.key(at: PropertyListPath(parsing: "a")) == SourceLocation(file: "L.strings", line: 1, column: 1))
        #expect(locations.value(at: PropertyListPath(parsing: "a")) == SourceLocation(file: "L.strings", line: 1, column: 7))
        #expect(locations.value(at: PropertyListPath(parsing: "c")) == SourceLocation(file: "L.strings", line: 2, column: 1))
    }

    // MARK: - Detection

    @Test("the facade tells OpenStep from XML and binary by content")
    func detection() throws {
        #expect(try Self.read("  \n{a=b;}").format == .openStep)
        #expect(try Self.read("(a)").format == .openStep)
        #expect(try Self.read("/* c */ (a)").format == .openStep)
        #expect(try Self.read("<?xml version=\"1.0\"?><plist><string>x</string></plist>").format == .xml)
        #expect(try Self.read("<plist><string>x</string></plist>").format == .xml)
        let binary = try PropertyListWriter(format: .binary).data(for: ["a": "b"])
        #expect(try PropertyListReader().read(binary, file: "b").format == .binary)
    }
}
