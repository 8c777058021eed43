import Foundation
import Testing
import ActivityBridge
import ActivityKit
import PropertyList
import TestSupport

@Suite("Continuation bridge: mapped continuations become intents")
struct BridgeContinuationTests {
    static let berlin = "6F1C2A44-0B7E-4C1E-9E3A-1B2C3D4E5F60"

    static func script(_ app: String, platform: String = "iOS 27", launched: Bool = true, _ steps: [PropertyListValue]) throws -> ReplayScript {
        try ReplayScript(root: ["name": "bridge test", "app": .string(app), "platform": .string(platform),
                                "launched": .bool(launched), "steps": .array(steps)], file: "test.plist")
    }

    static let addBerlin: PropertyListValue = ["do": "addFavorite", "name": "Berlin", "latitude": 52.52, "longitude": 13.405, "id": .string(berlin)]

    static func open(_ id: String = berlin) -> PropertyListValue {
        ["do": "continue", "activity": ["activityType": "com.walkmate.favorite.open", "userInfo": ["favoriteID": .string(id)]]]
    }

    static func generate(_ distance: PropertyListValue?) -> PropertyListValue {
        ["do": "continue", "activity": ["activityType": "com.walkmate.route.generate",
                                        "userInfo": .dictionary(distance.map { ["distanceKm": $0] } ?? [:])]]
    }

    /// Runs `script` both ways; the state must agree (minus `lastIntent`) after every step.
    static func both(_ script: ReplayScript, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (legacy: BridgeReplay.Run, bridged: BridgeReplay.Run) {
        let legacy = try BridgeReplay.run(script, bridge: false)
        let bridged = try BridgeReplay.run(script, bridge: true)
        #expect(legacy.error == nil && bridged.error == nil, "\(legacy.error ?? "") \(bridged.error ?? "")", sourceLocation: sourceLocation)
        #expect(BridgeReplay.comparable(legacy.results) == BridgeReplay.comparable(bridged.results), sourceLocation: sourceLocation)
        #expect(legacy.snapshots.map(BridgeReplay.withoutLastIntent) == bridged.snapshots.map(BridgeReplay.withoutLastIntent),
                sourceLocation: sourceLocation)
        return (legacy, bridged)
    }

    @Test func aDeletedFavoriteOpensTheListThroughTheFallbackIntent() throws {
        let (legacy, bridged) = try Self.both(Self.script("walkmate", [Self.addBerlin, ["do": "deleteFavorite", "name": "Berlin"], Self.open()]))
        #expect(bridged.results.last?["outcome"] == "handled")
        #expect(bridged.snapshots.last?["screen"] == "favorites")
        #expect(bridged.bridgedIntents == ["SearchFavoritesIntent"])
        #expect(bridged.snapshots.last?["lastIntent"] == "SearchFavoritesIntent")
        #expect(legacy.snapshots.last?["lastIntent"] == nil)
    }

    @Test(arguments: [("iOS 27", "OpenWalkMatePlaceIntent"), ("iOS 26.4", "ShowSavedWalkIntent"), ("iOS 18", "ShowSavedWalkIntent")])
    func thePlatformChoosesTheIntent(platform: String, intent: String) throws {
        let (_, bridged) = try Self.both(Self.script("walkmate", platform: platform, [Self.addBerlin, Self.open()]))
        #expect(bridged.snapshots.last?["map.favorite"] == "Berlin")
        #expect(bridged.bridgedIntents == [intent])
        // The bridged intent's favorite is a SyncableEntity: Siri may carry it to other devices from iOS 27.
        let synced: PropertyListValue = platform == "iOS 27" ? [["type": "WalkMatePlaceEntity", "id": .string(Self.berlin), "title": "Berlin"]] : []
        #expect(bridged.snapshots.last?["syncedEntities"] == synced)
    }

    @Test func withoutAnIntentOnThePlatformTheLegacyHandlerRuns() throws {
        let (_, bridged) = try Self.both(Self.script("walkmate", platform: "iOS 17", [Self.addBerlin, Self.open()]))
        #expect(bridged.results.last?["outcome"] == "handled")
        #expect(bridged.snapshots.last?["map.favorite"] == "Berlin")
        #expect(bridged.bridgedIntents.isEmpty && bridged.snapshots.last?["lastIntent"] == nil)
    }

