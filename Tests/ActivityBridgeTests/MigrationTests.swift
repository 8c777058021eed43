import Diagnostics
import Foundation
import Testing
import ActivityBridge
import ActivityKit
import IntentKit
import PropertyList
import SQLiteStore
import WalkMate

/// A legacy store, app data and sample registries in a fresh directory, removed afterwards.
final class MigrationFixture {
    let directory: URL
    let registries: SampleRegistries
    let legacyPath: String
    let targetPath: String
    let appDataPath: String
    static let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    static let kept = UUID(uuidString: "6F1C2A3B-4D5E-4F60-8A7B-9C0D1E2F3A4B") ?? UUID()
    static let deleted = UUID(uuidString: "0A0B0C0D-0E0F-4011-8213-141516171819") ?? UUID()

    init() throws {
        registries = try SampleRegistries()
        directory = registries.directory.appendingPathComponent("migration")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        legacyPath = directory.appendingPathComponent("legacy.sqlite").path
        targetPath = directory.appendingPathComponent("intents.sqlite").path
        appDataPath = directory.appendingPathComponent("walkmate-data.sqlite").path
        let connection = try Connection(path: appDataPath)
        _ = try FavoritesStore(connection: connection).add(Favorite(id: Self.kept, name: "Berlin", startLatitude: 52.52, startLongitude: 13.405))
        try connection.close()
    }

    /// Stores `activities` as events one minute apart, in order.
    func store(_ activities: [UserActivity]) throws {
        let store = try DonationStore(path: legacyPath)
        defer { try? store.close() }
        for (index, activity) in activities.enumerated() {
            try store.donate(activity, at: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(index) * 60))
        }
    }

    func sources(appData: Bool = false) throws -> [MigrationSource] {
        let walkMate = try BridgeManifestLoader.load(contentsOf: BridgeFixtures.path("Plists/WalkMate-Bridge.plist"),
                                                      catalog: registries.walkMateCatalog).manifest
        let hairdressers = try BridgeManifestLoader.load(contentsOf: BridgeFixtures.path("Plists/Hairdressers-Bridge.plist"),
                                                          catalog: IntentCatalog(registry: registries.hairdressers)).manifest
        let checker = appData ? try AppDataEntityChecker(path: appDataPath, lookups: walkMate.entityLookups) : nil
        return [MigrationSource(manifest: hairdressers, registry: registries.hairdressers),
                MigrationSource(manifest: walkMate, registry: registries.walkMate.registry, entities: checker)]
    }

    func migrator(appData: Bool = false, platform: Platform = .iOS27) throws -> DonationMigrator {
        try DonationMigrator(sources: try sources(appData: appData), platform: platform, now: Self.now)
    }

    /// The target's donations, oldest first.
    func donations(at path: String? = nil) throws -> [IntentDonation] {
        let connection = try Connection(path: path ?? targetPath, options: .init(mode: .readOnly))
        defer { try? connection.close() }
        return try IntentDonationManager(connection: connection, createTables: false).donations()
    }

    /// The bytes of the legacy store and its write-ahead log.
    func legacyBytes() throws -> [Data] {
        try [legacyPath, legacyPath + "-wal"].map { path in
            FileManager.default.fileExists(atPath: path) ? try Data(contentsOf: URL(fileURLWithPath: path)) : Data()
        }
    }

    static func booking(_ hairdresser: PropertyListValue, _ day: String, id: String? = nil) -> UserActivity {
        UserActivity(activityType: "com.donnywals.hairdressers.appointment", title: "Book",
                     userInfo: ["hairdresser": hairdresser, "day": .string(day)], requiredUserInfoKeys: ["hairdresser", "day"],
                     persistentIdentifier: id, isEligibleForPrediction: true)
    }

    static func open(_ favoriteID: String, required: [String]? = nil, id: String? = nil) -> UserActivity {
        UserActivity(activityType: "com.walkmate.favorite.open", userInfo: ["favoriteID": .string(favoriteID), "openCount": 3],
                     requiredUserInfoKeys: required, persistentIdentifier: id, isEligibleForPrediction: true)
    }

    static func generate(_ distance: PropertyListValue?, expires: Date? = nil, id: String? = nil) -> UserActivity {
        UserActivity(activityType: "com.walkmate.route.generate", userInfo: distance.map { ["distanceKm": $0] } ?? [:],
                     persistentIdentifier: id, isEligibleForPrediction: true, expirationDate: expires)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}

