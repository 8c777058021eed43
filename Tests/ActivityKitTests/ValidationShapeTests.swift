import Diagnostics
import Foundation
import BuildSettings
import Testing
import ActivityKit
import PropertyList
import TestSupport

/// The Info.plist shapes real apps ship, on the project's own fixtures (`InfoPlistFixtures`), so every
/// clone checks them: what is declared, and each finding's rule and exact line:column.
@Suite("Validation of real-world Info.plist shapes")
struct ValidationShapeTests {
    func validate(_ name: String, defines: [String: String] = [:]) throws -> ValidationResult {
        try ActivityTypeValidator().validateFile(
            atPath: InfoPlistFixtures.url(name).path, displayPath: name, defines: BuildSettings(defines))
    }

    func location(_ name: String, _ line: Int, _ column: Int) -> Diagnostics.SourceLocation {
        Diagnostics.SourceLocation(file: name, line: line, column: column)
    }

    /// The declared values with their positions, as `value@line:column`.
    func declared(_ result: ValidationResult) -> [String] {
        (result.declarations?.declarations ?? []).map { declaration in
            "\(declaration.rawValue ?? "?")@\(declaration.location.map { "\($0.line):\($0.column)" } ?? "-")"
        }
    }

    @Test func everyFixtureIsThere() {
        #expect(InfoPlistFixtures.names.count == 14)
        #expect(InfoPlistFixtures.malformed.isSubset(of: InfoPlistFixtures.names))
    }

    @Test func intentClassNamesAreClean() throws {
        let result = try validate("intent-class-names.plist")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(declared(result) == ["StartHikeIntent@11:3", "LogSummitIntent@12:3", "ShowTrailConditionsIntent@13:3"])
    }

    @Test func reverseDNSIsClean() throws {
        let result = try validate("reverse-dns.plist")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(declared(result) == ["org.example.pantry.recipe.view@11:3", "org.example.pantry.shopping-list.edit@12:3"])
        #expect(result.declarations?.declares("org.example.pantry.recipe.view") == true)
    }

    @Test func bundleIdentifierSuffixesNeedTheBuildSetting() throws {
        let name = "bundle-identifier-suffix.plist"
        let unresolved = try validate(name)
        #expect(unresolved.diagnostics.map(\.rule) == [.activityTypeUnresolvedVariable, .activityTypeUnresolvedVariable])
        #expect(unresolved.diagnostics.map(\.location) == [location(name, 9, 3), location(name, 10, 3)])
        #expect(unresolved.diagnostics.first?.message.contains("PRODUCT_BUNDLE_IDENTIFIER is not defined") == true)
        #expect(unresolved.declarations?.resolvedTypes == [])

        let resolved = try validate(name, defines: ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.salon"])
        #expect(resolved.diagnostics.isEmpty, "\(resolved.diagnostics)")
        #expect(resolved.declarations?.resolvedTypes == ["com.example.salon.open-booking", "com.example.salon.reschedule"])
        #expect(declared(resolved) == ["$(PRODUCT_BUNDLE_IDENTIFIER).open-booking@9:3", "${PRODUCT_BUNDLE_IDENTIFIER}.reschedule@10:3"])
    }

    @Test func systemTypesAreRecognised() throws {
        let result = try validate("system-types.plist")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.declarations?.declarations.map(\.systemType) == [.spotlightItem, .spotlightQuery, .browsingWeb])
        #expect(declared(result) == ["com.apple.corespotlightitem@9:3", "com.apple.corespotlightquery@10:3", "NSUserActivityTypeBrowsingWeb@11:3"])
    }

    @Test func bareNamesAreFormatFindingsAtTheirStrings() throws {
        let name = "bare-names.plist"
        let result = try validate(name)
        #expect(result.diagnostics.map(\.rule) == [.activityTypeFormat, .activityTypeFormat])
        #expect(result.diagnostics.map(\.location) == [location(name, 7, 3), location(name, 9, 3)])
        #expect(result.diagnostics.map { $0.message.prefix(30) } == ["'OpenNotebook' is neither a re", "'SearchNotes' is neither a rev"])
        #expect(!result.hasErrors)
    }

    @Test func aDictionaryWhereTheArrayBelongs() throws {
        let name = "types-in-dict.plist"
        let result = try validate(name)
        #expect(result.diagnostics.map(\.rule) == [.activityTypesNotArray])
        #expect(result.diagnostics.map(\.location) == [location(name, 8, 2)])
        #expect(result.declarations?.shape == .notArray(kind: "dict"))
        #expect(result.declarations?.declarations.isEmpty == true)
    }

    @Test func crlfLineEndingsCountOnce() throws {
        let name = "crlf-line-endings.plist"
        let bytes = try Data(contentsOf: InfoPlistFixtures.url(name))
        // The fixture must really be CRLF (a checkout that converted it would test nothing).
        #expect(bytes.count(of: 0x0D) == 13 && bytes.count(of: 0x0A) == 13)
        let result = try validate(name)
        #expect(result.diagnostics.map(\.rule) == [.activityTypeFormat])
        #expect(result.diagnostics.map(\.location) == [location(name, 10, 3)])
        #expect(declared(result) == ["com.example.minesweep.new-game@9:3", "ResumeGame@10:3"])
    }

