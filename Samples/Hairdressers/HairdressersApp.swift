public import ActivityKit
import Foundation
public import IntentKit

/// The running app: the reducer's state, the effects run through the dependencies, and what the
/// system talks to — the `continue` handler, the App Intents and App Shortcuts, content transfer.
///
/// One thread at a time, like UIKit's main thread.
public final class HairdressersApp {
    public static let applicationName = "Hairdressers"

    public private(set) var state: HairdressersFeature.State
    public let feature = HairdressersFeature()
    public let dependencies: HairdressersDependencies
    /// `application(_:continue:restorationHandler:)`, behind the Info.plist's declarations.
    public let continuations: ContinuationEngine
    public let intents: IntentRegistry
    public let appShortcuts: AppShortcuts
    /// Every effect the reducer asked for, in order (what tests and replays inspect).
    public private(set) var effects: [HairdressersFeature.Effect] = []
    /// A failure inside a system callback that cannot throw (the `continue` handler); see
    /// ``takeFailure()``.
    public private(set) var failure: (any Error)?

    /// Starts the app: loads its data, registers the `continue` handler, the intents and the App
    /// Shortcuts, and fetches the shortcut parameters.
    /// - Throws: what loading the data or registering the intents throws.
    public init(
        declarations: ActivityTypeDeclarations, dependencies: HairdressersDependencies,
        platform: Platform = .latest, launched: Bool = false
    ) throws {
        self.dependencies = dependencies
        state = HairdressersFeature.State(
            launched: launched, appointments: try dependencies.loadAppointments(),
            hairdressers: try dependencies.loadHairdressers())
        continuations = ContinuationEngine(declarations: declarations)
        intents = IntentRegistry(platform: platform)
        // Intents are registered before `self` exists; they reach the reducer through the relay.
        let relay = ActionRelay()
        try HairdressersIntents.register(in: intents, hairdressers: dependencies.loadHairdressers, open: relay.send)
        appShortcuts = try AppShortcuts(
            applicationName: Self.applicationName, registry: intents, shortcuts: HairdressersIntents.appShortcuts)
        relay.target = { [unowned self] action in try self.send(.systemOpened(action)) }
        continuations.register(AppointmentShortcut.activityType) { [unowned self] activity, _ in
            self.continueAppointment(activity)
        }
        try appShortcuts.updateAppShortcutParameters()
    }

    /// Runs `action` through the reducer and its effects (depth first, so a save's follow-up runs
    /// before the next effect).
    /// - Throws: a store failure; the state keeps everything done before it.
    public func send(_ action: HairdressersFeature.Action) throws {
        for effect in feature.reduce(into: &state, action: action) {
            effects.append(effect)
            if let next = try run(effect) { try send(next) }
        }
    }

    private func run(_ effect: HairdressersFeature.Effect) throws -> HairdressersFeature.Action? {
        switch effect {
        case let .saveAppointment(appointment, donate):
            try dependencies.saveAppointment(appointment)
            return .appointmentSaved(appointment, donate: donate)
        case let .donate(activity):
            try dependencies.donate(activity)
            return nil
        case let .saveHairdresser(hairdresser):
            try dependencies.saveHairdresser(hairdresser)
            try dependencies.indexHairdresser(hairdresser)
            // App Shortcut phrases name hairdressers: refresh them (R5.9).
            try appShortcuts.updateAppShortcutParameters()
            return .hairdresserSaved(hairdresser)
        }
    }

    /// The seed's continue handler: an appointment activity books the same appointment again.
    /// Returns false for anything it cannot read (a `hairdresser` or `day` that is not a string).
    func continueAppointment(_ activity: UserActivity) -> Bool {
        guard let appointment = AppointmentShortcut.appointment(from: activity) else { return false }
        do {
            try send(.systemOpened(.repeatAppointmentRequested(appointment)))
            return true
        } catch {
            failure = error
            return false
        }
    }

    /// The failure a callback recorded, cleared.
    public func takeFailure() -> (any Error)? {
        defer { failure = nil }
        return failure
    }

    /// Forwards what intents dispatch to the app once it exists.
    final class ActionRelay {
        var target: ((HairdressersFeature.Action) throws -> Void)?

        func send(_ action: HairdressersFeature.Action) throws {
            guard let target else { throw IntentError.performFailed(typeName: "Hairdressers", reason: "the app is not running") }
            try target(action)
        }
    }

    // MARK: Contacts and content transfer

    /// The Add Hairdresser screen: a new contact with a fresh id.
    @discardableResult
    public func addHairdresser(name: String, phoneNumber: String?) throws -> Hairdresser {
        let hairdresser = Hairdresser(id: dependencies.uuid(), name: name, phoneNumber: phoneNumber)
        try send(.addHairdresserTapped(hairdresser))
        return hairdresser
    }

    /// The first contact named `name` (ignoring case and diacritics).
    public func hairdresser(named name: String) -> Hairdresser? {
        state.hairdressers.first { TextFolding.equals($0.name, name) }
    }

    /// `IntentValueRepresentation(exporting: \.person, importing: …)`: export a contact as a
    /// person, or create one from a person nothing matched.
    public var personRepresentation: IntentValueRepresentation<HairdresserEntity, IntentPerson> {
        IntentValueRepresentation(exporting: { $0.person }, importing: { [unowned self] person in
            let hairdresser = Hairdresser(id: self.dependencies.uuid(), name: person.displayName, phoneNumber: person.phoneNumber)
            try self.send(.personImported(hairdresser))
            return HairdresserEntity(hairdresser)
        })
    }

    /// Another app hands over `person`: an existing contact whose name contains its display name,
    /// else a new one.
    public func importPerson(_ person: IntentPerson) throws(ContentTransferError) -> ContentImport<HairdresserEntity> {
        try personRepresentation.importValue(
            person, matching: HairdresserPersonQuery(hairdressers: dependencies.loadHairdressers), on: intents.platform)
    }

    /// The contact as a person value for another app.
    public func exportPerson(_ hairdresser: Hairdresser) throws(ContentTransferError) -> IntentPerson {
        try personRepresentation.export(HairdresserEntity(hairdresser), on: intents.platform)
    }
}
