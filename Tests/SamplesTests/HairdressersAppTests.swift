import Foundation
import Testing
import ActivityKit
import Hairdressers
import IntentKit
import PropertyList
import SQLiteStore
import TestSupport

/// The running app over real SQLite files: the save-then-donate order, the continue handler,
/// content transfer, and what stays unchanged when a store fails.
@Suite("Hairdressers app")
struct HairdressersAppTests {
    /// A temporary directory with the app's database, a donation log and a Spotlight index.
    final class Fixture {
        let directory: URL
        let database: HairdressersDatabase
        let donations: DonationStore
        let intentStore: Connection
        let index: SearchableIndex

        init() throws {
            directory = try TemporaryDirectory.create("hairdressers")
            database = try HairdressersDatabase(path: directory.appendingPathComponent("app.sqlite").path)
            donations = try DonationStore(path: directory.appendingPathComponent("donations.sqlite").path)
            intentStore = try Connection(path: directory.appendingPathComponent("intents.sqlite").path)
            index = try SearchableIndex(connection: intentStore)
        }

        deinit {
            try? database.close()
            try? donations.close()
            try? intentStore.close()
            try? FileManager.default.removeItem(at: directory)
        }

        var live: HairdressersDependencies {
            .live(database: database, donations: donations, index: index, uuid: HairdressersDependencies.incrementingUUIDs())
        }

        func app(_ dependencies: HairdressersDependencies? = nil, platform: Platform = .latest, launched: Bool = true) throws -> HairdressersApp {
            let declarations = ActivityTypeDeclarations(root: ["NSUserActivityTypes": [.string(AppointmentShortcut.activityType)]])
            return try HairdressersApp(declarations: declarations, dependencies: dependencies ?? live, platform: platform, launched: launched)
        }
    }

    struct StoreDown: Error {}
    final class Flag { var value = false }

    let jane = Appointment(hairdresser: "Jane", day: "Monday")

    @Test func bookingStoresTheAppointmentThenDonatesIt() throws {
        let fixture = try Fixture()
        let app = try fixture.app()
        try app.send(.saveAppointmentTapped(jane))
        #expect(try fixture.database.appointments() == [jane])
        let donated = try #require(try fixture.donations.activity(persistentIdentifier: "Jane-Monday"))
        #expect(donated == AppointmentShortcut.activity(for: jane))
        #expect(app.effects == [.saveAppointment(jane, donate: true), .donate(AppointmentShortcut.activity(for: jane))])
        #expect(app.state.appointments == [jane])
    }

    @Test func aFailedSaveDonatesNothingAndShowsNothing() throws {
        let fixture = try Fixture()
        var dependencies = fixture.live
        dependencies.saveAppointment = { _ in throw StoreDown() }
        let app = try fixture.app(dependencies)
        #expect(throws: StoreDown.self) { try app.send(.saveAppointmentTapped(jane)) }
        #expect(app.state.appointments.isEmpty)
        #expect(try fixture.donations.eventCount() == 0)
        #expect(try fixture.database.appointments().isEmpty)
    }

    @Test func theContinueHandlerBooksAgainWithoutDonating() throws {
        let fixture = try Fixture()
        let app = try fixture.app()
        let result = app.continuations.continue(AppointmentShortcut.activity(for: jane))
        #expect(result.outcome == .handled)
        #expect(try fixture.database.appointments() == [jane])
        #expect(try fixture.donations.eventCount() == 0)
        let unreadable = UserActivity(activityType: AppointmentShortcut.activityType, userInfo: ["hairdresser": "Jane", "day": 1])
        #expect(app.continuations.continue(unreadable).outcome == .notHandled)
        #expect(try fixture.database.appointments().count == 1)
    }

    @Test func aStoreFailureInTheHandlerIsKeptForTheCaller() throws {
        let fixture = try Fixture()
        var dependencies = fixture.live
        dependencies.saveAppointment = { _ in throw StoreDown() }
        let app = try fixture.app(dependencies)
        #expect(app.continuations.continue(AppointmentShortcut.activity(for: jane)).outcome == .notHandled)
        #expect(app.takeFailure() is StoreDown)
        #expect(app.takeFailure() == nil)
    }

