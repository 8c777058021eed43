import Diagnostics
import Foundation
import Testing
import ActivityKit
import PropertyList
import TestSupport
import BuildSettings

/// Every file of `../shared/corpus/realworld` through the validator: never a crash, every finding located
/// inside the file, and the declared values the corpus MANIFEST.tsv lists. The same shapes are checked on
/// every clone by `ValidationShapeTests`, on the project's own fixtures.
@Suite("Validation over the real-world corpus",
       .enabled(if: SharedCorpus.isPresent, "../shared/corpus/realworld is not beside the checkout: real-world corpus skipped"))
struct ValidationCorpusTests {
    static let corpus = SharedCorpus.realWorld

    static let files: [String] = SharedCorpus.realWorldPlists

    /// MANIFEST.tsv rows by file name: the `values=[…]` JSON list of the notes column, when complete.
    static let manifestValues: [String: [String]] = {
        guard let text = try? String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [:] }
        var values: [String: [String]] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count > 5, let start = columns[5].range(of: "values=[") else { continue }
            // The column is CSV-quoted: doubled quotes inside, one pair around.
            var list = String(columns[5][start.upperBound...]).replacingOccurrences(of: "\"\"", with: "\"")
            if list.hasSuffix("\"") { list.removeLast() }
            guard let data = "[\(list)".data(using: .utf8),
                  let array = try? JSONSerialization.jsonObject(with: data) as? [String] else { continue }
            values[String(columns[0])] = array
        }
        return values
    }()

    func validate(_ name: String, defines: [String: String] = [:]) throws -> ValidationResult {
        try ActivityTypeValidator().validateFile(
            atPath: Self.corpus.appendingPathComponent(name).path, displayPath: name, defines: BuildSettings(defines))
    }

    @Test func theCorpusIsThere() {
        #expect(Self.files.count >= 85)
        #expect(Self.manifestValues.count >= 30)
    }

    @Test(arguments: files)
    func validatesWithoutCrashingAndLocatesEveryFinding(name: String) throws {
        let data = try Data(contentsOf: Self.corpus.appendingPathComponent(name))
        let lineCount = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        let result = try validate(name)
        let known = Set(ValidationRules.all.map(\.id))
        for diagnostic in result.diagnostics {
            #expect(known.contains(diagnostic.rule), "\(diagnostic)")
            #expect(diagnostic.location.file == name)
            #expect((1...max(lineCount, 1)).contains(diagnostic.location.line), "\(diagnostic)")
            #expect(diagnostic.location.column >= 1)
            #expect(!diagnostic.message.isEmpty)
        }
        // A file is either read (declarations present) or has exactly one plist-syntax error.
        let syntaxErrors = result.diagnostics.filter { $0.rule == .plistSyntax }
        #expect((result.declarations == nil) == (syntaxErrors.count == 1))
        #expect(syntaxErrors.count <= 1)
        // Reading without locations first must not change a single finding.
        let lazy = try ActivityTypeValidator(locations: .onlyForFindings).validateFile(
            atPath: Self.corpus.appendingPathComponent(name).path, displayPath: name)
        #expect(lazy.diagnostics == result.diagnostics)
        #expect(lazy.declarations?.declarations.map(\.resolvedValue) == result.declarations?.declarations.map(\.resolvedValue))
        if let expected = Self.manifestValues[name], Self.syntaxErrors[name] == nil {
            #expect(result.declarations?.declarations.map(\.rawValue) == expected)
        }
    }

    /// Files that are not valid property lists: where the one `plist-syntax` error stands.
    static let syntaxErrors: [String: (line: Int, column: Int)] = [
        // C-preprocessor lines between dict entries (Xcode's INFOPLIST_PREPROCESS input): at the `#`.
        "017_ownCloud_Info.plist": (78, 2),
        // A symlink's target path (plain text): at the first character.
        "078_Kiwix_PrivacyInfo_symlink.plist": (1, 1),
        // OpenStep text (read since the OpenStep reader; 077 is valid OpenStep and is read):
        // an unquoted string may not contain 'ク' (CF and openstep_plist refuse it too).
        "095_ddplist_ascii_utf8_bom.plist": (7, 19),
        "083_libplist_amp.plist": (3, 18),
        "089_libplist_invalid_tag.plist": (3, 14),
        "094_ddplist_issue76_bad_integer.plist": (6, 3),
        "101_rustplist_xml_error.plist": (17, 2),
        "102_patsplat_commented.plist": (3, 1),
        "103_plistjs_sample_malformed.plist": (8, 2),
    ]

    @Test(arguments: syntaxErrors.keys.sorted())
    func malformedFilesGetOnePreciseSyntaxError(name: String) throws {
        let result = try validate(name)
        #expect(result.declarations == nil)
        #expect(result.diagnostics.map(\.rule) == [.plistSyntax])
        let location = result.diagnostics.first?.location
        #expect(location?.line == Self.syntaxErrors[name]?.line)
        #expect(location?.column == Self.syntaxErrors[name]?.column)
    }

    @Test func everyOtherFileIsRead() throws {
        for name in Self.files where Self.syntaxErrors[name] == nil {
            #expect(try validate(name).declarations != nil, "\(name)")
        }
    }

    @Test(arguments: [
        ("013_FirefoxFocus_Blockzilla_Info.plist", Diagnostic.Rule.activityTypesNotArray),
        ("070_NetNewsWire_GlobalKeyboardShortcuts.plist", .activityTypesMissing),
        ("076_BlueWallet_IDEFindNavigatorScopes.plist", .activityTypesMissing),
        ("069_WordPress_Info_old.plist", .activityTypesMissing),
        ("080_MAUI_BugSweeper_iOS_Info_CRLF.plist", .activityTypesMissing),
    ])
    func shapeFindings(name: String, rule: Diagnostic.Rule) throws {
        let result = try validate(name)
        #expect(result.diagnostics.map(\.rule) == [rule])
    }

    @Test func bareNamesAreFormatWarnings() throws {
        let netNewsWire = try validate("002_NetNewsWire_Mac_Info.plist")
        #expect(netNewsWire.diagnostics.map(\.rule) == [.activityTypeFormat])
        #expect(netNewsWire.diagnostics.first?.message.hasPrefix("'ReadArticle' is neither") == true)
        let flutter = try validate("107_FlutterAppIntents_counter_Runner_Info.plist")
        #expect(flutter.diagnostics.filter { $0.rule == .activityTypeFormat }.count == 3)
    }

    @Test func intentNamesSystemTypesAndReverseDNSAreClean() throws {
        for name in ["008_HomeAssistant_App_Info.plist", "010_WaterMe_Info.plist", "037_sindresorhus_Actions_iOS_Info.plist",
                     "049_Xamarin_SoupChef_Info.plist", "105_OneBusAway_Watch_AppInfo.plist", "111_AppleSample_TripPlanner_Info.plist"] {
            let result = try validate(name)
            #expect(result.diagnostics.filter { $0.severity != .note }.isEmpty, "\(name): \(result.diagnostics)")
        }
        let homeAssistant = try validate("008_HomeAssistant_App_Info.plist")
        #expect(homeAssistant.declarations?.declarations.first?.systemType == .spotlightItem)
    }

    @Test(arguments: ["043_Expo_boilerplate_Info.plist", "113_CareCompanion_Expo_Info.plist"])
    func bundleIdentifierReferences(name: String) throws {
        let unresolved = try validate(name)
        #expect(unresolved.diagnostics.map(\.rule) == [.activityTypeUnresolvedVariable])
        #expect(unresolved.declarations?.resolvedTypes == [])

        let resolved = try validate(name, defines: ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.care"])
        #expect(resolved.diagnostics.isEmpty)
        #expect(resolved.declarations?.resolvedTypes == ["com.example.care.expo.index_route"])
        #expect(resolved.declarations?.declares("com.example.care.expo.index_route") == true)
    }

    @Test func aBinaryInfoPlistIsReadNotRejected() throws {
        let result = try validate("079_RocketChat_Fabric_binary_Info.plist")
        #expect(!result.diagnostics.contains { $0.rule == .plistSyntax }, "\(result.diagnostics)")
        #expect(result.declarations?.shape == .missing)
        #expect(result.diagnostics.map(\.location) == [Diagnostics.SourceLocation(file: "079_RocketChat_Fabric_binary_Info.plist", line: 1, column: 1)])
    }
}
