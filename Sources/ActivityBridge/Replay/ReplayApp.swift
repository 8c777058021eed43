public import ActivityKit
public import Foundation
public import IntentKit
public import PropertyList

/// One sample app as a replay drives it. The session implements the steps every app shares
/// (launch, continue, donate, siri, spotlight, …) through these hooks; the app adds its own steps
/// (``perform(_:in:)``) and its state (``snapshot()``).
///
/// A conforming app is created once per script, over empty stores in the script's directory:
///
/// ```swift
/// final class HairdressersReplayApp: ReplayApp {
///     static let name = "hairdressers"
///     static let infoPlistPath = "Plists/Hairdressers-Info.plist"
///     init(context: ReplayAppContext) throws { … }
///     …
/// }
/// ```
public protocol ReplayApp: AnyObject {
    /// The script's `app` value, e.g. `hairdressers`.
    static var name: String { get }
    /// The Info.plist whose `NSUserActivityTypes` decide delivery, relative to a resource root.
    static var infoPlistPath: String { get }
    /// The bridge manifest, when the app has one (scripts then default to `bridge` true).
    static var bridgeManifestPath: String? { get }
    /// Resources compiled into the app, by the relative paths above (`Plists/…`): an installed
    /// binary carries its apps' Info.plists and manifests as an app bundle does. A file at the same
    /// path under one of the environment's resource roots takes precedence (a test's or a team's
    /// own copy); the compiled-in one answers when no root has it.
    static var bundledResources: [String: [UInt8]] { get }

    /// Builds the app over the context's (empty) stores; the app starts closed, or running when
    /// `context.environment.launched` is true.
    init(context: ReplayAppContext) throws

    /// The legacy `application(_:continue:restorationHandler:)` handlers and the Info.plist rules.
    var continuations: ContinuationEngine { get }
    /// The app's App Intents side (intents, entity types), for `runShortcut`, `choose` and the
    /// bridge; nil when the app has none.
    var intents: IntentRegistry? { get }
    /// The app's App Shortcuts: `siri` matches their phrases after the recorded ones, and the
    /// snapshot's `shortcutPhrases` lists them; nil when the app has none.
    var appShortcuts: AppShortcuts? { get }

    /// Where the app's launch stands (its router's phase).
    var launchPhase: LaunchPhase { get }
    /// The system launches the app: closed → splash.
    func launch() throws(ReplayStepError)
    /// Launch finishes: queued actions are delivered in order and the home screen shows.
    func finishLaunching() throws(ReplayStepError)

    /// Performs an app-specific step; returns nil when `step.action` is not one of the app's steps
    /// (the session then reports an unknown step). Throw ``ReplayStepError`` for missing arguments.
    func perform(_ step: ReplayStep, in session: ReplaySession) throws(ReplayStepError) -> ReplayStepResult?

    /// Called after every step that ran: throw a failure the app met in a callback that could not
    /// throw (a `continue` handler returns only a Bool). Default: nothing.
    func afterStep() throws(ReplayStepError)

    /// The script is over: close the app's own stores (the session closes the shared ones after).
    /// Default: nothing.
    func close()

    /// The app's state keys: at least `screen` and `router.pending`, plus its own (the session adds
    /// `donations`, `intentDonations` and `lastIntent` when the app does not set them).
    func snapshot() throws(ReplayStepError) -> PropertyListDictionary

    /// Siri heard `utterance` and no recorded phrase matched. Return a result to answer it
    /// yourself, or nil to let the session match ``appShortcuts`` (then `noMatch`).
    func siri(_ utterance: String, in session: ReplaySession) throws(ReplayStepError) -> ReplayStepResult?

    /// Spotlight entries besides search-eligible legacy donations and the items of the context's
    /// ``ReplayAppContext/searchableIndex``.
    func spotlightItems() throws(ReplayStepError) -> [ReplaySpotlightItem]