@Suite("Migration: legacy donations become intent donations")
struct MigrationTests {
    @Test func everyEventIsMigratedOrSkippedForItsReason() throws {
        let fixture = try MigrationFixture()
        try fixture.store([
            MigrationFixture.booking("Jane", "Monday", id: "Jane-Monday"),                      // migrated
            MigrationFixture.open(MigrationFixture.kept.uuidString.lowercased(), id: "berlin"),  // migrated, id canonical
            MigrationFixture.generate(25, id: "route-25"),                                       // migrated, clamped to 20
            MigrationFixture.generate(nil, id: "route-default"),                                 // migrated without distance
            UserActivity(activityType: "com.example.unknown", persistentIdentifier: "other"),   // unmappedType
            MigrationFixture.generate(5, expires: Date(timeIntervalSinceReferenceDate: 750_000_000), id: "route-25"),  // expired
            MigrationFixture.open(MigrationFixture.kept.uuidString, required: ["openCount"]),    // missingRequiredKeys: favoriteID not stored
            MigrationFixture.booking(7, "Monday"),                                               // unconvertibleUserInfo: not a string
            MigrationFixture.open("not-a-uuid"),                                                 // unconvertibleUserInfo
            MigrationFixture.open(MigrationFixture.deleted.uuidString, id: "gone"),              // entityNotFound (with app data)
        ])
        let before = try fixture.legacyBytes()
        let report = try fixture.migrator(appData: true).migrate(from: fixture.legacyPath, to: fixture.targetPath)
        #expect(report.read == 10 && report.migrated == 4 && report.alreadyMigrated == 0)
        #expect(report.skipped == [.unmappedType: 1, .expired: 1, .missingRequiredKeys: 1, .unconvertibleUserInfo: 2,
                                   .entityNotFound: 1, .unavailableIntent: 0])
        #expect(report.migrated + report.alreadyMigrated + report.skippedTotal == report.read)
        #expect(report.unverifiedEntities == 0)
        // route-25 has an expired event left behind, so only the others may be deleted.
        #expect(report.deletablePersistentIdentifiers == ["Jane-Monday", "berlin", "route-default"])
        #expect(try fixture.legacyBytes() == before, "the legacy store never changes")

        let donations = try fixture.donations()
        #expect(donations.map(\.intentTypeName) == ["BookAppointmentIntent", "OpenWalkMatePlaceIntent", "GenerateRoutesIntent", "GenerateRoutesIntent"])
        #expect(donations.map(\.parameters) == [
            ["hairdresser": "Jane", "day": "Monday"], ["target": .string(MigrationFixture.kept.uuidString)], ["distance": 20.0], [:],
        ])
        let legacy = try DonationStore(path: fixture.legacyPath, readOnly: true)
        defer { try? legacy.close() }
        let events = try legacy.events()
        let migratedEvents = [events[0], events[1], events[2], events[3]]
        for (donation, event) in zip(donations, migratedEvents) {
            #expect(abs(donation.donatedAt.timeIntervalSince(event.donatedAt)) < 0.001, "keeps the donation time")
            #expect(donation.migratedFrom == MigrationKey.key(eventID: event.id, donatedAt: event.donatedAt))
        }
    }

    @Test func aSecondRunMigratesNothingNew() throws {
        let fixture = try MigrationFixture()
        try fixture.store((0..<30).map { MigrationFixture.booking(.string("H\($0 % 4)"), "Monday", id: "H\($0 % 4)-Monday") }
                          + [MigrationFixture.open("bad")])
        let migrator = try fixture.migrator()
        let first = try migrator.migrate(from: fixture.legacyPath, to: fixture.targetPath)
        let afterFirst = try fixture.donations()
        let second = try migrator.migrate(from: fixture.legacyPath, to: fixture.targetPath)
        #expect(first.migrated == 30 && first.alreadyMigrated == 0)
        #expect(second.read == 31 && second.migrated == 0 && second.alreadyMigrated == 30 && second.skippedTotal == 1)
        #expect(try fixture.donations() == afterFirst)
    }

    @Test func identifiersDependOnlyOnTheSourceEvent() throws {
        let fixture = try MigrationFixture()
        try fixture.store((0..<12).map { MigrationFixture.generate(.integer(PropertyListInteger($0 + 3))) })
        var small = try fixture.migrator()
        small.batchSize = 5
        _ = try small.migrate(from: fixture.legacyPath, to: fixture.targetPath)
        let other = fixture.directory.appendingPathComponent("other.sqlite").path
        _ = try fixture.migrator().migrate(from: fixture.legacyPath, to: other)
        #expect(try fixture.donations() == (try fixture.donations(at: other)))
        #expect(Set(try fixture.donations().map(\.identifier)).count == 12)
        #expect(MigrationKey.identifier(for: "legacy:1:5") == MigrationKey.identifier(for: "legacy:1:5"))
        #expect(MigrationKey.identifier(for: "legacy:1:5") != MigrationKey.identifier(for: "legacy:1:6"))
    }

    @Test func aDryRunWritesNothing() throws {
        let fixture = try MigrationFixture()
        try fixture.store([MigrationFixture.booking("Jane", "Monday", id: "Jane-Monday"), MigrationFixture.generate(4)])
        let dry = try fixture.migrator().migrate(from: fixture.legacyPath, to: fixture.targetPath, dryRun: true)
        #expect(dry.dryRun && dry.migrated == 2 && dry.alreadyMigrated == 0)
        #expect(!FileManager.default.fileExists(atPath: fixture.targetPath), "the target is not even created")
        _ = try fixture.migrator().migrate(from: fixture.legacyPath, to: fixture.targetPath)
        let target = try Data(contentsOf: URL(fileURLWithPath: fixture.targetPath))
        let again = try fixture.migrator().migrate(from: fixture.legacyPath, to: fixture.targetPath, dryRun: true)
        #expect(again.migrated == 0 && again.alreadyMigrated == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.targetPath)) == target)
    }

    @Test func withoutAppDataEntitiesAreMigratedUnverified() throws {
        let fixture = try MigrationFixture()
        try fixture.store([MigrationFixture.open(MigrationFixture.deleted.uuidString), MigrationFixture.open(MigrationFixture.kept.uuidString)])
        let report = try fixture.migrator().migrate(from: fixture.legacyPath, to: fixture.targetPath)
        #expect(report.migrated == 2 && report.unverifiedEntities == 2 && report.skipped(.entityNotFound) == 0)
    }

    @Test func thePlatformChoosesTheIntent() throws {
        let fixture = try MigrationFixture()
        try fixture.store([MigrationFixture.open(MigrationFixture.kept.uuidString)])
        let iOS26 = try fixture.migrator(platform: .iOS26).migrate(from: fixture.legacyPath, to: fixture.targetPath)
        #expect(iOS26.migrated == 1)
        #expect(try fixture.donations().map(\.intentTypeName) == ["ShowSavedWalkIntent"])
        #expect(try fixture.donations().first?.parameters == ["walk": .string(MigrationFixture.kept.uuidString)])
        let other = fixture.directory.appendingPathComponent("ios17.sqlite").path
        let iOS17 = try fixture.migrator(platform: Platform(17)).migrate(from: fixture.legacyPath, to: other)
        #expect(iOS17.skipped(.unavailableIntent) == 1 && iOS17.migrated == 0)
    }

    @Test func misuseIsRefused() throws {
        let fixture = try MigrationFixture()
        try fixture.store([MigrationFixture.generate(4)])
        let sameFile = #expect(throws: MigrationError.self) {
            try fixture.migrator().migrate(from: fixture.legacyPath, to: fixture.legacyPath)
        }
        #expect(sameFile.map { if case .sameFile = $0 { true } else { false } } == true, "\(String(describing: sameFile))")
        let sources = try fixture.sources()
        let conflicting = #expect(throws: MigrationError.self) {
            try DonationMigrator(sources: sources + [sources[1]])
        }
        #expect(conflicting.map { if case .conflictingMappings = $0 { true } else { false } } == true, "\(String(describing: conflicting))")
        let missing = #expect(throws: MigrationError.self) {
            try fixture.migrator().migrate(from: fixture.directory.appendingPathComponent("missing.sqlite").path, to: fixture.targetPath)
        }
        #expect(String(describing: missing).contains("missing.sqlite"), "the error names the missing store")
        #expect(!FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent("missing.sqlite").path))
        let lookup = #expect(throws: (any Error).self) {
            try AppDataEntityChecker(path: fixture.appDataPath, lookups: [EntityLookup(
                entityType: "WalkMatePlaceEntity", table: "nope", identifierColumn: "id",
                location: Diagnostics.SourceLocation(file: "m", line: 1, column: 1))])
        }
        #expect(String(describing: lookup).contains("table 'nope'"), "the error names the lookup that cannot be answered")
    }
}
