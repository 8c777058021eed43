public import Diagnostics
import Foundation
public import ActivityKit
import BuildSettings
public import IntentKit
public import PropertyList
public import SQLiteStore

/// One script running against one app: the host of the steps every app shares.
///
/// The session owns what lives beside the app on a device — the legacy donation log, the phrases
/// the user recorded for donated shortcuts, the question Siri last asked — and routes legacy
/// continuations through a ``ContinuationRoute``. Apps reach it from their own steps to continue
/// activities (``deliver(_:stored:)``) or note the intents they ran (``noteIntentRan(_:)-(PerformedIntent)``).
public final class ReplaySession {
    public let script: ReplayScript
    public let environment: ReplayEnvironment
    public let app: any ReplayApp
    /// What made the app: its name, declarations and bridge manifest.
    public let appFactory: ReplayAppFactory
    /// The script's `app` as the app is registered.
    public var appName: String { appFactory.name }
    /// The app's declared activity types, expanded with the environment's build settings.
    public let declarations: ActivityTypeDeclarations
    /// The script's legacy donation log.
    public let donations: DonationStore
    /// The script's intent store: intent donations and the Spotlight index.
    public let intentStore: Connection
    public let intentDonations: IntentDonationManager
    public let searchableIndex: SearchableIndex
    /// The app's own `continue` handlers; used unless the script runs through the bridge.
    public let legacyRoute: any ContinuationRoute
    /// Phrases the user recorded (`recordPhrase`), oldest first.
    public private(set) var voiceShortcuts: [VoiceShortcut] = []
    /// The candidates of the last `disambiguation` / `needsValue`, which `choose` answers.
    public var pendingQuestion: ReplayQuestion?
    /// The type name of the last intent that ran (`lastIntent`).
    public private(set) var lastIntent: String?
    /// The entities of the last intent that ran which Siri may refer to on the user's other
    /// devices (`SyncableEntity`, iOS 27): the `syncedEntities` key.
    public private(set) var lastSyncedEntities: [AnyAppEntity] = []
    /// What Spotlight holds, packed for searching; see ``currentSpotlightPool()``.
    var spotlightPool: ReplaySpotlightPool? {
        didSet { spotlightPoolReadCount += 1 }
    }
    /// How many times the Spotlight stores were read into the pool (tests see the caching).
    package private(set) var spotlightPoolReadCount = 0

    /// Creates the app for `script` over the stores of `environment`.
    /// - Parameter bridgeRoute: builds the bridge's route for apps with a bridge manifest; the
    ///   session uses it when the script's `bridge` is true (or absent and the app has a manifest).
    /// - Throws: ``ReplayStepError`` when the app's Info.plist cannot be read, the stores cannot be
    ///   opened, or the script asks for a bridge the app or the configuration does not have.
    public convenience init(
        script: ReplayScript, app appType: any ReplayApp.Type, environment: ReplayEnvironment,
        bridgeRoute: ((ReplaySession) throws -> any ContinuationRoute)? = nil
    ) throws(ReplayStepError) {
        try self.init(script: script, factory: ReplayAppFactory(appType), environment: environment, bridgeRoute: bridgeRoute)
    }

    /// Creates the app `factory` makes for `script` over the stores of `environment` (an app
    /// type's factory, or an app model's).
    public init(
        script: ReplayScript, factory: ReplayAppFactory, environment: ReplayEnvironment,
        bridgeRoute: ((ReplaySession) throws -> any ContinuationRoute)? = nil
    ) throws(ReplayStepError) {
        appFactory = factory
        self.script = script
        self.environment = environment
        let declarations = try factory.declarations(environment)
        self.declarations = declarations
        do {
            donations = try DonationStore(path: environment.donationStorePath)
        } catch {
            throw .failed("cannot open the donation store: \(error)")
        }
        do {
            intentStore = try Connection(path: environment.intentStorePath)
        } catch {
            try? donations.close()
            throw .failed("cannot open the intent store: \(error)")
        }
        do {
            intentDonations = try IntentDonationManager(connection: intentStore)
            searchableIndex = try SearchableIndex(connection: intentStore)
        } catch {
            try? donations.close()
            try? intentStore.close()
            throw .failed("cannot open the intent store: \(error)")
        }
        let context = ReplayAppContext(
            environment: environment, declarations: declarations, donations: donations,
            intentDonations: intentDonations, searchableIndex: searchableIndex)
        do {
            app = try factory.make(context)
        } catch {
            try? donations.close()
            try? intentStore.close()
            if let error = error as? ReplayStepError { throw error }
            throw .failed("cannot start \(factory.name): \(error)")
        }
        let hasManifest = factory.bridgeManifestPath.map { factory.hasResource($0, environment) } ?? false
        let wantsBridge = script.bridge ?? (hasManifest && bridgeRoute != nil)
        legacyRoute = LegacyContinuationRoute()
        if wantsBridge {
            do throws(ReplayStepError) {
                guard let manifest = factory.bridgeManifestPath, hasManifest else {
                    throw .failed("'bridge' is true but \(factory.name) has no bridge manifest")
                }
                guard let bridgeRoute else {
                    throw .failed("'bridge' is true but no bridge is configured to read \(manifest)")
                }
                // The bridge's route may need the finished session (its app, registry and stores).
                bridgedRoute = try Self.make(bridgeRoute, for: self)
            } catch {
                close()
                throw error
            }
        }
    }

