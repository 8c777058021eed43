import Diagnostics
import Foundation
import Testing
import ActivityBridge
import ActivityKit
import Hairdressers
import IntentKit
import PropertyList
import WalkMate
import TestSupport

/// The sample apps' intent registries, built over throwaway stores.
final class SampleRegistries {
    let directory: URL
    let walkMate: WalkMateApp
    let hairdressers: IntentRegistry

    init(platform: Platform = .iOS27) throws {
        directory = try TemporaryDirectory.create("bridge-registries")
        let declarations = ActivityTypeDeclarations(
            document: try PropertyListReader().read(contentsOf: BridgeFixtures.path("Plists/WalkMate-Info.plist")))
        walkMate = try WalkMateApp(storePath: directory.appendingPathComponent("walkmate.sqlite").path, platform: platform,
                                   declarations: declarations)
        hairdressers = IntentRegistry(platform: platform)
        try HairdressersIntents.register(in: hairdressers, hairdressers: { [] }, open: { _ in })
    }

    deinit {
        walkMate.close()
        try? FileManager.default.removeItem(at: directory)
    }

    var walkMateCatalog: IntentCatalog { IntentCatalog(registry: walkMate.registry) }
}

@Suite("Bridge manifest: checked against the app's intents")
struct ManifestCheckerTests {
    @Test func bothSampleManifestsMatchTheirApps() throws {
        let registries = try SampleRegistries()
        let walkMate = try BridgeManifestLoader.load(
            contentsOf: BridgeFixtures.path("Plists/WalkMate-Bridge.plist"), catalog: registries.walkMateCatalog)
        #expect(walkMate.warnings.isEmpty, "\(walkMate.warnings)")
        let hairdressers = try BridgeManifestLoader.load(
            contentsOf: BridgeFixtures.path("Plists/Hairdressers-Bridge.plist"), catalog: IntentCatalog(registry: registries.hairdressers))
        #expect(hairdressers.warnings.isEmpty, "\(hairdressers.warnings)")
    }

    @Test func theCatalogSeesIntentsNewerThanThePlatform() throws {
        let registries = try SampleRegistries(platform: .iOS18)
        let catalog = registries.walkMateCatalog
        #expect(catalog.intent(named: "OpenWalkMatePlaceIntent")?.availability == .iOS27)
        #expect(registries.walkMate.registry.platform == .iOS18, "the registry's platform is restored")
        #expect(!registries.walkMate.registry.isAvailable("OpenWalkMatePlaceIntent"))
        #expect(catalog.entityTypes.contains("WalkMatePlaceEntity"))
    }

