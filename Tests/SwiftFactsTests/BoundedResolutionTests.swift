import Diagnostics
import Foundation
import Testing
import SwiftFacts

/// Code that made the old recursive resolver overflow the stack (issue 24), and shapes like it: each ends,
/// resolving what can be resolved and saying why the rest cannot.
@Suite("Bounded resolution: self-calls, forwarding and case members that refer to each other",
       .enabled(if: parserAvailable, "this build has no SwiftSyntax host libraries (Package.swift, ACTIVITY_BRIDGE_SWIFT_HOST_LIBS)"))
struct BoundedResolutionTests {
    @Test("super.init(coder: coder) is a call of init(coder:) with its own parameter: the other callers' values remain")
    func initializerForwardingItsOwnParameter() throws {
        let code = """
            import UIKit
            class Screen: UIViewController {
                init(coder: String) {
                    super.init(nibName: nil, bundle: nil)
                    userActivity = NSUserActivity(activityType: coder)
                }
                required init?(coder: NSCoder) { super.init(coder: coder) }
            }
            let screen = Screen(coder: "com.example.screen")
            """
        let facts = try extractFacts(["Screen.swift": code])
        #expect(lines(facts.created) == ["Screen.swift:5:53 activityInitializer coder => com.example.screen"])
    }

    @Test("a function that only forwards its parameter to itself is unresolved, with the reason")
    func selfRecursionOnly() throws {
        let code = """
            func make(id: String, depth: Int) { if depth > 0 { make(id: id, depth: depth - 1) }; _ = NSUserActivity(activityType: id) }
            """
        let facts = try extractFacts(["Loop.swift": code])
        #expect(lines(facts.created) == ["Loop.swift:1:119 activityInitializer id => nil"])
        #expect(facts.created.first?.unresolvedReason == "it is defined only in terms of itself")
    }

    @Test("mutually recursive functions forwarding the same-named parameter keep the one real caller's value")
    func mutualForwarding() throws {
        let code = """
            func ping(id: String) { pong(id: id); _ = NSUserActivity(activityType: id) }
            func pong(id: String) { ping(id: id) }
            func start() { pong(id: "com.example.ping") }
            """
        let facts = try extractFacts(["PingPong.swift": code])
        #expect(lines(facts.created) == ["PingPong.swift:1:72 activityInitializer id => com.example.ping"])
    }

    @Test("case members of an enum that refer to another case's member and back end, with each case's literal")
    func caseMembersReferringToEachOther() throws {
        let code = """
            import Foundation
            enum Kind {
                case a, b
                var x: String {
                    switch self {
                    case .a: return Kind.b.x
                    case .b: return Kind.a.x
                    }
                }
                var y: String {
                    switch self {
                    case .a: return "com.example.a"
                    case .b: return Kind.a.y
                    }
                }
            }
            let looping = NSUserActivity(activityType: Kind.a.x)
            let ending = NSUserActivity(activityType: Kind.b.y)
            """
        let facts = try extractFacts(["Kind.swift": code])
        #expect(lines(facts.created) == [
            "Kind.swift:17:44 activityInitializer Kind.a.x => nil",
            "Kind.swift:18:43 activityInitializer Kind.b.y => com.example.a",
        ])
        #expect(facts.created.first?.unresolvedReason == "it is defined only in terms of itself")
    }

    @Test("a chain of 3,000 constants resolves without growing the stack")
    func longChainOfConstants() throws {
        var code = "import Foundation\nlet c0 = \"com.example.deep\"\n"
        for index in 1...3_000 { code += "let c\(index) = c\(index - 1)\n" }
        code += "let activity = NSUserActivity(activityType: c3000)\n"
        let facts = try extractFacts(["Deep.swift": code])
        #expect(facts.created.map(\.resolved) == ["com.example.deep"])
    }

    @Test("a name no file declares is unresolved, saying which name")
    func undeclaredName() throws {
        let facts = try extractFacts(["A.swift": "import Foundation\nlet a = NSUserActivity(activityType: Missing.type)\n"])
        #expect(facts.created.first?.resolved == nil)
        #expect(facts.created.first?.unresolvedReason == "no declaration of 'Missing.type' was found in the files read")
    }
}