    /// Result keys telling what the app received — a continuation its handler got, an intent it
    /// performed — added to the step's result. Apps whose effects show in their snapshot add
    /// nothing (the default); an app without code (``ModelReplayApp``) says what it was given.
    func received(_ delivery: ReplayDelivery) -> PropertyListDictionary
}

/// What reached the app in one step.
public enum ReplayDelivery {
    case continuation(ContinuationResult)
    case intent(PerformedIntent)
}

extension ReplayApp {
    public static var bridgeManifestPath: String? { nil }
    public static var bundledResources: [String: [UInt8]] { [:] }

    /// Whether the app has the resource at `relativePath`, bundled or under `environment`'s roots.
    public static func hasResource(_ relativePath: String, in environment: ReplayEnvironment) -> Bool {
        bundledResources[relativePath] != nil || environment.existingResource(relativePath) != nil
    }

    /// The bytes of the app's resource at `relativePath`: the first file under `environment`'s
    /// resource roots, else the bundled copy.
    /// - Throws: ``ReplayStepError/failed(_:)`` naming the places searched, or why the file cannot be read.
    public static func resourceData(_ relativePath: String, in environment: ReplayEnvironment) throws(ReplayStepError) -> Data {
        if environment.existingResource(relativePath) == nil, let bytes = bundledResources[relativePath] { return Data(bytes) }
        let url = try environment.resource(relativePath)
        do {
            return try PropertyListReader.contents(ofFile: url.path, displayPath: relativePath)
        } catch {
            throw .failed(error.description)
        }
    }
    public func afterStep() throws(ReplayStepError) {}
    public func close() {}
    public var intents: IntentRegistry? { nil }
    public var appShortcuts: AppShortcuts? { nil }
    public func siri(_ utterance: String, in session: ReplaySession) throws(ReplayStepError) -> ReplayStepResult? { nil }
    public func spotlightItems() throws(ReplayStepError) -> [ReplaySpotlightItem] { [] }
    public func received(_ delivery: ReplayDelivery) -> PropertyListDictionary { [:] }
}

/// What an app gets when a script creates it.
public struct ReplayAppContext {
    public var environment: ReplayEnvironment
    /// The app's Info.plist declarations, read from ``ReplayApp/infoPlistPath``.
    public var declarations: ActivityTypeDeclarations
    /// The script's legacy donation log (shared with the session's `donate`, `continueDonation`…).
    public var donations: DonationStore
    /// The intent donations the app makes itself (the snapshot's `intentDonations`).
    public var intentDonations: IntentDonationManager
    /// The Spotlight index the app puts its entities in (searched by `spotlightSearch`).
    public var searchableIndex: SearchableIndex

    public init(
        environment: ReplayEnvironment, declarations: ActivityTypeDeclarations, donations: DonationStore,
        intentDonations: IntentDonationManager, searchableIndex: SearchableIndex
    ) {
        self.environment = environment
        self.declarations = declarations
        self.donations = donations
        self.intentDonations = intentDonations
        self.searchableIndex = searchableIndex
    }
}

/// One entry Spotlight can show: a title to search and tap, and the activity a tap continues.
public struct ReplaySpotlightItem: Hashable, Sendable {
    public var title: String
    /// Extra words the search matches (Spotlight keywords).
    public var keywords: [String]
    /// What a tap delivers: a search-eligible legacy activity, or `com.apple.corespotlightitem`
    /// with the item id in `userInfo["kCSSearchableItemActivityIdentifier"]`.
    public var activity: UserActivity

    public init(title: String, keywords: [String] = [], activity: UserActivity) {
        self.title = title
        self.keywords = keywords
        self.activity = activity
    }

    /// An indexed item (an entity) with identifier `identifier`.
    public static func indexed(title: String, identifier: String, keywords: [String] = []) -> ReplaySpotlightItem {
        ReplaySpotlightItem(title: title, keywords: keywords, activity: UserActivity(
            activityType: SystemActivityType.spotlightItem.rawValue, title: title,
            userInfo: [SystemActivityType.spotlightItem.requiredUserInfoKey ?? "kCSSearchableItemActivityIdentifier": .string(identifier)]))
    }
}