    /// A warning for each declared type with a `$(…)` no build setting expands: as written, it can
    /// equal no real activity type, so a continuation of it replays as `undeclared` — the script
    /// should say why (`activity-type-unresolved-variable`, the rule `validate` gives it). Placed at
    /// the declaration, or at the script's `app` when the declarations have no locations.
    public var warnings: [Diagnostic] {
        declarations.declarations.compactMap { declaration -> Diagnostic? in
            guard let expansion = declaration.expansion, !expansion.isResolved, let raw = declaration.rawValue else { return nil }
            let problems = expansion.problems.map(\.description).joined(separator: "; ")
            let undefined = expansion.problems.filter { $0.kind == .undefined && !$0.name.isEmpty }.map(\.name)
            var message = "declared activity type '\(raw)' of \(appName)"
            if expansion.value.contains("$(") || expansion.value.contains("${") {
                message += " stays as written (\(problems)): no activity type can equal it, so its continuations replay as undeclared"
            } else {
                message += " expands to '\(expansion.value)' (\(problems))"
            }
            if let name = undefined.first { message += "; define \(name) (replay --define \(name)=VALUE, or --project)" }
            let place = declaration.location ?? script.appLocation ?? SourceLocation(file: script.file, line: 1, column: 1)
            return Diagnostic(.activityTypeUnresolvedVariable, message, at: place)
        }
    }

    /// Set when the script runs through the bridge; ``legacyRoute`` is used otherwise.
    public private(set) var bridgedRoute: (any ContinuationRoute)?

    /// The route in effect: the bridge's when the script uses it, else the legacy handlers.
    public var activeRoute: any ContinuationRoute { bridgedRoute ?? legacyRoute }

    /// Whether legacy continuations go through the bridge.
    public var usesBridge: Bool { bridgedRoute != nil }

    /// Closes the stores. The runner calls it before removing the directory.
    public func close() {
        app.close()
        try? donations.close()
        try? intentStore.close()
    }

    /// Delivers a legacy activity through the active route (opening the app as the system does).
    public func deliver(_ activity: UserActivity, stored: Bool) throws(ReplayStepError) -> ContinuationResult {
        try activeRoute.deliver(activity, stored: stored, in: self)
    }

    /// Records that an intent ran (for `lastIntent`); routes and apps call it for intents they run.
    /// Without the performed intent its entities are unknown: `syncedEntities` becomes empty.
    public func noteIntentRan(_ typeName: String) {
        lastIntent = typeName
        lastSyncedEntities = []
    }

    /// Records a performed intent: `lastIntent`, and for `syncedEntities` its entities whose
    /// type syncs across devices on the app's platform.
    public func noteIntentRan(_ performed: PerformedIntent) {
        noteIntentRan(performed.intent.typeName)
        lastSyncedEntities = app.intents?.syncedEntities(of: performed.intent) ?? []
    }

    /// The app's snapshot plus the keys every app shares: `donations`, `intentDonations`,
    /// `lastIntent` and `syncedEntities` (once an intent ran; `{type, id, title}` each).
    public func snapshot() throws(ReplayStepError) -> PropertyListDictionary {
        var snapshot = try app.snapshot()
        if snapshot["donations"] == nil {
            let identifiers: [String]
            do { identifiers = try donations.persistentIdentifiersInDonationOrder() } catch {
                throw .failed("cannot read donations: \(error)")
            }
            snapshot["donations"] = .array(identifiers.map { .string($0) })
        }
        if snapshot["intentDonations"] == nil {
            do {
                snapshot["intentDonations"] = .array(try intentDonations.donations().map { .string($0.intentTypeName) })
            } catch {
                throw .failed("cannot read intent donations: \(error)")
            }
        }
        if snapshot["shortcutPhrases"] == nil, let shortcuts = app.appShortcuts {
            snapshot["shortcutPhrases"] = .array(shortcuts.phrases.map { .string($0) })
        }
        if snapshot["lastIntent"] == nil, let lastIntent {
            snapshot["lastIntent"] = .string(lastIntent)
        }
        if snapshot["syncedEntities"] == nil, lastIntent != nil {
            snapshot["syncedEntities"] = .array(lastSyncedEntities.map { entity -> PropertyListValue in
                .dictionary(["type": .string(entity.typeName), "id": .string(entity.identifier), "title": .string(entity.title)])
            })
        }
        return snapshot
    }

    func remember(_ shortcut: VoiceShortcut) {
        voiceShortcuts.removeAll { ReplayPhrase.normalized($0.phrase) == ReplayPhrase.normalized(shortcut.phrase) }
        voiceShortcuts.append(shortcut)
    }

    private static func make(
        _ factory: (ReplaySession) throws -> any ContinuationRoute, for session: ReplaySession
    ) throws(ReplayStepError) -> any ContinuationRoute {
        do { return try factory(session) } catch let error as ReplayStepError { throw error } catch {
            throw .failed("cannot load the bridge: \(error)")
        }
    }
}

/// A phrase the user recorded for a donated shortcut (Settings → Siri & Search), with the copy of
/// the donated activity it runs — as iOS keeps its own copy in the voice shortcut.
public struct VoiceShortcut: Hashable, Sendable {
    public var phrase: String
    public var persistentIdentifier: String
    public var activity: UserActivity
}

/// What Siri asked last: the candidates a `choose` step can name.
public struct ReplayQuestion {
    /// `disambiguation` or `needsValue`.
    public var kind: String
    public var candidates: [IntentCandidate]

    public init(kind: String, candidates: [IntentCandidate]) {
        self.kind = kind
        self.candidates = candidates
    }
}

/// How Siri compares what was said with a phrase: case-insensitive, ignoring punctuation and spaces
/// around the words, and runs of spaces.
public enum ReplayPhrase {
    public static func normalized(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters).union(.symbols))
        return trimmed.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
