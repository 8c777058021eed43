import ActivityKit
import Foundation
import IntentKit
import PropertyList
import SQLiteStore
import Testing
@testable import ActivityBridgeCLI
import TestSupport

/// A directory with a legacy store of known events, removed by `remove()`.
struct MigrateFixture {
    let directory: URL
    var legacy: String { directory.appendingPathComponent("legacy.sqlite").path }
    static let hairdressersManifest = BuiltBinary.packageRoot.appendingPathComponent("Plists/Hairdressers-Bridge.plist").path
    static let walkMateManifest = BuiltBinary.packageRoot.appendingPathComponent("Plists/WalkMate-Bridge.plist").path
    static let manifests = ["--manifest", hairdressersManifest, "--manifest", walkMateManifest]
    static let berlin = "6F1C2A3B-4D5E-4F60-8A7B-9C0D1E2F3A4B"

    init(_ activities: [UserActivity]) throws {
        directory = try TemporaryDirectory.create()
        let store = try DonationStore(path: directory.appendingPathComponent("legacy.sqlite").path)
        defer { try? store.close() }
        try store.importDonations(activities.enumerated().map { index, activity in
            Donation(activity: activity, donatedAt: Date(timeIntervalSinceReferenceDate: 790_000_000 + Double(index)))
        })
    }

    /// Bookings (half with one of a few ids), route generations, Walk Mate opens and some
    /// unmapped and expired events: `count` in all.
    static func mixed(_ count: Int) -> [UserActivity] {
        (0..<count).map { index in
            switch index % 10 {
            case 0...4:
                let hairdresser = "H\(index % 7)"
                return UserActivity(activityType: "com.donnywals.hairdressers.appointment", title: "Book \(hairdresser)",
                                    userInfo: ["hairdresser": .string(hairdresser), "day": "Monday"], requiredUserInfoKeys: ["hairdresser", "day"],
                                    persistentIdentifier: "\(hairdresser)-Monday", isEligibleForPrediction: true)
            case 5, 6:
                return UserActivity(activityType: "com.walkmate.route.generate", userInfo: ["distanceKm": .real(Double(index % 30))],
                                    persistentIdentifier: "route-\(index % 30)", isEligibleForPrediction: true)
            case 7:
                return UserActivity(activityType: "com.walkmate.favorite.open", userInfo: ["favoriteID": .string(berlin)],
                                    persistentIdentifier: "berlin", isEligibleForPrediction: true)
            case 8:
                return UserActivity(activityType: "com.example.retired", persistentIdentifier: "retired-\(index % 3)")
            default:
                return UserActivity(activityType: "com.walkmate.route.generate", userInfo: ["distanceKm": 5],
                                    persistentIdentifier: "route-expired", expirationDate: Date(timeIntervalSinceReferenceDate: 0))
            }
        }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The rows of an intent store that matter to a migration, in a stable order. Opened
    /// writable: a store a killed run left behind may need its log recovered first.
    static func rows(of path: String) throws -> [String] {
        let connection = try Connection(path: path, options: .init(mode: .readWrite))
        defer { try? connection.close() }
        let statement = try connection.prepare(
            "SELECT identifier, intent_type, parameters, donated_at, migrated_from FROM intent_donations ORDER BY migrated_from")
        var rows: [String] = []
        while try statement.step() {
            rows.append((0..<5).map { String(describing: statement.value(at: Int32($0))) }.joined(separator: "|"))
        }
        return rows
    }

    /// SHA-free fingerprint of a file's bytes (and its write-ahead log): equality is what matters.
    static func bytes(of path: String) -> [Data] {
        [path, path + "-wal"].map { (try? Data(contentsOf: URL(fileURLWithPath: $0))) ?? Data() }
    }
}

@Suite("activity-bridge migrate in-process")
struct MigrateCommandTests {
    private func run(_ arguments: [String], in directory: URL, showsProgress: Bool = false) -> (ExitCode, String, String) {
        let context = CommandContext(standardOutput: CommandOutput(), standardError: CommandOutput(),
                                     showsProgress: showsProgress, currentDirectory: directory.path, apps: CommandContext.sampleApps)
        let code = CommandRunner.run(ActivityBridgeCommand.self, arguments: ["migrate"] + arguments, context: context)
        return (code, context.standardOutput.capturedText, context.standardError.capturedText)
    }

