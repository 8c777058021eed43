import Foundation
import Testing
import SwiftFacts

/// Values that reach a site through a parameter, an enum's members for one case or every case, an intent
/// held in a local, and an activity type mapped to an enum: each resolved, at its exact place.
@Suite("Value flow: parameters, enum members, intents and mapped activity types",
       .enabled(if: parserAvailable, "this build has no SwiftSyntax host libraries (Package.swift, ACTIVITY_BRIDGE_SWIFT_HOST_LIBS)"))
struct ValueFlowTests {
    @Test("a String parameter is what the function's callers pass, from any file")
    func stringParameterTakesItsCallersArguments() throws {
        let builder = """
            import Intents
            struct ShortcutBuilder {
                static func make(id: String, title: String) -> NSUserActivity {
                    let activity = NSUserActivity(activityType: id)
                    return activity
                }
            }
            """
        let callers = """
            enum Constants { enum Siri { static let add = "com.example.add"; static let open = "com.example.open" } }
            let a = ShortcutBuilder.make(id: Constants.Siri.add, title: "Add")
            let b = ShortcutBuilder.make(id: Constants.Siri.open, title: "Open")
            """
        let facts = try extractFacts(["Builder.swift": builder, "Callers.swift": callers])
        #expect(lines(facts.created) == [
            "Builder.swift:4:53 activityInitializer id => com.example.add",
            "Builder.swift:4:53 activityInitializer id => com.example.open",
        ])
        #expect(facts.parsedFiles == ["Builder.swift", "Callers.swift"])
    }

    @Test("a parameter without callers stays unresolved, as written")
    func parameterWithoutCallers() throws {
        let facts = try extractFacts(["Builder.swift": "func make(_ id: String) { _ = NSUserActivity(activityType: id) }\n"])
        #expect(lines(facts.created) == ["Builder.swift:1:60 activityInitializer id => nil"])
    }

    @Test("an argument that is itself a parameter is followed to its callers")
    func argumentChains() throws {
        let code = """
            func make(_ id: String) { _ = NSUserActivity(activityType: id) }
            func donate(kind: String) { make(kind) }
            func start() { donate(kind: "com.example.chain") }
            """
        let facts = try extractFacts(["Chain.swift": code])
        #expect(lines(facts.created) == ["Chain.swift:1:60 activityInitializer id => com.example.chain"])
    }

    static let activityKinds = #"""
        import Foundation
        enum ActivityKind: String, CaseIterable {
            case newTab, openURL = "open-url"
            var identifier: String { "\(Bundle.main.bundleIdentifier ?? "").\(self.rawValue)" }
            var title: String {
                switch self {
                case .newTab: return "New Tab"
                case .openURL: return "Open"
                }
            }
        }
        """#

    @Test("a member of an enum-typed parameter gives one entry per case; Enum.case.member that case's value")
    func enumMembersPerCase() throws {
        let sites = #"""
            import UIKit
            func donate(_ kind: ActivityKind) {
                let activity = NSUserActivity(activityType: kind.identifier)
                activity.becomeCurrent()
            }
            func handle(_ activity: NSUserActivity) {
                switch activity.activityType {
                case ActivityKind.newTab.identifier: break
                default: break
                }
                if activity.activityType == ActivityKind.openURL.identifier {}
            }
            """#
        let facts = try extractFacts(["Kinds.swift": Self.activityKinds, "Sites.swift": sites])
        #expect(lines(facts.created) == [
            "Sites.swift:3:49 activityInitializer kind.identifier => $(PRODUCT_BUNDLE_IDENTIFIER).newTab",
            "Sites.swift:3:49 activityInitializer kind.identifier => $(PRODUCT_BUNDLE_IDENTIFIER).open-url",
        ])
        #expect(lines(facts.handled) == [
            "Sites.swift:8:10 switchCase ActivityKind.newTab.identifier => $(PRODUCT_BUNDLE_IDENTIFIER).newTab",
            "Sites.swift:11:33 comparison ActivityKind.openURL.identifier => $(PRODUCT_BUNDLE_IDENTIFIER).open-url",
        ])
    }

    @Test("a switch over self picks the case's branch; a bare rawValue in the enum is self's")
    func switchOverSelfForOneCase() throws {
        let kinds = """
            enum Screen: String {
                case home = "com.example.home", settings = "com.example.settings"
                var activityType: String { rawValue }
                var legacy: String {
                    switch self {
                    case .home: return "legacy.home"
                    default: return "legacy.other"
                    }
                }
            }
            """
        let sites = """
            func go() {
                _ = NSUserActivity(activityType: Screen.settings.activityType)
                _ = NSUserActivity(activityType: Screen.settings.legacy)
                _ = NSUserActivity(activityType: Screen.home.legacy)
            }
            """
        let facts = try extractFacts(["Screen.swift": kinds, "Go.swift": sites])
        #expect(facts.created.map { $0.resolved ?? "nil" } == ["com.example.settings", "legacy.other", "legacy.home"])
    }

    @Test("intents continued in the app: casts of interaction?.intent, of a local holding it, and of an INIntent parameter")
    func intentCasts() throws {
        let code = """
            import Intents
            final class Router {
                func scene(_ scene: Any, continue userActivity: NSUserActivity) {
                    if let play = userActivity.interaction?.intent as? INPlayMediaIntent { _ = play }
                    guard let intent = userActivity.interaction?.intent else { return }
                    if intent is INStartCallIntent {
                    } else if let chapter = intent as! XYChapterIntent? { _ = chapter }
                    parse(intent)
                }
                func parse(_ intent: INIntent) {
                    switch intent {
                    case let sleep as SleepTimerIntent: _ = sleep
                    case is INSendMessageIntent: break
                    default: break
                    }
                }
                func unrelated(_ value: Any) { _ = value as? INPlayMediaIntent }
            }
            """
        let facts = try extractFacts(["Router.swift": code])
        #expect(lines(facts.handled) == [
            "Router.swift:4:60 intentCast INPlayMediaIntent => INPlayMediaIntent",
            "Router.swift:6:22 intentCast INStartCallIntent => INStartCallIntent",
            "Router.swift:7:44 intentCast XYChapterIntent? => XYChapterIntent",
            "Router.swift:12:27 intentCast SleepTimerIntent => SleepTimerIntent",
            "Router.swift:13:17 intentCast INSendMessageIntent => INSendMessageIntent",
        ])
    }

    @Test("a cast in handler(for:), application(_:handlerFor:) or an Intents UI view picks a handler or a view: no site")
    func intentDispatchIsNoSite() throws {
        let code = """
            import Intents
            class IntentHandler: INExtension {
                override func handler(for intent: INIntent) -> Any {
                    if intent is SleepTimerIntent { return self }
                    return self
                }
            }
            class AppDelegate {
                func application(_ application: Any, handlerFor intent: INIntent) -> Any? {
                    intent is INPlayMediaIntent ? self : nil
                }
            }
            class IntentViewController: UIViewController, INUIHostedViewControlling {
                func configureView(for parameters: Set<INParameter>, of interaction: INInteraction, interactiveBehavior: INUIInteractiveBehavior,
                                   context: INUIHostedViewContext, completion: @escaping (Bool, Set<INParameter>, CGSize) -> Void) {
                    if let put = interaction.intent as? PutFileIntent { _ = put }
                }
            }
            """
        let facts = try extractFacts(["Handlers.swift": code])
        #expect(facts.handled.isEmpty)
    }

    @Test("an activity type mapped to an enum by init(rawValue:): each case of the switch is a handled site")
    func enumMappedActivityTypes() throws {
        let code = """
            import UIKit
            enum NotesActivity: String {
                case openLibrary = "org.example.OpenLibrary"
                case study = "org.example.Study"
            }
            final class SceneDelegate {
                func scene(_ scene: Any, continue userActivity: NSUserActivity) {
                    switch NotesActivity(rawValue: userActivity.activityType) {
                    case .openLibrary: break
                    case .study?: break
                    case nil: break
                    }
                    guard let kind = NotesActivity(rawValue: userActivity.activityType) else { return }
                    switch kind {
                    case .study: break
                    default: break
                    }
                }
            }
            """
        let facts = try extractFacts(["Scene.swift": code])
        #expect(lines(facts.handled) == [
            "Scene.swift:9:14 switchCase .openLibrary => org.example.OpenLibrary",
            "Scene.swift:15:14 switchCase .study => org.example.Study",
        ])
    }

    @Test("a share sheet's UIActivity.ActivityType named activityType is no NSUserActivity type")
    func shareSheetActivityTypes() throws {
        let code = """
            import UIKit
            final class Item: NSObject, UIActivityItemSource {
                func activityViewController(_ controller: UIActivityViewController, itemForActivityType activityType: UIActivity.ActivityType?) -> Any? {
                    if activityType == .print || activityType == .mail { return nil }
                    return nil
                }
                func other(activityType: String) { if activityType == "com.example.real" {} }
            }
            """
        let facts = try extractFacts(["Item.swift": code])
        #expect(lines(facts.handled) == ["Item.swift:7:59 comparison \"com.example.real\" => com.example.real"])
    }

    @Test("a member of a generic parameter constrained to a protocol, or of Self in its extension: every conformer's")
    func protocolMembers() throws {
        let restorable = """
            import Foundation
            protocol Restorable: Codable { static var activityType: String { get } }
            extension Restorable {
                init?(activity: NSUserActivity) {
                    guard activity.activityType == Self.activityType else { return nil }
                    self = try! JSONDecoder().decode(Self.self, from: Data())
                }
            }
            extension NSUserActivity {
                convenience init<T: Restorable>(restoring value: T) { self.init(activityType: T.activityType) }
            }
            """
        let conformers = """
            struct Space { struct State: Restorable { static var activityType: String { "space.state" } } }
            struct Tab: Restorable { static let activityType = "tab.state" }
            """
        let facts = try extractFacts(["Restorable.swift": restorable, "Conformers.swift": conformers])
        #expect(facts.handled.map { "\($0.position) \($0.resolved ?? "nil")" } == [
            "Restorable.swift:5:40 space.state", "Restorable.swift:5:40 tab.state",
        ])
        #expect(facts.created.map { "\($0.position) \($0.resolved ?? "nil")" } == [
            "Restorable.swift:10:83 space.state", "Restorable.swift:10:83 tab.state",
        ])
    }

    @Test("a bare requirement in a protocol's extension is each conformer's (issue 24: sites behind protocol members)")
    func bareRequirementInAProtocolExtension() throws {
        let code = """
            import UIKit
            protocol Restorable { var activityType: String { get } }
            extension Restorable where Self: UIViewController {
                func makeActivity() -> NSUserActivity { NSUserActivity(activityType: activityType) }
            }
            final class NoteViewController: UIViewController, Restorable { var activityType: String { "com.example.note" } }
            final class ListViewController: UIViewController, Restorable { let activityType = "com.example.list" }
            """
        let facts = try extractFacts(["Restorable.swift": code])
        #expect(facts.created.map { $0.resolved ?? "nil" } == ["com.example.note", "com.example.list"])
    }

    @Test("a type read from the Info.plist at run time, through a member of Bundle.main")
    func infoPlistValues() throws {
        let code = #"""
            import UIKit
            extension Bundle {
                var activityType: String? { (infoDictionary?["NSUserActivityTypes"] as? Array)?.first }
                var displayName: String? { object(forInfoDictionaryKey: "CFBundleDisplayName") as? String }
            }
            func go(_ activity: NSUserActivity) {
                if activity.activityType == Bundle.main.activityType {}
                _ = NSUserActivity(activityType: Bundle.main.displayName!)
            }
            """#
        let facts = try extractFacts(["Bundle.swift": code])
        #expect(facts.handled.map { $0.resolved ?? "nil" } == ["$(INFOPLIST:NSUserActivityTypes[0])"])
        #expect(facts.created.map { $0.resolved ?? "nil" } == ["$(INFOPLIST:CFBundleDisplayName)"])
        #expect(SwiftFacts.substitutingInfoPlistValues(in: "$(INFOPLIST:NSUserActivityTypes[0]).x") { key, element in
            key == "NSUserActivityTypes" && element == 0 ? "com.example.view" : nil
        } == "com.example.view.x")
        #expect(SwiftFacts.substitutingInfoPlistValues(in: "$(INFOPLIST:CFBundleDisplayName)") { _, _ in nil } == nil)
    }
}
