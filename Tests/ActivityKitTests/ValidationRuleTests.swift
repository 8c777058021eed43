import Diagnostics
import Testing
import ActivityKit
import PropertyList
import BuildSettings

/// Which rules fire, with which severity and message, on documents built from values. Locations are
/// covered with real XML in `ValidationLocationTests`.
@Suite("Validation rules")
struct ValidationRuleTests {
    func validate(
        _ root: PropertyListValue, defines: [String: String] = [:],
        handled: [ValidationInput.HandledType]? = nil
    ) -> ValidationResult {
        let input = ValidationInput(
            path: "Info.plist", document: PropertyListDocument(root: root, format: .binary),
            defines: BuildSettings(defines), handledTypes: handled)
        return ActivityTypeValidator().validate(input)
    }

    func rules(_ result: ValidationResult) -> [String] { result.diagnostics.map(\.rule.rawValue) }

    @Test func aCleanInfoPlistHasNoFindings() {
        let result = validate([
            "CoreSpotlightContinuation": true,
            "NSUserActivityTypes": ["com.example.app.open", "OrderSoupIntent", "com.apple.corespotlightquery",
                                    "NSUserActivityTypeBrowsingWeb", "$(PRODUCT_BUNDLE_IDENTIFIER).edit"],
        ], defines: ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.app"])
        #expect(result.diagnostics == [])
        #expect(result.declarations?.resolvedTypes.count == 5)
    }

    @Test func missingKeyIsANoteAtTheTopOfABinaryFile() {
        let result = validate(["CFBundleName": "App"])
        #expect(result.diagnostics.map(\.description) == [
            "Info.plist:1:1: note: no NSUserActivityTypes key: the app declares no activity types, so only system activity types can be continued in it [activity-types-missing]",
        ])
        #expect(!result.hasErrors && !result.hasWarnings)
    }

    @Test func nonDictionaryRootIsANote() {
        let result = validate(["a", "b"])
        #expect(rules(result) == ["activity-types-missing"])
        #expect(result.diagnostics.first?.message == "the root is <array>, not <dict>, so it cannot declare NSUserActivityTypes")
    }

    @Test func dictionaryInsteadOfArrayIsAnError() {
        // The shape of FirefoxFocus' Info.plist in the corpus.
        let result = validate(["NSUserActivityTypes": ["openUrl": "org.mozilla.ios.Klar.openUrl"]])
        #expect(rules(result) == ["activity-types-not-array"])
        #expect(result.diagnostics.first?.severity == .error)
        // What iOS expects, what is there, and the fix: the dictionary's values as the array.
        #expect(result.diagnostics.first?.message == "NSUserActivityTypes must be an array of strings, one activity type each, but it is a <dict> holding 'openUrl', 'org.mozilla.ios.Klar.openUrl': iOS declares no activity type through it; write <array><string>org.mozilla.ios.Klar.openUrl</string></array>")
        #expect(result.declarations?.seeminglyNamedTypes == ["openUrl", "org.mozilla.ios.Klar.openUrl"])
        #expect(result.declarations?.isMalformed == true)
    }

    @Test func elementRules() {
        let result = validate(["NSUserActivityTypes": [
            7, "", "com.example. x", " com.example.x", "com.example.x\n", "ReadArticle",
            "com.example.a", "com.example.a", "$(EMPTY)", "$(ID).a",
        ]], defines: ["EMPTY": "", "ID": "com.example"])
        #expect(result.diagnostics.map { "\($0.severity.rawValue) \($0.rule.rawValue): \($0.message)" } == [
            "error activity-type-not-string: NSUserActivityTypes must be an array of strings, one activity type each, but NSUserActivityTypes[0] is an <integer>: iOS declares no activity type through it",
            "error activity-type-empty: NSUserActivityTypes[1] is an empty string",
            "error activity-type-whitespace: 'com.example. x' has inner whitespace; no activityType can match it",
            "error activity-type-whitespace: ' com.example.x' has leading whitespace; no activityType can match it",
            "error activity-type-whitespace: 'com.example.x\\n' has trailing whitespace; no activityType can match it",
            "note activity-type-format: 'ReadArticle' is neither a reverse-DNS identifier (com.example.app.action) nor an intent class name (…Intent): legal, but Apple recommends reverse-DNS",
            "warning activity-type-duplicate: 'com.example.a' repeats NSUserActivityTypes[6]",
            "error activity-type-empty: NSUserActivityTypes[8] '$(EMPTY)' expands to an empty string",
            "warning activity-type-duplicate: 'com.example.a' repeats NSUserActivityTypes[6] after expansion",
        ])
    }

    @Test func unresolvedReferencesAreWarnedOncePerReferenceAndSkipTheFormatCheck() {
        let result = validate(["NSUserActivityTypes": ["$(PRODUCT_BUNDLE_IDENTIFIER).open", "${A}${B:snake}"]])
        #expect(result.diagnostics.map(\.message) == [
            "'$(PRODUCT_BUNDLE_IDENTIFIER).open': build setting PRODUCT_BUNDLE_IDENTIFIER is not defined (pass --define PRODUCT_BUNDLE_IDENTIFIER=VALUE)",
            "'${A}${B:snake}': build setting A is not defined (pass --define A=VALUE)",
            "'${A}${B:snake}': '${B:snake}' uses the unsupported modifier 'snake'",
        ])
        #expect(result.diagnostics.allSatisfy { $0.rule == .activityTypeUnresolvedVariable && $0.severity == .warning })
    }

    @Test(arguments: [
        ("com.example.x\u{00A0}", "trailing"), ("\u{2003}com.example.x", "leading"), ("com.ex\u{3000}ample", "inner"),
        (" com.example .x\t", "leading, inner and trailing"), ("   ", "only"), ("Café.app ", "trailing"),
    ])
    func whitespaceIsPlaced(type: String, placement: String) {
        let result = validate(["NSUserActivityTypes": .array([.string(type)])])
        #expect(result.diagnostics.map(\.rule) == [.activityTypeWhitespace])
        #expect(result.diagnostics.first?.message.contains("has \(placement) whitespace") == true)
    }

    @Test func whitespaceIntroducedByADefinitionIsAnError() {
        let result = validate(["NSUserActivityTypes": ["$(ID).open"]], defines: ["ID": "com.my app"])
        #expect(result.diagnostics.map(\.message) == [
            "'com.my app.open' (expanded from '$(ID).open') has inner whitespace; no activityType can match it",
        ])
    }

    @Test func queryContinuationWithoutTheFlagIsAWarning() {
        let result = validate(["NSUserActivityTypes": ["com.apple.corespotlightquery"]])
        #expect(rules(result) == ["core-spotlight-continuation-missing"])
        #expect(result.diagnostics.first?.severity == .warning)
    }

    @Test func readerWarningsAreKept() {
        let warning = Diagnostic(.warning, .duplicateKey, "duplicate key 'A'", at: Diagnostics.SourceLocation(file: "Info.plist", line: 9, column: 2))
        let document = PropertyListDocument(root: ["NSUserActivityTypes": ["com.x.y"]], format: .xml, diagnostics: [warning])
        let result = ActivityTypeValidator().validate(ValidationInput(path: "Info.plist", document: document))
        #expect(result.diagnostics == [warning])
    }

    // MARK: - Manifest cross-check (the `--manifest` extension point)

    @Test func manifestRulesAreOffWithoutAManifest() {
        let result = validate(["NSUserActivityTypes": ["com.example.a"]])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func declaredButUnhandledAndHandledButUndeclared() {
        let manifestEntry = Diagnostics.SourceLocation(file: "Bridge.plist", line: 12, column: 5)
        let result = validate(
            ["NSUserActivityTypes": ["com.example.a", "com.example.b", "com.example.b", "$(X).c"]],
            handled: [
                .init("com.example.a"),
                .init("com.example.z", location: manifestEntry),
                .init("com.apple.corespotlightitem"),
                .init("com.apple.corespotlightquery"),
            ])
        #expect(result.diagnostics.map { "\($0.location) \($0.severity.rawValue) \($0.rule.rawValue): \($0.message)" } == [
            "Info.plist:1:1 warning activity-type-duplicate: 'com.example.b' repeats NSUserActivityTypes[1]",
            "Info.plist:1:1 warning activity-type-unresolved-variable: '$(X).c': build setting X is not defined (pass --define X=VALUE)",
            "Info.plist:1:1 warning activity-type-unhandled: 'com.example.b' is declared, but the bridge manifest handles no such type",
            "Info.plist:1:1 error activity-type-undeclared: the bridge manifest handles 'com.apple.corespotlightquery', but the Info.plist does not set CoreSpotlightContinuation to <true/>, so it is never delivered",
            "Bridge.plist:12:5 error activity-type-undeclared: the bridge manifest handles 'com.example.z', but NSUserActivityTypes does not declare it, so it is never delivered",
        ])
    }

    @Test func everyRuleHasACatalogueEntry() {
        let ids = ValidationRules.all.map(\.id.rawValue)
        #expect(Set(ids).count == ids.count)
        #expect(ids.prefix(12) == [
            "plist-syntax", "duplicate-key", "activity-types-missing", "activity-types-not-array",
            "activity-type-not-string", "activity-type-empty", "activity-type-whitespace", "activity-type-duplicate",
            "activity-type-unresolved-variable", "activity-type-format", "activity-type-unhandled", "activity-type-undeclared",
        ])
        #expect(ValidationRules.named(.activityTypeUndeclared)?.severity == .error)
        #expect(ValidationRules.named(.activityTypesMissing)?.severity == .note)
    }
}