    @Test func jsonCountsEveryEventOnce() throws {
        let fixture = try MigrateFixture(MigrateFixture.mixed(100))
        defer { fixture.remove() }
        let before = MigrateFixture.bytes(of: fixture.legacy)
        let (code, out, err) = run(["--from", "legacy.sqlite", "--to", "intents.sqlite", "--format", "json"] + MigrateFixture.manifests,
                                   in: fixture.directory)
        #expect(code == .success, "\(err)")
        #expect(err.isEmpty)
        #expect(out.hasPrefix(#"{"read":100,"migrated":80,"alreadyMigrated":0,"skipped":{"unmappedType":10,"expired":10,"missingRequiredKeys":0,"unconvertibleUserInfo":0,"entityNotFound":0,"unavailableIntent":0},"unverifiedEntities":10,"dryRun":false,"deletablePersistentIdentifiers":["#))
        let json = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        let deletable = json?["deletablePersistentIdentifiers"] as? [String]
        #expect(deletable?.count == 7 + 6 + 1, "every booking, route and berlin id; not retired-* or route-expired")
        #expect(deletable?.contains("route-expired") == false && deletable?.contains("retired-0") == false)
        #expect(MigrateFixture.bytes(of: fixture.legacy) == before)

        let (again, secondOut, _) = run(["--from", "legacy.sqlite", "--to", "intents.sqlite", "--format", "json"] + MigrateFixture.manifests,
                                        in: fixture.directory)
        #expect(again == .success)
        #expect(secondOut.hasPrefix(#"{"read":100,"migrated":0,"alreadyMigrated":80,"#))
    }

