import ActivityBridge
import ActivityKit
import Bookshelf
import IntentKit
import PropertyList

/// Bookshelf as replay scripts drive it (`app` = `bookshelf`): the system side — declared types,
/// launch, Siri — comes from ActivityBridge; what the app does is the app's own `Bookshelf`, called
/// exactly as the iOS app's `application(_:continue:restorationHandler:)` and App Intents call it.
///
/// Scripts add the step `addBook` (`id`, `title`); the snapshot has `screen` (`closed`, `splash`,
/// `shelf`, `book`), `router.pending`, `openBook` (a title) and `readingList` (titles).
final class BookshelfReplayApp: ReplayApp {
    static let name = "bookshelf"
    /// Found under the scripts' parent directories (`Examples/ReplayTests/Plists/`), as in the app's repository.
    static let infoPlistPath = "Plists/Bookshelf-Info.plist"
    static let applicationName = "Bookshelf"

    /// What the system opens the app for; queued while it launches.
    enum Action { case openBook(String) }

    let shelf = Bookshelf()
    let continuations: ContinuationEngine
    let intents: IntentRegistry?
    let appShortcuts: AppShortcuts?
    private var router: LaunchRouter<Action>

    init(context: ReplayAppContext) throws {
        router = LaunchRouter(launched: context.environment.launched)
        continuations = ContinuationEngine(declarations: context.declarations)
        // The type the app donates, with the bundle id the build gives it (the tests' build settings).
        let bundleID = context.environment.buildSettings["PRODUCT_BUNDLE_IDENTIFIER"] ?? "$(PRODUCT_BUNDLE_IDENTIFIER)"
        let registry = IntentRegistry(platform: context.environment.platform)
        intents = registry
        try registry.register(IntentDefinition(typeName: "AddToReadingListIntent", title: "Add to Reading List") { [shelf] _, _ in
            guard shelf.addOpenBookToReadingList() else { return .result(dialog: "Open a book first") }
            return .result(dialog: "Added \(shelf.openBook?.title ?? "") to your reading list")
        })
        appShortcuts = try AppShortcuts(applicationName: Self.applicationName, registry: registry, shortcuts: [
            AppShortcut(intent: "AddToReadingListIntent", phrases: ["Add this book to my reading list in ${applicationName}"],
                        shortTitle: "Add to Reading List", systemImageName: "text.badge.plus"),
        ])
        continuations.register(bundleID + Bookshelf.openBookActivitySuffix) { [unowned self] activity, _ in
            guard let id = activity.userInfo[Bookshelf.bookIDKey]?.stringValue,
                  shelf.books.contains(where: { $0.id == id }) else { return false }  // a stale donation
            for action in router.open(.openBook(id)) { perform(action) }
            return true
        }
    }

    private func perform(_ action: Action) {
        switch action {
        case let .openBook(id): shelf.open(bookID: id)
        }
    }

    var launchPhase: LaunchPhase { router.phase }
    func launch() { _ = router.launch() }
    func finishLaunching() { for action in router.finishLaunching() { perform(action) } }

    func perform(_ step: ReplayStep, in session: ReplaySession) throws(ReplayStepError) -> ReplayStepResult? {
        guard step.action == "addBook" else { return nil }
        shelf.add(Bookshelf.Book(id: try step.string("id"), title: try step.string("title")))
        return .ok
    }

    func snapshot() throws(ReplayStepError) -> PropertyListDictionary {
        let screen = switch router.phase {
        case .closed: "closed"
        case .launching: "splash"
        case .running: shelf.openBook == nil ? "shelf" : "book"
        }
        return [
            "screen": .string(screen), "router.pending": .integer(PropertyListInteger(router.pending)),
            "openBook": shelf.openBook.map { .string($0.title) } ?? .string(""),
            "readingList": .array(shelf.readingList.map { .string($0.title) }),
        ]
    }
}
