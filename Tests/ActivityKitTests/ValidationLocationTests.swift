import Diagnostics
import Foundation
import Testing
import ActivityKit
import PropertyList
import TestSupport
import BuildSettings

extension MarkedText {
    /// Where `marker` stood, as the location a diagnostic in `file` has.
    func location(_ marker: String, file: String = "Info.plist") -> Diagnostics.SourceLocation? {
        position(marker).map { Diagnostics.SourceLocation(file: file, line: $0.line, column: $0.column) }
    }
}

/// Every rule's line AND column on real XML read by the libxml2 reader.
@Suite("Validation locations")
struct ValidationLocationTests {
    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>

        """
    }

    func validate(_ marked: MarkedText, defines: [String: String] = [:], handled: [ValidationInput.HandledType]? = nil) -> ValidationResult {
        ActivityTypeValidator().validate(Data(marked.text.utf8), file: "Info.plist", defines: BuildSettings(defines), handledTypes: handled)
    }

    /// The one diagnostic of `rule`, which must stand at `marker`.
    func expect(_ rule: Diagnostic.Rule, at marker: String, in marked: MarkedText, _ result: ValidationResult,
                _ testLocation: Testing.SourceLocation = #_sourceLocation) {
        let found = result.diagnostics.filter { $0.rule == rule }
        #expect(found.count == 1, "\(rule.rawValue): \(result.diagnostics)", sourceLocation: testLocation)
        #expect(found.first?.location == marked.location(marker), "\(rule.rawValue)", sourceLocation: testLocation)
    }

    @Test func missingKeyPointsAtTheRootDict() {
        let marked = MarkedText(Self.plist("1️⃣<dict>\n\t<key>CFBundleName</key>\n\t<string>Walk Mate</string>\n</dict>"))
        let result = validate(marked)
        expect(.activityTypesMissing, at: "1️⃣", in: marked, result)
        #expect(result.diagnostics.count == 1)
    }

    @Test func notArrayPointsAtTheValue() {
        let marked = MarkedText(Self.plist("""
            <dict>
            \t<key>NSUserActivityTypes</key>
            \t1️⃣<dict>
            \t\t<key>openUrl</key>
            \t\t<string>org.mozilla.ios.Klar.openUrl</string>
            \t</dict>
            </dict>
            """))
        expect(.activityTypesNotArray, at: "1️⃣", in: marked, validate(marked))
    }

    @Test func elementRulesPointAtTheirElement() {
        let marked = MarkedText(Self.plist("""
            <dict>
              <key>NSUserActivityTypes</key>
              <array>
                1️⃣<integer>3</integer>
                2️⃣<string/>
                <string>com.example.a</string>   3️⃣<string>com.é.b c</string>
            \t4️⃣<string>com.example.a</string>
                  5️⃣<string>$(NOPE).x</string>
                6️⃣<string>ReadArticle</string>
              </array>
            </dict>
            """))
        let result = validate(marked)
        expect(.activityTypeNotString, at: "1️⃣", in: marked, result)
        expect(.activityTypeEmpty, at: "2️⃣", in: marked, result)
        expect(.activityTypeWhitespace, at: "3️⃣", in: marked, result)
        expect(.activityTypeDuplicate, at: "4️⃣", in: marked, result)
        expect(.activityTypeUnresolvedVariable, at: "5️⃣", in: marked, result)
        expect(.activityTypeFormat, at: "6️⃣", in: marked, result)
        #expect(result.diagnostics.count == 6)
        // Diagnostics come in source order.
        #expect(result.diagnostics.map(\.location.line) == result.diagnostics.map(\.location.line).sorted())
        // The duplicate names the line of the first occurrence.
        let duplicate = result.diagnostics.first { $0.rule == .activityTypeDuplicate }
        #expect(duplicate?.message == "'com.example.a' repeats NSUserActivityTypes[2] (line 9)")
    }

    @Test func activityTypesRecordValueAndLocation() {
        let marked = MarkedText(Self.plist("""
            <dict>
            \t<key>NSUserActivityTypes</key>
            \t<array>
            \t\t1️⃣<string>$(PRODUCT_BUNDLE_IDENTIFIER).open</string>
            \t\t2️⃣<string>StartWalkIntent</string>
            \t</array>
            </dict>
            """))
        let result = validate(marked, defines: ["PRODUCT_BUNDLE_IDENTIFIER": "com.walkmate"])
        #expect(result.diagnostics.isEmpty)
        let declarations = result.declarations?.declarations ?? []
        #expect(declarations.map(\.rawValue) == ["$(PRODUCT_BUNDLE_IDENTIFIER).open", "StartWalkIntent"])
        #expect(declarations.map(\.resolvedValue) == ["com.walkmate.open", "StartWalkIntent"])
        #expect(declarations.map(\.location) == [marked.location("1️⃣"), marked.location("2️⃣")])
    }

    @Test func duplicateKeyPointsAtTheRepeatedKey() {
        let marked = MarkedText(Self.plist("""
            <dict>
            \t<key>NSUserActivityTypes</key>
            \t<array><string>com.example.a</string></array>
            \t1️⃣<key>NSUserActivityTypes</key>
            \t<array><string>com.example.b</string></array>
            </dict>
            """))
        let result = validate(marked)
        expect(.duplicateKey, at: "1️⃣", in: marked, result)
        #expect(result.declarations?.resolvedTypes == ["com.example.b"], "the last value wins")
    }

    @Test func queryContinuationWarningPointsAtTheString() {
        let marked = MarkedText(Self.plist("""
            <dict>
            \t<key>CoreSpotlightContinuation</key>
            \t<false/>
            \t<key>NSUserActivityTypes</key>
            \t<array>
            \t\t1️⃣<string>com.apple.corespotlightquery</string>
            \t</array>
            </dict>
            """))
        expect(.coreSpotlightContinuationMissing, at: "1️⃣", in: marked, validate(marked))
    }

    @Test func manifestRulesPointAtTheStringAndTheManifestEntry() {
        let marked = MarkedText(Self.plist("""
            <dict>
            \t<key>NSUserActivityTypes</key>
            \t2️⃣<array>
            \t\t1️⃣<string>com.example.unhandled</string>
            \t</array>
            </dict>
            """))
        let entry = Diagnostics.SourceLocation(file: "Bridge.plist", line: 7, column: 9)
        let result = validate(marked, handled: [.init("com.example.undeclared", location: entry), .init("com.example.other")])
        expect(.activityTypeUnhandled, at: "1️⃣", in: marked, result)
        let undeclared = result.diagnostics.filter { $0.rule == .activityTypeUndeclared }.map(\.location)
        // With a manifest location the error points there; without one, at the <array>.
        #expect(undeclared == [marked.location("2️⃣"), entry])
    }

    @Test func syntaxErrorsKeepTheReadersLocation() {
        let marked = MarkedText(Self.plist("<dict>\n\t<key>NSUserActivityTypes</key>\n\t<array>\n\t\t<string>a.b</strin>\n\t</array>\n</dict>"))
        let result = validate(marked)
        #expect(result.declarations == nil)
        let syntax = result.diagnostics.filter { $0.rule == .plistSyntax }
        #expect(syntax.count == 1)
        #expect(syntax.first?.severity == .error)
        #expect(syntax.first?.location.line == 7)
        #expect(syntax.first?.location.column == 14, "the < of the mismatched end tag")
        // Exactly what the reader reports, passed through unchanged.
        let reader = PropertyListReader(options: .init(recordLocations: true))
        let direct = Result { () throws(PropertyListReadError) in try reader.read(Data(marked.text.utf8), file: "Info.plist") }
        guard case let .failure(.invalid(error, _)) = direct else {
            Issue.record("the reader accepted a mismatched tag")
            return
        }
        #expect(syntax.first == error)
    }
}