    @Test func textReportNamesTheDeleteCommand() throws {
        let fixture = try MigrateFixture(MigrateFixture.mixed(10))
        defer { fixture.remove() }
        let (code, out, _) = run(["--from", "legacy.sqlite", "--to", "intents.sqlite"] + MigrateFixture.manifests, in: fixture.directory)
        #expect(code == .success)
        #expect(out == """
            read 10 legacy donation events from legacy.sqlite
            migrated 8 to intents.sqlite, 0 already migrated, 2 skipped
              skipped unmappedType: 1
                first: event 9 (com.example.retired): no bridge manifest maps 'com.example.retired'
              skipped expired: 1
                first: event 10 (com.walkmate.route.generate): its expirationDate has passed
            note: 1 donation names an entity whose existence was not checked (pass --app-data walkmate=PATH to check them)
            8 persistent identifiers are fully migrated; delete their legacy donations with:
              activity-bridge donations delete --store legacy.sqlite --persistent-identifier H0-Monday H1-Monday H2-Monday H3-Monday H4-Monday berlin route-5 route-6

            """)
    }

    @Test func whenEverythingMigratesTheReportSuggestsDeleteAll() throws {
        let fixture = try MigrateFixture(Array(MigrateFixture.mixed(5)))
        defer { fixture.remove() }
        let (code, out, _) = run(["--from", "legacy.sqlite", "--to", "intents.sqlite", "--manifest", MigrateFixture.hairdressersManifest],
                                 in: fixture.directory)
        #expect(code == .success)
        #expect(out.hasSuffix("every legacy donation is now an intent donation; delete them all with:\n  activity-bridge donations delete-all --store legacy.sqlite\n"))
        // The suggested command works on the real store.
        let deleteAll = try BuiltBinary.run(["donations", "delete-all", "--store", fixture.legacy])
        #expect(deleteAll.status == 0)
    }

    @Test func aDryRunCreatesNoTarget() throws {
        let fixture = try MigrateFixture(MigrateFixture.mixed(20))
        defer { fixture.remove() }
        let (code, out, _) = run(["--from", "legacy.sqlite", "--to", "intents.sqlite", "--dry-run"] + MigrateFixture.manifests, in: fixture.directory)
        #expect(code == .success)
        #expect(out.contains("would migrate 16 to intents.sqlite") && out.hasSuffix("dry run: nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path("intents.sqlite")))
    }

    @Test func appDataTurnsMissingEntitiesIntoSkips() throws {
        let fixture = try MigrateFixture(MigrateFixture.mixed(20))
        defer { fixture.remove() }
        // Walk Mate's data without the Berlin favorite: its two opens are skipped.
        let data = try Connection(path: fixture.path("walkmate.sqlite"))
        try data.execute("CREATE TABLE walkmate_favorites (id TEXT PRIMARY KEY, name TEXT)")
        try data.execute("INSERT INTO walkmate_favorites VALUES ('00000000-0000-0000-0000-000000000001', 'Elsewhere')")
        try data.close()
        let (code, out, err) = run(["--from", "legacy.sqlite", "--to", "intents.sqlite", "--app-data", "walkmate=walkmate.sqlite", "--format", "json"]
                                   + MigrateFixture.manifests, in: fixture.directory)
        #expect(code == .success, "\(err)")
        #expect(out.contains(#""entityNotFound":2"#) && out.contains(#""unverifiedEntities":0"#))
    }

    @Test func progressGoesToStandardErrorOnly() throws {
        let fixture = try MigrateFixture(MigrateFixture.mixed(20))
        defer { fixture.remove() }
        let (code, out, err) = run(["--from", "legacy.sqlite", "--to", "intents.sqlite", "--format", "json"] + MigrateFixture.manifests,
                                   in: fixture.directory, showsProgress: true)
        #expect(code == .success)
        #expect(out.hasPrefix("{") && !out.contains("migrating"))
        #expect(err.contains("migrating: 20 events read") && err.hasSuffix("\r\u{1B}[K"))
    }

    @Test(arguments: [
        ([], ExitCode.usage, "missing option '--from LEGACY.sqlite'"),
        (["--from", "legacy.sqlite", "--to", "i.sqlite"], .usage, "missing option '--manifest BRIDGE.plist'"),
        (["--from", "legacy.sqlite", "--to", "i.sqlite", "--manifest", "m.plist", "extra"], .usage, "unexpected argument 'extra'"),
        (["--from", "legacy.sqlite", "--to", "i.sqlite", "--manifest", "m.plist", "--platform", "Android 14"], .usage, "invalid value 'Android 14' for '--platform'"),
        (["--from", "legacy.sqlite", "--to", "i.sqlite", "--manifest", "m.plist", "--app-data", "walkmate"], .usage, "expected APP=PATH"),
        (["--from", "legacy.sqlite", "--to", "legacy.sqlite", "--manifest", MigrateFixture.hairdressersManifest], .usage, "is both the legacy store and the target"),
        (["--from", "legacy.sqlite", "--to", "i.sqlite", "--manifest", MigrateFixture.hairdressersManifest, "--app-data", "walkmate=w.sqlite"],
         .usage, "--app-data names 'walkmate', but no --manifest is for that app"),
        (["--from", "nope.sqlite", "--to", "i.sqlite", "--manifest", MigrateFixture.hairdressersManifest], .noInput, "no legacy donation store at 'nope.sqlite'"),
        (["--from", "legacy.sqlite", "--to", "i.sqlite", "--manifest", "nope.plist"], .noInput, "cannot read bridge manifest 'nope.plist': no such file"),
        (["--from", "legacy.sqlite", "--to", "i.sqlite", "--manifest", MigrateFixture.walkMateManifest, "--app-data", "walkmate=nope.sqlite"],
         .noInput, "no app data at 'nope.sqlite'"),
        (["--from", "legacy.sqlite", "--to", "i.sqlite", "--manifest",
          BuiltBinary.packageRoot.appendingPathComponent("Plists/Invalid/WalkMate-Bridge-unknown-names.plist").path],
         .failure, "has errors; nothing was migrated"),
        (["--from", "legacy.sqlite", "--to", "i.sqlite", "--manifest", MigrateFixture.walkMateManifest, "--manifest", MigrateFixture.walkMateManifest],
         .failure, "is mapped by several manifests"),
    ] as [([String], ExitCode, String)])
    func errorsHaveTheirExitCodesAndChangeNothing(arguments: [String], code expected: ExitCode, message: String) throws {
        let fixture = try MigrateFixture(MigrateFixture.mixed(3))
        defer { fixture.remove() }
        let before = MigrateFixture.bytes(of: fixture.legacy)
        let (code, out, err) = run(arguments, in: fixture.directory)
        #expect(code == expected)
        #expect(out.isEmpty)
        #expect(err.contains(message), "\(err)")
        #expect(err.contains("See 'activity-bridge migrate --help'."))
        #expect(!FileManager.default.fileExists(atPath: fixture.path("i.sqlite")))
        #expect(MigrateFixture.bytes(of: fixture.legacy) == before)
    }

    @Test func manifestErrorsAreListedWithTheirLocations() throws {
        let fixture = try MigrateFixture(MigrateFixture.mixed(3))
        defer { fixture.remove() }
        let manifest = "Plists/Invalid/WalkMate-Bridge-unknown-names.plist"
        let (code, _, err) = run(["--from", fixture.legacy, "--to", fixture.path("i.sqlite"), "--manifest", manifest], in: BuiltBinary.packageRoot)
        #expect(code == .failure)
        #expect(err.contains("\(manifest):72:4: error: 'com.walkmate.route.share' maps to unknown intent 'ShareRouteIntent'"))
    }
}
