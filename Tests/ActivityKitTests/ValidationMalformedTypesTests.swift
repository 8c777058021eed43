import Diagnostics
import Foundation
import Testing
import ActivityKit
import PropertyList
import TestSupport
import BuildSettings

/// A malformed `NSUserActivityTypes` is one mistake: one located error saying what iOS expects and what is
/// there, its other places as notes, and the types it seems to name kept for the audit's cross-checks.
@Suite("Validation of a malformed NSUserActivityTypes")
struct ValidationMalformedTypesTests {
    func validate(_ marked: MarkedText, defines: [String: String] = [:]) -> ValidationResult {
        ActivityTypeValidator().validate(Data(marked.text.utf8), file: "Info.plist", defines: BuildSettings(defines))
    }

    @Test func aDictionaryIsOneErrorAtTheValue() throws {
        let marked = MarkedText(ValidationLocationTests.plist("""
            <dict>
            \t<key>NSUserActivityTypes</key>
            \t1️⃣<dict>
            \t\t<key>open</key>
            \t\t<string>$(ID).open</string>
            \t\t<key>edit</key>
            \t\t<string>$(ID).edit</string>
            \t</dict>
            </dict>
            """))
        let result = validate(marked, defines: ["ID": "com.example"])
        let error = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(error.rule == .activityTypesNotArray && error.severity == .error)
        #expect(error.location == marked.location("1️⃣"))
        #expect(error.message == "NSUserActivityTypes must be an array of strings, one activity type each, but it is a <dict> holding 'open', 'com.example.open', 'edit', …: iOS declares no activity type through it; write <array><string>$(ID).open</string><string>$(ID).edit</string></array>")
        // Keys and values, expanded: what code that uses "com.example.open" meant to declare.
        #expect(result.declarations?.seeminglyNamedTypes == ["open", "com.example.open", "edit", "com.example.edit"])
        #expect(result.declarations?.resolvedTypes == [])
    }

    @Test func aLoneStringIsOneErrorNamingItsTypes() throws {
        let marked = MarkedText(ValidationLocationTests.plist("""
            <dict>
            \t<key>NSUserActivityTypes</key>
            \t1️⃣<string>com.example.open, com.example.edit</string>
            </dict>
            """))
        let result = validate(marked)
        let error = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(error.rule == .activityTypesNotArray)
        #expect(error.location == marked.location("1️⃣"))
        #expect(error.message == "NSUserActivityTypes must be an array of strings, one activity type each, but it is a <string> holding 'com.example.open, com.example.edit', 'com.example.open', 'com.example.edit': iOS declares no activity type through it; write <array><string>com.example.open</string><string>com.example.edit</string></array>")
        #expect(result.declarations?.seeminglyNamedTypes == ["com.example.open, com.example.edit", "com.example.open", "com.example.edit"])
    }

    @Test func aNumberIsOneErrorWithNoTypes() throws {
        let marked = MarkedText(ValidationLocationTests.plist("<dict>\n\t<key>NSUserActivityTypes</key>\n\t1️⃣<integer>3</integer>\n</dict>"))
        let result = validate(marked)
        #expect(result.diagnostics.map(\.message) == [
            "NSUserActivityTypes must be an array of strings, one activity type each, but it is an <integer>: iOS declares no activity type through it; list each type as a <string> of an <array>",
        ])
        #expect(result.diagnostics.first?.location == marked.location("1️⃣"))
        #expect(result.declarations?.seeminglyNamedTypes == [])
    }

    @Test func elementsThatAreNotStringsAreOneErrorWithANoteEach() throws {
        let marked = MarkedText(ValidationLocationTests.plist("""
            <dict>
            \t<key>NSUserActivityTypes</key>
            \t<array>
            \t\t<string>com.example.ok</string>
            \t\t1️⃣<dict><key>type</key><string>com.example.open</string></dict>
            \t\t2️⃣<array><string>com.example.edit</string></array>
            \t\t3️⃣<true/>
            \t</array>
            </dict>
            """))
        let result = validate(marked)
        let error = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(error.rule == .activityTypeNotString && error.severity == .error)
        #expect(error.location == marked.location("1️⃣"))
        #expect(error.message == "NSUserActivityTypes must be an array of strings, one activity type each, but NSUserActivityTypes[1] is a <dict> holding 'type', 'com.example.open' (and 2 more elements, noted below): iOS declares no activity type through them")
        #expect(error.notes.map(\.description) == [
            "\(try #require(marked.location("2️⃣"))): note: NSUserActivityTypes[2] is an <array> holding 'com.example.edit', not a string",
            "\(try #require(marked.location("3️⃣"))): note: NSUserActivityTypes[3] is a <bool>, not a string",
        ])
        // The string element is declared; the others' strings are what they seem to name.
        #expect(result.declarations?.resolvedTypes == ["com.example.ok"])
        #expect(result.declarations?.seeminglyNamedTypes == ["type", "com.example.open", "com.example.edit"])
        #expect(result.declarations?.isMalformed == true)
    }

    @Test func aWellFormedArrayIsNotMalformed() {
        let marked = MarkedText(ValidationLocationTests.plist("<dict>\n\t<key>NSUserActivityTypes</key>\n\t<array><string>com.example.a.b</string></array>\n</dict>"))
        let result = validate(marked)
        #expect(result.diagnostics.isEmpty)
        #expect(result.declarations?.isMalformed == false)
        #expect(result.declarations?.seeminglyNamedTypes == [])
    }

    @Test func relocatedMovesEveryLocation() throws {
        let marked = MarkedText(ValidationLocationTests.plist("<dict>\n\t<key>NSUserActivityTypes</key>\n\t<array>\n\t\t<string>com.example.a.b</string>\n\t</array>\n</dict>"))
        let declarations = try #require(validate(marked).declarations)
        let moved = declarations.relocated { SourceLocation(file: "Real.plist", line: $0.line + 10, column: $0.column + 1) }
        #expect(moved.declarations.map(\.location) == declarations.declarations.map { $0.location.map { SourceLocation(file: "Real.plist", line: $0.line + 10, column: $0.column + 1) } })
        #expect(moved.keyLocation?.file == "Real.plist" && moved.valueLocation?.file == "Real.plist" && moved.rootLocation?.file == "Real.plist")
        #expect(moved.resolvedTypes == ["com.example.a.b"])
    }
}
