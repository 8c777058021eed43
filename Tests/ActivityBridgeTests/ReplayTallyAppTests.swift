import Foundation
import Testing
import ActivityBridge
import ActivityKit
import IntentKit
import PropertyList
import TestSupport

/// A minimal app for testing the replay engine without the samples: it adds numbers to a total.
/// Declares `com.example.tally.add` (handled) and `com.example.tally.noop` (no handler); its
/// `AddIntent` takes a size (Small = 1, Large = 10) and opens the app.
final class TallyApp: ReplayApp {
    static let name = "tally"
    static let infoPlistPath = "Plists/Tally-Info.plist"
    /// Present only when a test writes it.
    static let bridgeManifestPath: String? = "Plists/Tally-Bridge.plist"

    enum Action: Equatable { case add(Int) }

    var router: LaunchRouter<Action>
    var total = 0
    let continuations: ContinuationEngine
    let intents: IntentRegistry?
    private let registry: IntentRegistry

    static let size = IntentEnum(typeName: "TallySize", cases: [
        IntentEnum.Case("small", DisplayRepresentation(title: "Small")),
        IntentEnum.Case("large", DisplayRepresentation(title: "Large")),
    ])

    init(context: ReplayAppContext) throws {
        router = LaunchRouter(launched: context.environment.launched)
        continuations = ContinuationEngine(declarations: context.declarations)
        registry = IntentRegistry(platform: context.environment.platform)
        intents = registry
        continuations.register("com.example.tally.add") { [unowned self] activity, _ in
            guard let amount = activity.userInfo["amount"]?.intValue else { return false }
            self.open(.add(amount))
            return true
        }
        continuations.register(SystemActivityType.spotlightItem.rawValue) { [unowned self] activity, _ in
            self.open(.add(100))
            return true
        }
        try registry.register(IntentDefinition(
            typeName: "AddIntent", title: "Add", opensApp: true, parameters: [.enumeration("size", Self.size)]
        ) { [unowned self] intent, _ in
            self.open(.add(intent.enumCase("size") == "large" ? 10 : 1))
            return .result(dialog: "Added")
        })
        try registry.register(IntentDefinition(typeName: "FutureIntent", title: "Future", availability: Platform(30)) { _, _ in .result() })
    }

    private func open(_ action: Action) {
        for delivered in router.open(action) { reduce(delivered) }
    }

    private func reduce(_ action: Action) {
        switch action {
        case let .add(amount): total += amount
        }
    }

    var launchPhase: LaunchPhase { router.phase }
    func launch() { router.launch() }
    func finishLaunching() { for action in router.finishLaunching() { reduce(action) } }

    func perform(_ step: ReplayStep, in session: ReplaySession) throws(ReplayStepError) -> ReplayStepResult? {
        switch step.action {
        case "tap":
            reduce(.add(try step.integer("amount")))
            return .ok
        default:
            return nil
        }
    }

    func siri(_ utterance: String, in session: ReplaySession) throws(ReplayStepError) -> ReplayStepResult? {
        switch ReplayPhrase.normalized(utterance) {
        case "add some in tally":
            let request = IntentRequest(typeName: "AddIntent")
            return try session.runIntent(request, source: "siri")
        case "add one in tally":
            let candidates = Self.size.cases.map {
                IntentCandidate(title: $0.title, request: IntentRequest(typeName: "AddIntent", values: ["size": .enumCase($0)]))
            }
            return session.ask("disambiguation", candidates: candidates)
        default:
            return nil
        }
    }

    func spotlightItems() throws(ReplayStepError) -> [ReplaySpotlightItem] {
        [.indexed(title: "Tally total", identifier: "total", keywords: ["sum"])]
    }

    func snapshot() throws(ReplayStepError) -> PropertyListDictionary {
        let screen = switch router.phase {
        case .closed: "closed"
        case .launching: "splash"
        case .running: "home"
        }
        return ["screen": .string(screen), "router.pending": .integer(PropertyListInteger(router.pending)), "total": .integer(PropertyListInteger(total))]
    }
}

/// A resource root with the tally app's Info.plist, and a runner over it.
struct TallyFixture: ~Copyable {
    /// Removed with everything in it when the fixture goes.
    private let directory: TemporaryDirectory
    var root: URL { directory.url }
    var runner: ReplayRunner

    init() throws {
        // Built in locals and stored at the end: a noncopyable value cannot be left half-initialized by a throw.
        let directory = try TemporaryDirectory("replay-tally")
        let root = directory.url
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Plists"), withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>NSUserActivityTypes</key><array>
                <string>com.example.tally.add</string>
                <string>com.example.tally.noop</string>
              </array>
            </dict></plist>
            """.utf8).write(to: root.appendingPathComponent(TallyApp.infoPlistPath))
        let scratch = root.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        self.directory = directory
        runner = ReplayRunner(apps: [TallyApp.self], resourceRoots: [root], temporaryDirectory: scratch)
    }

    /// Runs steps (dictionaries) as a script of the tally app.
    func run(_ steps: [PropertyListValue], launched: Bool = false, bridge: Bool? = nil) throws -> ReplayScriptReport {
        var root: PropertyListDictionary = ["name": "tally test", "app": "tally", "launched": .bool(launched), "steps": .array(steps)]
        if let bridge { root["bridge"] = .bool(bridge) }
        return runner.run(try ReplayScript(root: .dictionary(root), file: "tally.plist"))
    }

    var scratchContents: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("scratch").path)) ?? ["unreadable"]
    }
}

/// `["do": "continue", "activity": [...]]` for an add of `amount`.
func addActivity(_ amount: PropertyListValue?, type: String = "com.example.tally.add", extra: PropertyListDictionary = [:]) -> PropertyListValue {
    var userInfo = PropertyListDictionary()
    if let amount { userInfo["amount"] = amount }
    var activity: PropertyListDictionary = ["activityType": .string(type), "userInfo": .dictionary(userInfo)]
    for entry in extra { activity[entry.key] = entry.value }
    return .dictionary(activity)
}