    @Test func theDatabaseClosesCleanlyAfterUse() throws {
        let fixture = try Fixture()
        let app = try fixture.app()
        try app.send(.saveAppointmentTapped(jane))
        try app.addHairdresser(name: "Jane Doe", phoneNumber: nil)
        _ = try fixture.database.appointments()
        try fixture.database.close()
        #expect(!fixture.database.connection.isOpen)
    }

    @Test func theAppReloadsWhatItStored() throws {
        let fixture = try Fixture()
        let first = try fixture.app()
        try first.send(.saveAppointmentTapped(jane))
        try first.addHairdresser(name: "Jane Doe", phoneNumber: "555")
        let second = try fixture.app(launched: false)
        #expect(second.state.appointments == [jane])
        #expect(second.state.hairdressers.map(\.name) == ["Jane Doe"])
        #expect(second.state.screen == "closed")
    }

    @Test func importMatchesByContainedNameIgnoringCaseAndDiacritics() throws {
        let fixture = try Fixture()
        let app = try fixture.app()
        let zoe = try app.addHairdresser(name: "Zoë Martin", phoneNumber: "555-0123")
        let imported = try app.importPerson(IntentPerson(displayName: "zoe"))
        #expect(imported.outcome == "matched")
        #expect(imported.entity?.id == zoe.id)
        #expect(app.state.hairdressers.count == 1)
    }

    @Test func importCreatesWhenNothingMatches() throws {
        let fixture = try Fixture()
        let app = try fixture.app()
        try app.addHairdresser(name: "Zoë Martin", phoneNumber: nil)
        let imported = try app.importPerson(IntentPerson(displayName: "Sam Park", phoneNumber: "555-0456"))
        #expect(imported.outcome == "created")
        #expect(imported.entity?.name == "Sam Park")
        #expect(try fixture.database.hairdressers().map(\.name) == ["Zoë Martin", "Sam Park"])
        #expect(try fixture.index.items().map(\.resultTitle) == ["Zoë Martin", "Sam Park"])
        #expect(app.appShortcuts.phrases.contains("Call Sam Park in Hairdressers"))
    }

    @Test func aFailingQueryIsAFailureAndCreatesNothing() throws {
        let fixture = try Fixture()
        var dependencies = fixture.live
        let storeIsDown = Flag()
        let load = dependencies.loadHairdressers
        dependencies.loadHairdressers = { if storeIsDown.value { throw StoreDown() }; return try load() }
        let app = try fixture.app(dependencies)
        storeIsDown.value = true
        #expect {
            try app.importPerson(IntentPerson(displayName: "Sam"))
        } throws: { error in
            if case .queryFailed = error as? ContentTransferError { return true }
            return false
        }
        #expect(try fixture.database.hairdressers().isEmpty)
        #expect(app.state.hairdressers.isEmpty)
    }

    @Test func exportGivesThePersonAndNeedsIOS26_4() throws {
        let fixture = try Fixture()
        let app = try fixture.app()
        let jane = try app.addHairdresser(name: "Jane Doe", phoneNumber: "555-0100")
        #expect(try app.exportPerson(jane) == IntentPerson(displayName: "Jane Doe", phoneNumber: "555-0100"))
        let old = try fixture.app(platform: Platform(26))
        #expect(throws: ContentTransferError.self) { try old.exportPerson(jane) }
    }

    @Test func callingAHairdresserRunsInTheBackground() throws {
        let fixture = try Fixture()
        let app = try fixture.app(launched: false)
        try app.addHairdresser(name: "Jane Doe", phoneNumber: "555-0100")
        let outcome = try app.intents.run(HairdressersIntents.callHairdresser, parameters: ["hairdresser": "jane doe"])
        guard case let .performed(performed) = outcome else { Issue.record("not performed: \(outcome)"); return }
        #expect(performed.result.dialog == "Calling Jane Doe at 555-0100")
        #expect(!performed.opensApp)
        #expect(app.state.screen == "closed")
    }
}
