import Testing
@testable import BuildSettings

@Suite("Build-setting expansion")
struct BuildSettingExpansionTests {
    let settings = BuildSettings([
        "PRODUCT_BUNDLE_IDENTIFIER": "com.walkmate",
        "PRODUCT_NAME": "Walk Mate_2",
        "CONFIGURATION": "Debug",
        "ID_Debug": "com.walkmate.debug",
        "NESTED": "$(PRODUCT_BUNDLE_IDENTIFIER).nested",
        "EMPTY": "",
        "LOOP_A": "$(LOOP_B)",
        "LOOP_B": "x.$(LOOP_A)",
        "SELF": "$(SELF)",
        "DIGITS": "3d Touch",
        "UNICODE": "Café Übung",
    ])

    @Test(arguments: [
        ("com.example.plain", "com.example.plain"),
        ("$(PRODUCT_BUNDLE_IDENTIFIER).open", "com.walkmate.open"),
        ("${PRODUCT_BUNDLE_IDENTIFIER}.open", "com.walkmate.open"),
        ("$(PRODUCT_BUNDLE_IDENTIFIER)$(EMPTY).x", "com.walkmate.x"),
        ("a.$(NESTED)", "a.com.walkmate.nested"),
        ("$(ID_$(CONFIGURATION)).open", "com.walkmate.debug.open"),
        ("${ID_$(CONFIGURATION)}", "com.walkmate.debug"),
        ("price $5 and $ alone", "price $5 and $ alone"),
        ("trailing $", "trailing $"),
    ])
    func expandsReferences(text: String, expected: String) {
        let expansion = settings.expand(text)
        #expect(expansion.value == expected)
        #expect(expansion.isResolved)
    }

    @Test(arguments: [
        ("$(PRODUCT_NAME:rfc1034identifier)", "Walk-Mate-2"),
        ("$(PRODUCT_NAME:identifier)", "Walk_Mate_2"),
        ("$(DIGITS:identifier)", "_3d_Touch"),
        ("$(UNICODE:identifier)", "Caf___bung"),
        ("$(UNICODE:c99extidentifier)", "Café_Übung"),
        ("$(UNICODE:rfc1034identifier)", "Caf---bung"),
        ("$(PRODUCT_NAME:lower)", "walk mate_2"),
        ("$(PRODUCT_NAME:upper)", "WALK MATE_2"),
        ("$(PRODUCT_NAME:lower:rfc1034identifier)", "walk-mate-2"),
        ("${PRODUCT_NAME:rfc1034identifier}", "Walk-Mate-2"),
        ("$(MISSING:default=fallback)", "fallback"),
        ("$(EMPTY:default=fallback)", "fallback"),
        ("$(CONFIGURATION:default=fallback)", "Debug"),
    ])
    func appliesModifiers(text: String, expected: String) {
        let expansion = settings.expand(text)
        #expect(expansion.value == expected)
        #expect(expansion.problems == [])
    }