    @Test func distancesAreConvertedClampedAndDefaulted() throws {
        let (_, bridged) = try Self.both(Self.script("walkmate", [
            Self.generate(25), Self.generate("7.5"), Self.generate(nil), Self.generate(1), Self.generate("far"), Self.generate(true),
        ]))
        #expect(bridged.results.map { $0["outcome"] } == ["handled", "handled", "handled", "handled", "notHandled", "notHandled"])
        #expect(bridged.results.map { $0["reason"] } == [nil, nil, nil, nil,
                                                          "GenerateRoutesIntent: userInfo 'distanceKm' is not a valid number",
                                                          "GenerateRoutesIntent: userInfo 'distanceKm' is not a valid number"])
        #expect(bridged.snapshots.map { $0["generating.distanceKm"] } == [20.0, 7.5, 5.0, 3.0, 3.0, 3.0])
        #expect(bridged.bridgedIntents == Array(repeating: "GenerateRoutesIntent", count: 4))
    }

    @Test func malformedIdentifiersAreNotHandledEitherWay() throws {
        let (_, bridged) = try Self.both(Self.script("walkmate", [
            Self.addBerlin, Self.open("not-a-uuid"), Self.open(" " + Self.berlin.lowercased() + " "),
            ["do": "continue", "activity": ["activityType": "com.walkmate.favorite.open", "userInfo": ["other": 1]]],
        ]))
        #expect(bridged.results.map { $0["outcome"] } == ["ok", "notHandled", "handled", "notHandled"])
        #expect(bridged.results.map { $0["reason"] } == [nil, "OpenWalkMatePlaceIntent: userInfo 'favoriteID' is not a valid uuid", nil,
                                                          "OpenWalkMatePlaceIntent: userInfo lacks 'favoriteID'"])
        #expect(bridged.snapshots.last?["map.favorite"] == "Berlin")
    }

    @Test func storedDonationsDeliverOnlyTheirRequiredKeys() throws {
        let booking: PropertyListValue = [
            "activityType": "com.donnywals.hairdressers.appointment", "title": "Book Jane", "isEligibleForPrediction": true,
            "userInfo": ["hairdresser": "Jane", "day": "Monday"],
        ]
        var partial = booking.dictionaryValue ?? [:]
        partial["persistentIdentifier"] = "partial"
        partial["requiredUserInfoKeys"] = ["hairdresser"]
        var whole = booking.dictionaryValue ?? [:]
        whole["persistentIdentifier"] = "whole"
        let (_, bridged) = try Self.both(Self.script("hairdressers", launched: false, [
            ["do": "donate", "activity": .dictionary(partial)], ["do": "donate", "activity": .dictionary(whole)],
            ["do": "continueDonation", "persistentIdentifier": "partial"],
            ["do": "continueDonation", "persistentIdentifier": "whole"],
            ["do": "continue", "activity": ["activityType": "com.donnywals.hairdressers.appointment",
                                            "userInfo": ["hairdresser": 7, "day": "Monday"]]],
            ["do": "finishLaunching"],
        ]))
        #expect(bridged.results.map { $0["outcome"] } == ["donated", "donated", "notHandled", "handled", "notHandled", "ok"])
        // The partial donation kept only `hairdresser`: the bridge says which key its intent lacked.
        #expect(bridged.results.map { $0["reason"] } == [nil, nil, "BookAppointmentIntent: userInfo lacks 'day'", nil,
                                                          "BookAppointmentIntent: userInfo 'hairdresser' is not a valid string", nil])
        #expect(bridged.snapshots.last?["appointments"] == [["hairdresser": "Jane", "day": "Monday"]])
        #expect(bridged.bridgedIntents == ["BookAppointmentIntent"])
    }

    @Test func theSystemsRulesComeFirst() throws {
        let (_, bridged) = try Self.both(Self.script("walkmate", launched: false, [
            ["do": "continue", "activity": ["activityType": "com.walkmate.favorite.share", "userInfo": ["favoriteID": .string(Self.berlin)]]],
            ["do": "continue", "activity": ["activityType": "com.walkmate.route.generate", "requiredUserInfoKeys": ["distanceKm"]]],
            ["do": "continue", "activity": ["activityType": "com.walkmate.route.generate", "webpageURL": "ftp://x.example"]],
        ]))
        #expect(bridged.results.map { $0["outcome"] } == ["undeclared", "missingRequiredKeys", "invalidActivity"])
        #expect(bridged.snapshots.last?["screen"] == "closed", "nothing was delivered, so nothing launched")
        #expect(bridged.bridgedIntents.isEmpty)
    }

    // MARK: Missing-entity policies and manifest problems

    static func route(onMissingEntity policy: String) throws -> (ReplaySession) throws -> any ContinuationRoute {
        let source = """
            <plist version="1.0"><dict><key>app</key><string>walkmate</string><key>activityTypes</key><dict>
            <key>com.walkmate.favorite.open</key><dict><key>intent</key><string>ShowSavedWalkIntent</string>
            <key>parameters</key><dict><key>walk</key><string>favoriteID</string></dict>
            <key>onMissingEntity</key><string>\(policy)</string></dict></dict></dict></plist>
            """
        let manifest = try #require(BridgeManifestReader().read(Data(source.utf8), file: "policy.plist").manifest)
        return { _ in BridgeContinuationRoute(manifest: manifest) }
    }

    @Test(arguments: [("skip", "notHandled", "splash"), ("openApp", "handled", "splash")])
    func missingEntityPolicies(policy: String, outcome: String, screen: String) throws {
        let script = try Self.script("walkmate", launched: false, [Self.open()])
        let run = try BridgeReplay.run(script, bridge: true, route: try Self.route(onMissingEntity: policy))
        #expect(run.error == nil)
        #expect(run.results.first?["outcome"] == .string(outcome))
        #expect(run.snapshots.first?["screen"] == .string(screen), "the system launched the app before the bridge decided")
        #expect(run.snapshots.first?["lastIntent"] == nil)
    }

    @Test func aBrokenManifestFailsTheScriptWithItsDiagnostics() throws {
        let root = try TemporaryDirectory.create("bridge-broken")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Plists"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(atPath: BridgeFixtures.path("Plists/Invalid/WalkMate-Bridge-unknown-names.plist"),
                                         toPath: root.appendingPathComponent("Plists/WalkMate-Bridge.plist").path)
        try FileManager.default.copyItem(atPath: BridgeFixtures.path("Plists/WalkMate-Info.plist"),
                                         toPath: root.appendingPathComponent("Plists/WalkMate-Info.plist").path)
        let script = try Self.script("walkmate", [Self.open()])
        do {
            _ = try BridgeReplay.run(script, bridge: true, resourceRoots: [root])
            Issue.record("the session should not start with a broken manifest")
        } catch {
            let text = String(describing: error)
            #expect(text.contains("cannot load the bridge"))
            #expect(text.contains("Plists/WalkMate-Bridge.plist:72:4: error: 'com.walkmate.route.share' maps to unknown intent 'ShareRouteIntent'"))
        }
        // Without the bridge the same script runs on the legacy handlers.
        #expect(try BridgeReplay.run(script, bridge: false, resourceRoots: [root]).error == nil)
    }

    @Test func aManifestForAnotherAppIsRefused() throws {
        let root = try TemporaryDirectory.create("bridge-other")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Plists"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let text = try String(contentsOfFile: BridgeFixtures.path("Plists/WalkMate-Bridge.plist"), encoding: .utf8)
            .replacingOccurrences(of: "<string>walkmate</string>", with: "<string>hairdressers</string>")
        try text.write(to: root.appendingPathComponent("Plists/WalkMate-Bridge.plist"), atomically: true, encoding: .utf8)
        #expect(throws: ReplayStepError.self) {
            try BridgeReplay.run(try Self.script("walkmate", [Self.open()]), bridge: true, resourceRoots: [root])
        }
    }
}
