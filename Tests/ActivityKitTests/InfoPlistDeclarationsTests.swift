import Diagnostics
import Testing
import ActivityKit
import PropertyList
import BuildSettings

/// The declarations model the continuation engine reads, built from values (no XML needed).
@Suite("Info.plist activity declarations")
struct InfoPlistDeclarationsTests {
    let settings = BuildSettings(["PRODUCT_BUNDLE_IDENTIFIER": "com.walkmate"])

    @Test func expandsAndListsDeclaredTypes() {
        let root: PropertyListValue = [
            "CFBundleName": "Walk Mate",
            "NSUserActivityTypes": ["$(PRODUCT_BUNDLE_IDENTIFIER).open", "com.walkmate.open", "StartWalkIntent", "$(TEAM).x"],
        ]
        let declared = ActivityTypeDeclarations(root: root, defines: settings)
        #expect(declared.shape == .array)
        #expect(declared.declarations.map(\.rawValue) == ["$(PRODUCT_BUNDLE_IDENTIFIER).open", "com.walkmate.open", "StartWalkIntent", "$(TEAM).x"])
        #expect(declared.declarations.map(\.resolvedValue) == ["com.walkmate.open", "com.walkmate.open", "StartWalkIntent", "$(TEAM).x"])
        // Each type once, unresolved ones left out.
        #expect(declared.resolvedTypes == ["com.walkmate.open", "StartWalkIntent"])
        #expect(declared.declares("com.walkmate.open"))
        #expect(declared.declares("StartWalkIntent"))
        #expect(!declared.declares("$(TEAM).x"))
        #expect(!declared.declares("com.walkmate.OPEN"))
        #expect(declared.declaration(of: "com.walkmate.open")?.index == 0)
        // Values built without a reader carry no locations.
        #expect(declared.declarations.allSatisfy { $0.location == nil })
    }

    @Test func withoutDefinitionsReferencesStayUnresolved() {
        let declared = ActivityTypeDeclarations(root: ["NSUserActivityTypes": ["$(PRODUCT_BUNDLE_IDENTIFIER).open"]])
        #expect(declared.resolvedTypes == [])
        #expect(declared.declarations.first?.isResolved == false)
        #expect(declared.declarations.first?.expansion?.problems.map(\.name) == ["PRODUCT_BUNDLE_IDENTIFIER"])
    }

    @Test func systemTypesAreContinuedWithoutDeclaration() {
        let plain = ActivityTypeDeclarations(root: ["NSUserActivityTypes": ["com.example.a"]])
        #expect(plain.canContinue("com.example.a"))
        #expect(!plain.canContinue("com.example.b"))
        #expect(plain.canContinue("com.apple.corespotlightitem"))
        #expect(plain.canContinue("NSUserActivityTypeBrowsingWeb"))
        // Query continuation needs the Info.plist flag, declared or not.
        #expect(!plain.supportsCoreSpotlightContinuation)
        #expect(!plain.canContinue("com.apple.corespotlightquery"))

        let withFlag = ActivityTypeDeclarations(root: ["CoreSpotlightContinuation": true])
        #expect(withFlag.supportsCoreSpotlightContinuation)
        #expect(withFlag.canContinue("com.apple.corespotlightquery"))
        #expect(withFlag.shape == .missing)

        let stringFlag = ActivityTypeDeclarations(root: ["CoreSpotlightContinuation": "YES"])
        #expect(!stringFlag.supportsCoreSpotlightContinuation, "only <true/> turns it on")
    }

    @Test(arguments: [
        ("com.apple.corespotlightitem", SystemActivityType.spotlightItem),
        ("com.apple.corespotlightquery", .spotlightQuery),
        ("NSUserActivityTypeBrowsingWeb", .browsingWeb),
    ])
    func systemActivityTypesAreKnownByName(name: String, expected: SystemActivityType) {
        #expect(SystemActivityType(rawValue: name) == expected)
        #expect(expected.requiresWebpageURL == (expected == .browsingWeb))
        #expect(expected.requiresCoreSpotlightContinuation == (expected == .spotlightQuery))
    }

    @Test func systemTypePayloadKeys() {
        #expect(SystemActivityType.spotlightItem.requiredUserInfoKey == "kCSSearchableItemActivityIdentifier")
        #expect(SystemActivityType.spotlightQuery.requiredUserInfoKey == "kCSSearchQueryString")
        #expect(SystemActivityType.browsingWeb.requiredUserInfoKey == nil)
        #expect(SystemActivityType(rawValue: "com.apple.CoreSpotlightItem") == nil, "names are case-sensitive")
        let declared = ActivityTypeDeclarations(root: ["NSUserActivityTypes": ["com.apple.corespotlightitem"]])
        #expect(declared.declarations.first?.systemType == .spotlightItem)
    }

    @Test(arguments: [
        (PropertyListValue.dictionary(["eraseAndOpen": "org.mozilla.ios.Klar.eraseAndOpen"]), "dict"),
        (.string("com.example.a"), "string"),
        (.bool(true), "bool"),
    ])
    func aValueThatIsNotAnArrayDeclaresNothing(value: PropertyListValue, kind: String) {
        let declared = ActivityTypeDeclarations(root: ["NSUserActivityTypes": value])
        #expect(declared.shape == .notArray(kind: kind))
        #expect(declared.declarations.isEmpty)
        #expect(!declared.declares("com.example.a"))
    }

    @Test func aRootThatIsNotADictionaryDeclaresNothing() {
        let declared = ActivityTypeDeclarations(root: ["NSUserActivityTypes", "com.example.a"])
        #expect(declared.shape == .rootNotDictionary(kind: "array"))
        #expect(declared.resolvedTypes.isEmpty)
    }

    @Test func nonStringElementsAreKeptButNeverDeclared() {
        let declared = ActivityTypeDeclarations(root: ["NSUserActivityTypes": [42, "com.example.a", ["nested"]]])
        #expect(declared.declarations.map(\.element.kindName) == ["integer", "string", "array"])
        #expect(declared.declarations.map(\.rawValue) == [nil, "com.example.a", nil])
        #expect(declared.resolvedTypes == ["com.example.a"])
    }

    @Test(arguments: [
        ("com.example.app.open", ActivityTypeFormat.reverseDNS),
        ("org.videolan.vlc-ios.playing", .reverseDNS),
        ("org.onebusaway.iphone.user_activity.stop", .reverseDNS),
        ("app.ish", .reverseDNS),
        ("INSendMessageIntent", .intentClassName),
        ("ReloadWidgetsAppIntent", .intentClassName),
        ("IntentIntent", .intentClassName),
        ("NSUserActivityTypeBrowsingWeb", .system(.browsingWeb)),
        ("com.apple.corespotlightquery", .system(.spotlightQuery)),
    ])
    func classifiesWellFormedTypes(type: String, expected: ActivityTypeFormat) {
        #expect(ActivityTypeFormat(classifying: type) == expected)
    }

    @Test(arguments: ["ReadArticle", "increment_counter", "Intent", "com.", ".com.x", "com..x", "com.ex ample", "1Intent", "Send-Intent", "café.app"])
    func rejectsOtherShapes(type: String) {
        #expect(ActivityTypeFormat(classifying: type) == nil)
    }
}