    @Test func everyNameAndTypeMistakeIsReportedAtItsElement() throws {
        let file = "Plists/Invalid/WalkMate-Bridge-unknown-names.plist"
        let registries = try SampleRegistries()
        let manifest = try #require(try BridgeFixtures.read(file).manifest)
        let diagnostics = BridgeManifestChecker(catalog: registries.walkMateCatalog).check(manifest)
        func at(_ snippet: String, after anchor: String? = nil) throws -> Diagnostics.SourceLocation {
            try BridgeFixtures.location(of: snippet, after: anchor, in: file)
        }
        let expected: [(Diagnostic.Severity, Diagnostic.Rule, Diagnostics.SourceLocation, String)] = try [
            (.error, .manifestPlatform, at("<string>iOS 26</string>"), "OpenWalkMatePlaceIntent needs iOS 27, but this entry applies from iOS 26"),
            (.error, .manifestUnknownUserInfoKey, at("<string>favoriteId</string>"),
             "'com.walkmate.favorite.open' declares no userInfo key 'favoriteId' (its keys: favoriteID)"),
            (.error, .manifestUnknownParameter, at("<key>animated</key>"), "ShowSavedWalkIntent has no parameter 'animated' (its parameters: walk)"),
            (.warning, .manifestUnreachableEntry, at("<string>iOS 27</string>"),
             "this entry is never chosen: the earlier entry for OpenWalkMatePlaceIntent applies from iOS 27"),
            (.error, .manifestMissingParameter, at("<string>ShowSavedWalkIntent</string>", after: "<key>com.walkmate.route.generate</key>"),
             "'com.walkmate.route.generate' gives ShowSavedWalkIntent no value for required parameter 'walk' (entity WalkMatePlaceEntity)"),
            (.error, .manifestUnknownIntent, at("<string>ShareRouteIntent</string>"), "'com.walkmate.route.share' maps to unknown intent 'ShareRouteIntent'"),
            (.error, .manifestTypeMismatch, at("<string>distanceKm</string>"),
             "userInfo 'distanceKm' is number, which cannot become parameter 'target' of OpenWalkMatePlaceIntent (entity WalkMatePlaceEntity)"),
            (.error, .manifestTypeMismatch, at("<integer>7</integer>"), "is a <integer>, which cannot become string"),
            (.warning, .manifestEntityLookup, at("<key>WalkMateRouteEntity</key>"), "the app registers no such entity type"),
        ]
        #expect(diagnostics.count == expected.count, "\(diagnostics.map(\.description))")
        for (severity, rule, location, message) in expected {
            let match = diagnostics.first { $0.location == location && $0.rule == rule }
            #expect(match?.severity == severity, "no \(severity) \(rule.rawValue) at \(location): \(diagnostics.map(\.description))")
            #expect(match?.message.contains(message) == true, "\(match?.message ?? "nothing") lacks '\(message)'")
        }
        #expect(throws: BridgeManifestError.self) {
            try BridgeManifestLoader.load(contentsOf: BridgeFixtures.path(file), catalog: registries.walkMateCatalog)
        }
    }

    // MARK: Rules over a small catalog

    static let size = IntentEnum(typeName: "Size", cases: [
        IntentEnum.Case("small", DisplayRepresentation(title: "Small")), IntentEnum.Case("large", DisplayRepresentation(title: "Large")),
    ])
    static var catalog: IntentCatalog { IntentCatalog(intents: [
        IntentCatalog.Intent(typeName: "OrderIntent", availability: Platform(16), parameters: [
            .enumeration("size", size), .integer("count", range: 1...9), .string("note", optional: true),
            .measurement("distance", unit: "km", range: 3...20, default: 5),
        ]),
    ], entityTypes: []) }

    /// One `com.example.order` entry with `body` inside its dictionary.
    static func check(_ body: String) -> [Diagnostic] {
        let source = """
            <plist version="1.0"><dict><key>app</key><string>x</string><key>activityTypes</key><dict>
            <key>com.example.order</key><dict>\(body)</dict></dict></dict></plist>
            """
        let reading = BridgeManifestReader().read(Data(source.utf8), file: "order.plist")
        guard let manifest = reading.manifest, !reading.hasErrors else { return reading.diagnostics }
        return BridgeManifestChecker(catalog: catalog).check(manifest)
    }

    @Test(arguments: [
        // A constant enum case that exists, and a whole-number count.
        ("<key>intent</key><string>OrderIntent</string><key>parameters</key><dict><key>size</key><dict><key>value</key><string>large</string></dict><key>count</key><dict><key>value</key><integer>2</integer></dict></dict>", nil),
        ("<key>intent</key><string>OrderIntent</string><key>parameters</key><dict><key>size</key><dict><key>value</key><string>huge</string></dict><key>count</key><string>n</string></dict>",
         "'huge' is none of small, large"),
        ("<key>intent</key><string>OrderIntent</string><key>parameters</key><dict><key>size</key><string>s</string><key>count</key><dict><key>value</key><real>2.5</real></dict></dict>",
         "is not a whole number"),
        ("<key>intent</key><string>OrderIntent</string><key>parameters</key><dict><key>size</key><string>s</string><key>count</key><dict><key>from</key><string>n</string><key>optional</key><true/></dict></dict>",
         "the binding of 'count' is optional, but OrderIntent needs a value for it and has no default"),
        ("<key>userInfo</key><dict><key>n</key><string>string</string><key>s</key><string>string</string></dict><key>intent</key><string>OrderIntent</string><key>parameters</key><dict><key>size</key><string>s</string><key>count</key><dict><key>from</key><string>n</string><key>type</key><string>integer</string></dict></dict>",
         "the binding reads userInfo 'n' as integer, but the userInfo shape declares it string"),
        ("<key>intent</key><string>OrderIntent</string><key>parameters</key><dict><key>size</key><dict><key>from</key><string>s</string><key>type</key><string>bool</string></dict><key>count</key><string>n</string></dict>",
         "userInfo 's' is bool, which cannot become parameter 'size' of OrderIntent (enum Size)"),
        ("<key>intent</key><string>OrderIntent</string><key>parameters</key><dict><key>count</key><string>n</string></dict>",
         "gives OrderIntent no value for required parameter 'size'"),
        // An optional distance is fine: the parameter has a default.
        ("<key>intent</key><string>OrderIntent</string><key>parameters</key><dict><key>size</key><string>s</string><key>count</key><string>n</string><key>distance</key><dict><key>from</key><string>d</string><key>optional</key><true/></dict></dict>", nil),
    ] as [(String, String?)])
    func bindingRules(body: String, message: String?) {
        let diagnostics = Self.check(body)
        if let message {
            #expect(diagnostics.count == 1 && diagnostics.first?.message.contains(message) == true, "\(diagnostics.map(\.description))")
            #expect(diagnostics.first?.severity == .error)
        } else {
            #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        }
    }
}
