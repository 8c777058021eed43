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
