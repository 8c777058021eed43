public import ActivityBridge
public import ActivityKit
import Foundation
public import IntentKit
public import PropertyList

/// Hairdressers as replay scripts drive it (`app` = `hairdressers`): the common steps run through
/// the session; this adds `bookAppointment`, `addHairdresser`, `exportHairdresser`, `importPerson`
/// and the snapshot keys `screen`, `router.pending`, `appointments`, `appointments.count`,
/// `hairdressers` and `suggestedShortcuts`.
public final class HairdressersReplayApp: ReplayApp {
    public static let name = "hairdressers"
    public static let infoPlistPath = "Plists/Hairdressers-Info.plist"
    public static let bridgeManifestPath: String? = "Plists/Hairdressers-Bridge.plist"
    /// Compiled in (Package.swift `.embedInCode`; `Resources/` links to the package's `Plists/`), so an
    /// installed binary replays without the source tree.
    public static let bundledResources: [String: [UInt8]] = [
        infoPlistPath: PackageResources.Hairdressers_Info_plist,
        "Plists/Hairdressers-Bridge.plist": PackageResources.Hairdressers_Bridge_plist,
    ]
    /// How many suggestions `suggestedShortcuts` lists: iOS shows a handful per app.
    public static let suggestionLimit = 4

    public let app: HairdressersApp
    private let database: HairdressersDatabase
    private let donations: DonationStore

    public init(context: ReplayAppContext) throws {
        database = try HairdressersDatabase(path: context.environment.storePath("hairdressers.sqlite"))
        donations = context.donations
        do {
            app = try HairdressersApp(
                declarations: context.declarations,
                dependencies: .live(database: database, donations: context.donations, index: context.searchableIndex,
                                    uuid: HairdressersDependencies.incrementingUUIDs()),
                platform: context.environment.platform, launched: context.environment.launched)
        } catch {
            try? database.close()
            throw error
        }
    }

    /// Closes the app's database before the script's directory is removed.
    public func close() {
        try? database.close()
    }

    public var continuations: ContinuationEngine { app.continuations }
    public var intents: IntentRegistry? { app.intents }
    public var appShortcuts: AppShortcuts? { app.appShortcuts }
    public var launchPhase: LaunchPhase { app.state.router.phase }

    public func launch() throws(ReplayStepError) {
        try send(.launched)
    }

    public func finishLaunching() throws(ReplayStepError) {
        try send(.launchFinished)
    }

    public func perform(_ step: ReplayStep, in session: ReplaySession) throws(ReplayStepError) -> ReplayStepResult? {
        switch step.action {
        case "bookAppointment":
            let appointment = Appointment(hairdresser: try step.string("hairdresser"), day: try step.string("day"))
            try send(.saveAppointmentTapped(appointment))
            return .ok
        case "addHairdresser":
            let name = try step.string("name")
            let phoneNumber = try step.optionalString("phoneNumber")
            do { try app.addHairdresser(name: name, phoneNumber: phoneNumber) } catch {
                throw .failed("cannot add the hairdresser: \(error)")
            }
            return .ok
        case "exportHairdresser":
            return try exportHairdresser(named: try step.string("name"))
        case "importPerson":
            let person = IntentPerson(displayName: try step.string("displayName"), phoneNumber: try step.optionalString("phoneNumber"))
            return importPerson(person)
        default:
            return nil
        }
    }

    /// A continue handler cannot throw; a store failure it met fails the step here.
    public func afterStep() throws(ReplayStepError) {
        if let failure = app.takeFailure() { throw .failed("the app failed: \(failure)") }
    }

    public func snapshot() throws(ReplayStepError) -> PropertyListDictionary {
        let state = app.state
        let suggestions: [DonationSuggestion]
        do { suggestions = try donations.suggestions(limit: Self.suggestionLimit) } catch {
            throw .failed("cannot rank suggestions: \(error)")
        }
        return [
            "screen": .string(state.screen),
            "router.pending": .integer(PropertyListInteger(state.router.pending)),
            "appointments": .array(state.appointments.map { ["hairdresser": .string($0.hairdresser), "day": .string($0.day)] }),
            "appointments.count": .integer(PropertyListInteger(state.appointments.count)),
            "hairdressers": .array(state.hairdressers.map { .string($0.name) }),
            "suggestedShortcuts": .array(suggestions.map { .string($0.activity.title ?? $0.key) }),
        ]
    }

    // MARK: Content transfer

    private func exportHairdresser(named name: String) throws(ReplayStepError) -> ReplayStepResult {
        guard let hairdresser = app.hairdresser(named: name) else { return ReplayStepResult(outcome: "notFound") }
        do {
            let person = try app.exportPerson(hairdresser)
            return ReplayStepResult(outcome: "ok", values: ["person": person.propertyListValue])
        } catch {
            return Self.transferFailure(error)
        }
    }

    private func importPerson(_ person: IntentPerson) -> ReplayStepResult {
        do {
            let imported = try app.importPerson(person)
            var values = PropertyListDictionary()
            if let entity = imported.entity { values["entity"] = AnyAppEntity(entity).propertyListValue }
            if case let .matched(entities) = imported, entities.count > 1 {
                values["matches"] = .array(entities.map { .string($0.name) })
            }
            return ReplayStepResult(outcome: imported.outcome, values: values)
        } catch {
            return Self.transferFailure(error)
        }
    }

    /// `unavailable` before iOS 26.4, `failed` (+ `error`) when the query or the import threw.
    private static func transferFailure(_ error: ContentTransferError) -> ReplayStepResult {
        if case .unavailable = error {
            return ReplayStepResult(outcome: "unavailable", values: ["error": .string(error.description)])
        }
        return ReplayStepResult(outcome: "failed", values: ["error": .string(error.description)])
    }

    private func send(_ action: HairdressersFeature.Action) throws(ReplayStepError) {
        do { try app.send(action) } catch {
            throw .failed("the app failed: \(error)")
        }
    }
}