/// What a comparison with `activityType` (a `String`) can name, by the language's rules.
@Suite("Comparisons with an activity's type",
       .enabled(if: parserAvailable, "this build has no SwiftSyntax host libraries (Package.swift, ACTIVITY_BRIDGE_SWIFT_HOST_LIBS)"))
struct ActivityTypeComparisonTests {
    @Test("an implicit member compared with activityType is String's, never an enum case of another type")
    func implicitMembersAreStringMembers() throws {
        let code = """
            import UIKit
            enum Motion: String { case walking, driving }
            extension String { static let openNote = "com.example.open-note" }
            func go(_ activity: NSUserActivity, motion: CMMotion) {
                if motion.activityType == .walking { }
                if activity.activityType == .openNote { }
                switch activity.activityType {
                case .openNote: break
                case .driving: break
                default: break
                }
            }
            """
        let facts = try extractFacts(["Go.swift": code])
        // `.walking` and `.driving` are Motion's cases, String has no such members: those comparisons are of a
        // Motion, no site; `.openNote` is String's.
        #expect(facts.handled.map { "\($0.position.line) \($0.resolved ?? "nil")" } == ["6 com.example.open-note", "8 com.example.open-note"])
        // A member no file declares, of String or of an enum, is a site left unresolved, with why.
        let unknown = try extractFacts(["Go.swift": "import UIKit\nfunc go(_ a: NSUserActivity) { if a.activityType == .elsewhere { } }\n"])
        #expect(unknown.handled.map(\.unresolvedReason) == ["no declaration of 'String.elsewhere' was found in the files read"])
    }

    @Test("a bare activityType inside a type other than NSUserActivity is that type's property")
    func aTypesOwnActivityType() throws {
        let code = """
            import UIKit
            final class MotionTracker { var activityType = "walking"; func update(_ other: String) { if other != activityType { } } }
            extension NSUserActivity { var isOpen: Bool { activityType == "com.example.open" } }
            func handle(activityType: String) -> Bool { activityType == "com.example.param" }
            let shared = "com.example.shared"
            """
        let facts = try extractFacts(["Motion.swift": code])
        #expect(facts.handled.map { "\($0.position.line) \($0.resolved ?? "nil")" } == ["3 com.example.open", "4 com.example.param"])
    }

    @Test("$0 in a closure over T.allCases is each case of T; a local or parameter of another type is no activity type")
    func eachCaseAndOtherTypes() throws {
        let code = """
            import UIKit
            enum UserAction: CaseIterable {
                case search, save
                var identifier: String {
                    switch self {
                    case .search: return "com.example.search"
                    case .save: return "com.example.save"
                    }
                }
            }
            extension NSUserActivity {
                var isUserAction: Bool { UserAction.allCases.contains(where: { $0.identifier == self.activityType }) }
                var named: Bool { UserAction.allCases.contains { action in action.identifier == activityType } }
            }
            enum Motion { case walking }
            func track(_ activityType: Motion, current: Motion) { if current != activityType { } }
            func notify(_ info: [String: Any]) { guard let activityType = info["type"] as? Motion else { return }; if activityType == current { } }
            """
        let facts = try extractFacts(["Actions.swift": code])
        #expect(facts.handled.map { "\($0.position.line) \($0.resolved ?? "nil")" } == [
            "12 com.example.search", "12 com.example.save", "13 com.example.search", "13 com.example.save",
        ])
    }

    @Test("s.appending(t) is s + t")
    func appending() throws {
        let code = "import Foundation\nlet base = \"com.example\"\nlet a = NSUserActivity(activityType: base.appending(\".displaying\"))\n"
        #expect(try extractFacts(["A.swift": code]).created.map(\.resolved) == ["com.example.displaying"])
    }

    @Test("two activities' types compared with each other are no site")
    func twoActivitiesTypes() throws {
        let code = """
            import UIKit
            func same(_ a: NSUserActivity, _ b: NSUserActivity?) -> Bool { a.activityType == b?.activityType }
            func shortcut(_ list: [INShortcut], _ activity: NSUserActivity) -> Bool { list.contains { $0.userActivity?.activityType == activity.activityType } }
            """
        #expect(try extractFacts(["Same.swift": code]).handled.isEmpty)
    }
}
