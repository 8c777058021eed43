import Foundation
public import ActivityBridge
public import ActivityKit
public import IntentKit
public import PropertyList

/// Walk Mate as replay scripts drive it (`app` = `walkmate`; ActivityBridge.docc, Replay scripts).
///
/// The favorites live in `walkmate.sqlite` in the script's directory; Spotlight entries and
/// intent donations go to the session's intent store, where `spotlightSearch`, `spotlightTap`
/// and the `intentDonations` snapshot key read them. The common steps (`siri`, `choose`,
/// `runShortcut`, `continue`, …) reach the same reducer through the registry, the App Shortcuts
/// and the continuation handlers this app exposes.
///
/// Favorites edits only mark Spotlight and the phrases stale; every other step first brings them
/// up to date (``perform(_:in:)``), as the seed's refresh tasks finish before the user's next
/// action. So a script that adds n favorites in a row refreshes once, not n times.
public final class WalkMateReplayApp: ReplayApp {
    public static let name = "walkmate"
    public static let infoPlistPath = "Plists/WalkMate-Info.plist"
    public static let bridgeManifestPath: String? = "Plists/WalkMate-Bridge.plist"
    /// Compiled in (Package.swift `.embedInCode`; `Resources/` links to the package's `Plists/`), so an
    /// installed binary replays without the source tree.
    public static let bundledResources: [String: [UInt8]] = [
        infoPlistPath: PackageResources.WalkMate_Info_plist,
        "Plists/WalkMate-Bridge.plist": PackageResources.WalkMate_Bridge_plist,
    ]

    /// The app itself: a new instance after each `terminate`, as a relaunch is a new process.
    public private(set) var app: WalkMateApp
    private let context: ReplayAppContext

    public init(context: ReplayAppContext) throws {
        self.context = context
        app = try Self.makeApp(context, launched: context.environment.launched)
    }

    private static func makeApp(_ context: ReplayAppContext, launched: Bool) throws -> WalkMateApp {
        try WalkMateApp(
            storePath: context.environment.storePath("walkmate.sqlite"), platform: context.environment.platform,
            declarations: context.declarations, launched: launched,
            spotlightIndex: context.searchableIndex, intentDonations: context.intentDonations)
    }

    /// `terminate`: the system ends Walk Mate's process. What it kept only in memory is gone (the
    /// screen, requests queued on the splash); a new instance starts closed over the same files,
    /// so the next `launch` shows what was saved.
    func terminate() throws(ReplayStepError) {
        app.close()
        app = try Self.run { try Self.makeApp(context, launched: false) }
    }

    /// Closes the favorites file before the script's directory is removed.
    public func close() {
        app.close()
    }

    public var continuations: ContinuationEngine { app.continuations }
    public var intents: IntentRegistry? { app.registry }
    public var appShortcuts: AppShortcuts? { app.shortcuts }
    public var launchPhase: LaunchPhase { app.store.state.router.phase }

    public func launch() throws(ReplayStepError) {
        try Self.run { try app.launch() }
    }

    public func finishLaunching() throws(ReplayStepError) {
        try Self.run { try app.finishLaunching() }
    }

    /// Walk Mate's own steps (see ``WalkMateReplayApp/perform(_:in:)``'s table); nil for the
    /// common ones, after bringing Spotlight and the phrases up to date.
    public func perform(_ step: ReplayStep, in session: ReplaySession) throws(ReplayStepError) -> ReplayStepResult? {
        if !Self.editSteps.contains(step.action) {
            try Self.run { try settle() }
        }
        return try performOwnStep(step, in: session)
    }

    /// Steps that change favorites or settings and leave the system's refresh pending.
    static let editSteps: Set<String> = ["addFavorite", "renameFavorite", "deleteFavorite", "setTargetDistance"]

    /// `screen`, `router.pending`, `map.favorite`, `generating.distanceKm`, `favorites`,
    /// `favorites.count`, `spotlight`, `shortcutPhrases` and `targetDistanceKm`.
    public func snapshot() throws(ReplayStepError) -> PropertyListDictionary {
        try Self.run { () throws -> PropertyListDictionary in
            try settle()
            let state = app.store.state
            var snapshot: PropertyListDictionary = [
                "screen": .string(state.visibleScreenName),
                "router.pending": .integer(PropertyListInteger(state.router.pending)),
            ]
            if state.isInteractive {
                switch state.screen {
                case let .map(id?):
                    if let favorite = try app.favorites.favorite(id: id) { snapshot["map.favorite"] = .string(favorite.name) }
                case let .generating(distanceKm):
                    snapshot["generating.distanceKm"] = .real(distanceKm)
                default:
                    break
                }
            }
            let favorites = try app.favorites.load()
            snapshot["favorites"] = .array(favorites.map { .string($0.name) })
            snapshot["favorites.count"] = .integer(PropertyListInteger(favorites.count))
            snapshot["spotlight"] = .array(try app.spotlight.indexedFavoriteNames().map { .string($0) })
            snapshot["shortcutPhrases"] = .array(try app.shortcutPhrases().map { .string($0) })
            snapshot["targetDistanceKm"] = .real(state.targetDistanceKm)
            return snapshot
        }
    }

    /// Brings Spotlight and the App Shortcut phrases up to date with storage.
    func settle() throws {
        try app.spotlight.refreshIfStale()
        try app.updatePhrasesIfStale()
    }

    /// A continuation handler can only answer false: what it met fails the step that delivered it.
    public func afterStep() throws(ReplayStepError) {
        guard let error = app.takeHandlerErrors().first else { return }
        throw .failed("a Walk Mate continuation handler failed: \(error)")
    }

    /// Runs app code, turning its errors into step errors: bad input names the step's key.
    @discardableResult
    static func run<T>(key: String? = nil, _ body: () throws -> T) throws(ReplayStepError) -> T {
        do {
            return try body()
        } catch let error as FavoritesStoreError {
            switch error {
            case .invalidName, .duplicateName, .notFound:
                throw .invalidArgument(key: key ?? "name", reason: error.description)
            case .invalidCoordinate:
                throw .invalidArgument(key: "latitude", reason: error.description)
            case .duplicateID:
                throw .invalidArgument(key: "id", reason: error.description)
            case .unreadableRow:
                throw .failed(error.description)
            }
        } catch let error as WalkMateAppError {
            throw .failed(error.description)
        } catch {
            throw .failed("Walk Mate failed: \(error)")
        }
    }
}