    @Test func undefinedReferenceStaysAsWrittenAndIsReported() {
        let expansion = settings.expand("$(TEAM).$(PRODUCT_BUNDLE_IDENTIFIER).${OTHER:lower}")
        #expect(expansion.value == "$(TEAM).com.walkmate.${OTHER:lower}")
        #expect(expansion.problems == [
            BuildSettingProblem(.undefined, name: "TEAM", reference: "$(TEAM)"),
            BuildSettingProblem(.undefined, name: "OTHER", reference: "${OTHER:lower}"),
        ])
        #expect(!expansion.isResolved)
        #expect(expansion.problems[0].description == "build setting TEAM is not defined")
    }

    @Test func undefinedNameInsideANestedReference() {
        let expansion = settings.expand("$(ID_$(FLAVOR))")
        #expect(expansion.value == "$(ID_$(FLAVOR))")
        // The inner reference is reported, then the outer one under its partly expanded name.
        #expect(expansion.problems.map(\.kind) == [.undefined, .undefined])
        #expect(expansion.problems.map(\.name) == ["FLAVOR", "ID_$(FLAVOR)"])
    }

    @Test func unknownModifierLeavesTheReferenceUnexpanded() {
        let expansion = settings.expand("$(PRODUCT_NAME:snakecase).x")
        #expect(expansion.value == "$(PRODUCT_NAME:snakecase).x")
        #expect(expansion.problems == [
            BuildSettingProblem(.unknownModifier("snakecase"), name: "PRODUCT_NAME", reference: "$(PRODUCT_NAME:snakecase)"),
        ])
        #expect(expansion.problems[0].description == "'$(PRODUCT_NAME:snakecase)' uses the unsupported modifier 'snakecase'")
    }

    @Test func recursiveDefinitionsAreReportedNotFollowed() {
        let direct = settings.expand("$(SELF)")
        #expect(direct.value == "$(SELF)")
        #expect(direct.problems == [BuildSettingProblem(.recursive, name: "SELF", reference: "$(SELF)")])

        let indirect = settings.expand("$(LOOP_A)")
        #expect(indirect.value == "x.$(LOOP_A)")
        #expect(indirect.problems.map(\.kind) == [.recursive])
        #expect(indirect.problems.first?.name == "LOOP_A")
    }

    @Test func deepChainsStopAtTheDepthLimit() {
        var definitions: [String: String] = [:]
        for level in 0..<200 { definitions["L\(level)"] = "$(L\(level + 1))" }
        definitions["L200"] = "end"
        let expansion = BuildSettings(definitions).expand("$(L0)")
        #expect(expansion.problems.map(\.kind) == [.recursive])
    }

    @Test(arguments: ["$(PRODUCT_NAME", "a.${X", "$(A_$(B)"])
    func unterminatedReference(text: String) {
        let expansion = settings.expand(text)
        #expect(expansion.value == text)
        #expect(expansion.problems.map(\.kind) == [.unterminated])
    }

    @Test func emptyReferenceNamesNoSetting() {
        let expansion = settings.expand("$()")
        #expect(expansion.value == "$()")
        #expect(expansion.problems.first?.description == "'$()' names no build setting")
    }

    @Test(arguments: [
        ("NAME=value", "NAME", "value"),
        ("NAME=", "NAME", ""),
        ("_A1=x=y", "_A1", "x=y"),
    ])
    func parsesDefinitions(text: String, name: String, value: String) {
        let parsed = BuildSettings.parseDefinition(text)
        #expect(parsed?.name == name)
        #expect(parsed?.value == value)
    }

    @Test(arguments: ["NAME", "=value", "1NAME=x", "NA-ME=x", "NAME X=y", ""])
    func rejectsMalformedDefinitions(text: String) {
        #expect(BuildSettings.parseDefinition(text) == nil)
    }

    static let paths = BuildSettings([
        "FILE": "Sources/App/Info.plist",
        "ARCHIVE": "pkg/lib.tar.gz",
        "BARE_NAME": "README",
        "HIDDEN": "dir/.env",
        "FOLDER": "a/b/",
        "MESSY": "/tmp//a/./b/../c/",
        "RELATIVE": "../x/./y/../z",
        "SPACED": "My App's \"Files\" $HOME",
    ])

    @Test(arguments: [
        ("$(FILE:dir)", "Sources/App/"),
        ("$(BARE_NAME:dir)", "./"),
        ("$(FILE:file)", "Info.plist"),
        ("$(FOLDER:file)", "b"),
        ("$(FILE:base)", "Info"),
        ("$(ARCHIVE:base)", "lib.tar"),
        ("$(FILE:suffix)", ".plist"),
        ("$(ARCHIVE:suffix)", ".gz"),
        ("$(BARE_NAME:suffix)", ""),
        ("$(HIDDEN:suffix)", ""),
        ("$(HIDDEN:base)", ".env"),
        ("$(MESSY:standardizepath)", "/tmp/a/c"),
        ("$(RELATIVE:standardizepath)", "../x/z"),
        ("$(FILE:dir:standardizepath)", "Sources/App"),
        ("$(FILE:file:base:upper)", "INFO"),
        ("$(SPACED:quote)", "My\\ App\\'s\\ \\\"Files\\\"\\ \\$HOME"),
        ("$(BARE_NAME:quote)", "README"),
    ])
    func pathAndQuoteOperators(text: String, expected: String) {
        let expansion = Self.paths.expand(text)
        #expect(expansion.value == expected)
        #expect(expansion.problems == [])
    }

    @Test func undefinedCanExpandToEmptyWhenTheCallerAsks() {
        let xcode = settings.expand("$(TEAM).$(PRODUCT_BUNDLE_IDENTIFIER).${OTHER:lower}", options: .xcode)
        #expect(xcode.value == ".com.walkmate.")
        #expect(xcode.problems.map(\.name) == ["TEAM", "OTHER"])
        #expect(xcode.problems.map(\.kind) == [.undefined, .undefined])
        // Recursion gives empty too; a malformed reference stays as written either way.
        #expect(settings.expand("<$(SELF)>", options: .xcode).value == "<>")
        #expect(settings.expand("$(PRODUCT_NAME:snakecase)", options: .xcode).value == "$(PRODUCT_NAME:snakecase)")
        #expect(settings.expand("$(PRODUCT_NAME", options: .xcode).value == "$(PRODUCT_NAME")
    }

    @Test func bareReferencesOnlyWhenEnabled() {
        let bare = BuildSettingExpansionOptions(undefinedExpandToEmpty: false, expandsBareReferences: true)
        #expect(settings.expand("$CONFIGURATION/$PRODUCT_BUNDLE_IDENTIFIER.x", options: bare).value == "Debug/com.walkmate.x")
        #expect(settings.expand("$CONFIGURATION", options: .keepingUnresolved).value == "$CONFIGURATION")
        #expect(settings.expand("price $5 and $ alone", options: .xcode).value == "price $5 and $ alone")
        let missing = settings.expand("$MISSING_1-", options: bare)
        #expect(missing.value == "$MISSING_1-")
        #expect(missing.problems == [BuildSettingProblem(.undefined, name: "MISSING_1", reference: "$MISSING_1")])
    }

    @Test("in an Info.plist, a bare $name that names no setting stays as written (NSExtensionActivationRule variables)")
    func infoPlistKeepsUndefinedBareReferences() {
        let rule = "SUBQUERY(extensionItems, $extensionItem, $extensionItem.attachments.@count >= 1).@count == 1"
        let expansion = settings.expand(rule, options: .infoPlist)
        #expect(expansion.value == rule)
        #expect(expansion.problems.isEmpty)
        // A defined bare name is still expanded, and parenthesised references still report what is undefined.
        #expect(settings.expand("$CONFIGURATION $(MISSING)", options: .infoPlist).value == "Debug ")
        #expect(settings.expand("$(MISSING)", options: .infoPlist).problems.map(\.name) == ["MISSING"])
        // Project settings (xcconfig) keep Xcode's rule: an undefined bare name is empty.
        #expect(settings.expand("$extensionItem", options: .xcode).value == "")
    }

    @Test func inheritedInADefineHasNothingBelow() {
        let expansion = BuildSettings(["FLAGS": "$(inherited) -x"]).expand("$(FLAGS)")
        #expect(expansion.value == " -x")
        #expect(expansion.isResolved)
    }
}
