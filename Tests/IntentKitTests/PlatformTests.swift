import Testing
@testable import IntentKit

@Suite("Platform")
struct PlatformTests {
    @Test func versionsCompareNumerically() {
        #expect(Platform.iOS18 < .iOS18_4)
        #expect(Platform.iOS18_4 < .iOS26)
        #expect(Platform.iOS26 < .iOS26_4)
        #expect(Platform.iOS26_4 < .iOS27)
        #expect(Platform(18, 10) > Platform(18, 4))   // numeric, not textual
        #expect(Platform.iOS27.supports(.iOS26_4))
        #expect(!Platform.iOS26.supports(.iOS26_4))
    }

    @Test(arguments: [
        ("iOS 27", Platform(27)), ("iOS 26.4", Platform(26, 4)), ("ios 18.4.1", Platform(18, 4, 1)),
        ("18", Platform(18)), ("  iOS 26 ", Platform(26)),
    ])
    func parsesScriptForms(_ text: String, _ expected: Platform) {
        #expect(Platform(parsing: text) == expected)
    }

    @Test(arguments: ["", "iOS", "macOS 27", "iOS 27.", "iOS -1", "iOS 27.x", "iOS 1.2.3.4", "iOS 99999"])
    func rejectsMalformedVersions(_ text: String) {
        #expect(Platform(parsing: text) == nil)
    }

    @Test func describesLikeScripts() {
        #expect(Platform.iOS27.description == "iOS 27")
        #expect(Platform.iOS26_4.description == "iOS 26.4")
        #expect(Platform(18, 0, 2).description == "iOS 18.0.2")
        #expect(Platform(parsing: Platform.iOS18_4.description) == .iOS18_4)
    }
}

@Suite("Text folding")
struct TextFoldingTests {
    @Test func foldsCaseAndDiacritics() {
        #expect(TextFolding.fold("Zürich Café") == "zurich cafe")
        #expect(TextFolding.fold("RIVERSIDE Loop") == "riverside loop")
        #expect(TextFolding.fold("Ærø") == TextFolding.fold("ærø"))
    }

    @Test func containsIgnoresCaseAndDiacritics() {
        #expect("Café Zürich".foldedContains("zuri"))
        #expect("Park North".foldedContains("PARK"))
        #expect("Crème Brûlée".foldedContains("brulee"))
        #expect(!"Park North".foldedContains("south"))
    }

    @Test func emptyFragmentMatchesNothing() {
        #expect(!"Berlin".foldedContains(""))
        #expect(!"Berlin".foldedContains("   "))
    }

    @Test func fragmentLongerThanTextDoesNotMatch() {
        #expect(!"Be".foldedContains("Berlin"))
    }
}
