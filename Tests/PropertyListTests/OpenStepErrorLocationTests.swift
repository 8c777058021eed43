import Diagnostics
import Foundation
import PropertyList
import TestSupport
import Testing

/// Every error of the OpenStep reader, on a text that marks with `1️⃣` exactly where the
/// diagnostic must point, and the exact message: what was found and what was expected.
@Suite("OpenStep reader diagnostics and their locations")
struct OpenStepErrorLocationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var message: String
        var maximumDepth = 10_000
        /// Read with `readOpenStep` instead of the detecting facade.
        var forceOpenStep = false

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "missing semicolon before }", text: "{\n\tisa = PBXGroup1️⃣}",
             message: "expected ';' after the value of 'isa', found '}'"),
        Case(name: "missing semicolon before the next key", text: "{ a = b\n  1️⃣c = d; }",
             message: "expected ';' after the value of 'a', found 'c'"),
        Case(name: "missing =", text: "{ name 1️⃣\"x\"; }",
             message: "expected '=' after the key 'name', found '\"'"),
        Case(name: "key is not a string", text: "{ 1️⃣( a ) = b; }",
             message: "expected a key (a string) or '}', found '('"),
        Case(name: "missing value", text: "{ a = 1️⃣; }",
             message: "expected the value of 'a' (a string, '{', '(' or '<'), found ';'"),
        Case(name: "character outside the unquoted set", text: "{ a = 1️⃣+1; }",
             message: "expected the value of 'a' (a string, '{', '(' or '<'), found '+'"),
        Case(name: "unquoted value stops at a foreign character", text: "{ a = b1️⃣+c; }",
             message: "expected ';' after the value of 'a', found '+'"),
        Case(name: "array without comma", text: "( a 1️⃣b )",
             message: "expected ',' or ')' after an array element, found 'b'"),
        Case(name: "array double comma", text: "( a, 1️⃣, b )",
             message: "expected a value or ')' (a string, '{', '(' or '<'), found ','"),
        Case(name: "array closed by }", text: "{ a = ( b 1️⃣}; }",
             message: "expected ',' or ')' after an array element, found '}'"),
        Case(name: "unclosed dictionary", text: "{\n\ta = b;\n1️⃣",
             message: "unexpected end of the input: expected a key or '}' (the dictionary is never closed by '}')"),
        Case(name: "unclosed array", text: "(a,\n b1️⃣",
             message: "unexpected end of the input: expected ',' or ')' (the array is never closed by ')')"),
        Case(name: "input ends after a key", text: "{ a1️⃣",
             message: "unexpected end of the input: expected '=' after the key 'a' (the dictionary is never closed by '}')"),
        Case(name: "input ends after =", text: "{ a = 1️⃣",
             message: "unexpected end of the input: expected the value of 'a' (the dictionary is never closed by '}')"),
        Case(name: "unterminated comment swallows the rest", text: "{ a = b; /* oops\n}1️⃣",
             message: "unexpected end of the input: expected a key or '}' (the dictionary is never closed by '}')"),
        Case(name: "unterminated double-quoted string", text: "{ a = 1️⃣\"never closed; }",
             message: "unterminated string: expected a closing \" for the string that starts here, found the end of the input"),
        Case(name: "unterminated single-quoted string", text: "( 1️⃣'x\\' )",
             message: "unterminated string: expected a closing ' for the string that starts here, found the end of the input"),
        Case(name: "junk after the root dictionary", text: "{ a = b; }\n1️⃣}",
             message: "expected the end of the property list after its root value, found '}'"),
        Case(name: "two root arrays", text: "(a) 1️⃣(b)",
             message: "expected the end of the property list after its root value, found '('"),
        Case(name: "root string then text", text: "\"Hello\" 1️⃣world",
             message: "expected the end of the property list after the string 'Hello', or '=' if this is a .strings file, found 'w'"),
        Case(name: ".strings: missing semicolon", text: "\"a\" = \"b\"\n1️⃣\"c\" = \"d\";",
             message: "expected ';' after the value of 'a', found '\"'"),
        Case(name: ".strings: stray brace", text: "\"a\" = \"b\";\n1️⃣}",
             message: "expected a key (a string) or the end of the .strings file, found '}'"),
        Case(name: ".strings: input ends after =", text: "\"a\" = \"b\";\n\"c\" = 1️⃣",
             message: "unexpected end of the input: expected the value of 'c'"),
        Case(name: "data: odd number of digits", text: "( <0fb1️⃣> )",
             message: "invalid data: expected a second hex digit to complete the byte, found '>'"),
        Case(name: "data: not hex", text: "( <0f 1️⃣zz> )",
             message: "invalid data: expected hex digits, whitespace or '>', found 'z'"),
        Case(name: "data: space inside a byte", text: "( <0f b1️⃣ d> )",
             message: "invalid data: expected a second hex digit to complete the byte, found ' '"),
        Case(name: "data: unterminated", text: "{ d = <0fbd1️⃣; }",
             message: "invalid data: expected hex digits, whitespace or '>', found ';'"),
        Case(name: "data: runs to the end", text: "( 1️⃣<0f", message: "unterminated data: expected '>' to close the data that starts here, found the end of the input"),
        Case(name: "lone high surrogate", text: "( \"x1️⃣\\UD83D!\" )",
             message: "invalid escape '\\UD83D': a lone UTF-16 surrogate is not a character (expected a high surrogate followed by a low one)"),
        Case(name: "lone low surrogate", text: "( \"1️⃣\\UDE00\" )",
             message: "invalid escape '\\UDE00': a lone UTF-16 surrogate is not a character (expected a high surrogate followed by a low one)"),
        Case(name: "octal escape of an unassigned NeXTSTEP byte", text: "( \"a1️⃣\\377\" )",
             message: "invalid escape '\\377': byte 0xFF has no character in the NeXTSTEP encoding (expected \\000 to \\375)"),
        Case(name: "octal escape wraps to 8 bits as in CF", text: "( \"1️⃣\\777\" )",
             message: "invalid escape '\\777': byte 0xFF has no character in the NeXTSTEP encoding (expected \\000 to \\375)"),
        Case(name: "zero-length input (read as OpenStep)", text: "1️⃣", message: "empty document: expected a property list", forceOpenStep: true),
        Case(name: "depth limit", text: "( ( 1️⃣{ a = b; } ) )",
             message: "'{' nests deeper than the maximum depth of 2 containers", maximumDepth: 2),
        Case(name: "columns count characters, not bytes", text: "{ \"clé 🐍\" = \"ü\" 1️⃣x; }",
             message: "expected ';' after the value of 'clé 🐍', found 'x'"),
        Case(name: "CRLF line endings", text: "{\r\n a = b;\r\n c = d\r\n1️⃣}",
             message: "expected ';' after the value of 'c', found '}'"),
        Case(name: "unquoted .strings body (read as OpenStep)", text: "greeting = hello\n1️⃣farewell = bye;",
             message: "expected ';' after the value of 'greeting', found 'f'", forceOpenStep: true),
        Case(name: "not a string at the top (read as OpenStep)", text: "1️⃣# Title\n",
             message: "expected a property list value (a string, '{', '(' or '<'), found '#'", forceOpenStep: true),
    ]

    @Test("the diagnostic names what was found and expected, at the marked line:column", arguments: cases)
    func diagnostic(_ testCase: Case) throws {
        let fixture = try MarkedFixture(name: testCase.name, markedText: testCase.text)
        let diagnostic = try #require(Self.error(fixture.data, case: testCase))
        #expect(diagnostic.rule == .plistSyntax)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == testCase.message)
        #expect(diagnostic.location == SourceLocation(file: "t.pbxproj", line: fixture.line, column: fixture.column))
    }

    @Test("the same locations in UTF-16 LE and BE (columns in characters)", arguments: cases.prefix(12), [String.Encoding.utf16LittleEndian, .utf16BigEndian])
    func utf16Locations(_ testCase: Case, _ encoding: String.Encoding) throws {
        let fixture = try MarkedFixture(name: testCase.name, markedText: testCase.text)
        let diagnostic = try #require(Self.error(fixture.data(encoding: encoding), case: testCase))
        #expect(diagnostic.message == testCase.message)
        #expect(diagnostic.location == SourceLocation(file: "t.pbxproj", line: fixture.line, column: fixture.column))
    }

    @Test("an unclosed container notes where it opened; an unterminated comment says it ran to the end")
    func notes() throws {
        let diagnostic = try #require(Self.error(Data("{\n  a = (\n    b,\n /* c".utf8), case: Case(name: "", text: "", message: "")))
        #expect(diagnostic.message == "unexpected end of the input: expected a value or ')' (the array is never closed by ')')")
        #expect(diagnostic.location == SourceLocation(file: "t.pbxproj", line: 4, column: 6))
        #expect(diagnostic.notes.map(\.description) == [
            "t.pbxproj:2:7: note: the array starts here",
            "t.pbxproj:4:2: note: this '/*' comment is never closed by '*/' and runs to the end of the input",
        ])
    }

    @Test("invalid UTF-8 is located at the bad byte")
    func invalidUTF8() throws {
        let data = Data("{\n  a = \"ok".utf8) + Data([0xC3, 0x28]) + Data("\"; }".utf8)
        let diagnostic = try #require(Self.error(data, case: Case(name: "", text: "", message: "")))
        #expect(diagnostic.message == "invalid UTF-8: byte 0xC3 does not start or continue a character (expected UTF-8 or UTF-16 text)")
        #expect(diagnostic.location == SourceLocation(file: "t.pbxproj", line: 2, column: 10))
    }

    @Test("warnings found before an error travel with it")
    func warningsBeforeAnError() throws {
        do throws(PropertyListReadError) {
            _ = try PropertyListReader().read(Data("{ a = 1; a = 2; b = }".utf8), file: "t.pbxproj")
            Issue.record("expected an error")
        } catch {
            guard case let .invalid(error, warnings) = error else {
                Issue.record("expected a diagnostic, got \(error)")
                return
            }
            #expect(error.message == "expected the value of 'b' (a string, '{', '(' or '<'), found '}'")
            #expect(warnings.map(\.rule) == [.duplicateKey])
            #expect(warnings.first?.location.column == 10)
        }
    }

    @Test("a text file that is not a property list still gets a located error naming what was found")
    func plainText() throws {
        let diagnostic = try #require(Self.error(Data("Release notes\n\nVersion 2".utf8), case: Case(name: "", text: "", message: "")))
        #expect(diagnostic.location == SourceLocation(file: "t.pbxproj", line: 1, column: 1))
        #expect(diagnostic.message == "not a property list: expected '<' to start an XML document, found 'R'")
    }

    static func error(_ data: Data, case testCase: Case) -> Diagnostic? {
        let reader = PropertyListReader(options: .init(maximumDepth: testCase.maximumDepth))
        do throws(PropertyListReadError) {
            _ = testCase.forceOpenStep ? try reader.readOpenStep(data, file: "t.pbxproj") : try reader.read(data, file: "t.pbxproj")
            return nil
        } catch {
            guard case let .invalid(diagnostic, _) = error else { return nil }
            return diagnostic
        }
    }
}