    @Test func utf16ColumnsCountScalars() throws {
        let name = "utf16-with-bom.plist"
        let bytes = try Data(contentsOf: InfoPlistFixtures.url(name))
        #expect(bytes.prefix(2) == Data([0xFF, 0xFE]))
        let result = try validate(name)
        #expect(result.diagnostics.map(\.rule) == [.activityTypeFormat])
        // Line 8: a comment holding "ä" and "🏃" (two UTF-16 units, one scalar) stands before the strings.
        #expect(result.diagnostics.map(\.location) == [location(name, 8, 75)])
        #expect(declared(result) == ["de.example.laeuferin.lauf.starten@8:25", "RundeBeenden@8:75"])
        let document = try PropertyListReader().read(contentsOf: InfoPlistFixtures.url(name).path)
        #expect(document.root["CFBundleDisplayName"] == "Läuferin 🏃")
    }

    /// Old-style (OpenStep) text reads as Apple reads it: the types at their first character.
    @Test func oldStyleTextIsReadAsOpenStep() throws {
        let result = try validate("old-style-text.plist")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(declared(result) == ["com.example.abacus.calculate@4:3"])
    }

    @Test func noActivityTypesIsANoteAtTheRoot() throws {
        let name = "no-activity-types.plist"
        let result = try validate(name)
        #expect(result.diagnostics.map(\.rule) == [.activityTypesMissing])
        #expect(result.diagnostics.map(\.severity) == [.note])
        #expect(result.diagnostics.map(\.location) == [location(name, 4, 1)])
        #expect(result.declarations?.shape == .missing)
    }

    /// Files that are not property lists as they stand: one `plist-syntax` error each, where it stands.
    static let syntaxErrors: [(name: String, line: Int, column: Int, message: String)] = [
        // Xcode preprocesses such files (INFOPLIST_PREPROCESS); read raw, the `#` line is text in a <dict>.
        ("preprocessor-lines.plist", 11, 1, "unexpected text '#ifdef BETA_BUILD' in <dict>: expected only elements here"),
        // An unescaped `&`: where the entity name should start.
        ("unescaped-ampersand.plist", 6, 16, "malformed XML: xmlParseEntityRef: no name"),
        ("misspelled-element.plist", 7, 3, "unknown element <strng>"),
        // Only comments inside <plist>: at the <plist> that holds no value.
        ("comments-only.plist", 3, 1, "empty <plist>: expected one value, found </plist>"),
    ]

    @Test(arguments: syntaxErrors.map(\.name))
    func malformedFilesGetOnePreciseSyntaxError(name: String) throws {
        let expected = try #require(Self.syntaxErrors.first { $0.name == name })
        let result = try validate(name)
        #expect(result.declarations == nil)
        #expect(result.diagnostics.map(\.rule) == [.plistSyntax])
        #expect(result.diagnostics.map(\.severity) == [.error])
        #expect(result.diagnostics.map(\.location) == [location(name, expected.line, expected.column)])
        #expect(result.diagnostics.first?.message.contains(expected.message) == true, "\(result.diagnostics)")
    }

    @Test func theMalformedListIsExact() throws {
        #expect(Set(Self.syntaxErrors.map(\.name)) == InfoPlistFixtures.malformed)
        for name in InfoPlistFixtures.wellFormed {
            #expect(try validate(name).declarations != nil, "\(name)")
        }
    }

    @Test(arguments: InfoPlistFixtures.names)
    func readingWithoutLocationsFirstChangesNoFinding(name: String) throws {
        let eager = try validate(name)
        let lazy = try ActivityTypeValidator(locations: .onlyForFindings).validateFile(
            atPath: InfoPlistFixtures.url(name).path, displayPath: name)
        #expect(lazy.diagnostics == eager.diagnostics)
        #expect(lazy.declarations?.declarations.map(\.resolvedValue) == eager.declarations?.declarations.map(\.resolvedValue))
    }

    /// A binary Info.plist (as Xcode writes into a built app) is read, not rejected; its findings stand at 1:1.
    @Test func binaryInfoPlists() throws {
        for (name, rules) in [("reverse-dns.plist", [Diagnostic.Rule]()), ("bare-names.plist", [.activityTypeFormat, .activityTypeFormat]),
                              ("no-activity-types.plist", [.activityTypesMissing])] {
            let xml = try PropertyListReader().read(contentsOf: InfoPlistFixtures.url(name).path)
            let binary = BinaryPropertyListWriter().data(for: xml.root)
            let result = ActivityTypeValidator().validate(binary, file: "Info.bplist")
            #expect(result.diagnostics.map(\.rule) == rules, "\(name)")
            #expect(result.diagnostics.allSatisfy { $0.location == location("Info.bplist", 1, 1) }, "\(name)")
            #expect(result.declarations?.declarations.map(\.rawValue) == (xml.root["NSUserActivityTypes"]?.arrayValue ?? []).map(\.stringValue))
            #expect(result.declarations?.declarations.allSatisfy { $0.location == nil } == true)
        }
    }
}

extension Data {
    fileprivate func count(of byte: UInt8) -> Int { reduce(0) { $0 + ($1 == byte ? 1 : 0) } }
}
