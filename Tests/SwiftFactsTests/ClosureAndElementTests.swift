import Foundation
import Testing
import SwiftFacts

/// Constants initialized by a closure (stored, or called at once) resolve to what the closure returns, with
/// the locals of its body; an element of an array read from the Info.plist at run time (`X[n]`, `X.first`)
/// resolves to a placeholder for that element, and an element of anything else stays unresolved.
@Suite("Closure-initialized constants and Info.plist array elements",
       .enabled(if: parserAvailable, "this build has no SwiftSyntax host libraries (Package.swift, ACTIVITY_BRIDGE_SWIFT_HOST_LIBS)"))
struct ClosureAndElementTests {
    @Test("a static let holding a closure (called as Type.x()) and one initialized by a closure called at once")
    func closureInitializedConstants() throws {
        let types = """
            import UIKit
            extension SceneDelegate {
                // Loaded from the Info.plist.
                static let MainSceneActivityType = { () -> String in
                    let activityTypes = Bundle.main.infoDictionary?["NSUserActivityTypes"] as? [String]
                    return activityTypes![0]
                }
            }
            extension ImageSceneDelegate {
                static let ImageSceneActivityType = { () -> String in
                    let activityTypes = Bundle.main.infoDictionary?["NSUserActivityTypes"] as? [String]
                    return activityTypes![1]
                }
            }
            enum Kinds {
                static let order: String = {
                    let prefix = "com.example."
                    return prefix + "order"
                }()
            }
            """
        let sites = """
            import UIKit
            func use(_ activity: NSUserActivity, _ currentActivity: NSUserActivity?) {
                _ = NSUserActivity(activityType: SceneDelegate.MainSceneActivityType())
                if activity.activityType == SceneDelegate.MainSceneActivityType() {}
                if currentActivity!.activityType == ImageSceneDelegate.ImageSceneActivityType() {}
                _ = NSUserActivity(activityType: Kinds.order)
            }
            """
        let facts = try extractFacts(["Types.swift": types, "Sites.swift": sites])
        #expect(lines(facts.created) == [
            "Sites.swift:3:38 activityInitializer SceneDelegate.MainSceneActivityType() => $(INFOPLIST:NSUserActivityTypes[0])",
            "Sites.swift:6:38 activityInitializer Kinds.order => com.example.order",
        ])
        #expect(lines(facts.handled) == [
            "Sites.swift:4:33 comparison SceneDelegate.MainSceneActivityType() => $(INFOPLIST:NSUserActivityTypes[0])",
            "Sites.swift:5:41 comparison ImageSceneDelegate.ImageSceneActivityType() => $(INFOPLIST:NSUserActivityTypes[1])",
        ])
    }

    @Test("a local inside an initializing closure is found from its return, and is no member of the enclosing type")
    func closureLocalsStayInTheClosure() throws {
        let code = """
            import UIKit
            enum Names { static let name = "com.example.real" }
            class SceneDelegate {
                static let made: String = {
                    let name = "com.example.local"
                    return name
                }()
                func go() {
                    _ = NSUserActivity(activityType: name)
                    _ = NSUserActivity(activityType: SceneDelegate.made)
                }
            }
            """
        let facts = try extractFacts(["Scene.swift": code])
        #expect(lines(facts.created) == [
            "Scene.swift:9:42 activityInitializer name => com.example.real",
            "Scene.swift:10:42 activityInitializer SceneDelegate.made => com.example.local",
        ])
    }

    @Test(".first through a local, [n] on the Info.plist array itself, and an index out of the array's range")
    func elementsOfTheInfoPlistArray() throws {
        let code = """
            import UIKit
            func go() {
                let types = Bundle.main.infoDictionary?["NSUserActivityTypes"] as? [String]
                _ = NSUserActivity(activityType: types!.first!)
                _ = NSUserActivity(activityType: (Bundle.main.object(forInfoDictionaryKey: "NSUserActivityTypes") as! [String])[1])
                _ = NSUserActivity(activityType: types![5])
            }
            """
        let facts = try extractFacts(["Go.swift": code])
        #expect(facts.created.map { $0.resolved ?? "nil" } == [
            "$(INFOPLIST:NSUserActivityTypes[0])", "$(INFOPLIST:NSUserActivityTypes[1])", "$(INFOPLIST:NSUserActivityTypes[5])",
        ])
        // The caller looks element n up in the target's array: out of its range, nothing.
        let declared = ["com.example.main", "com.example.photo"]
        func lookup(_ key: String, _ element: Int?) -> String? {
            guard key == "NSUserActivityTypes", let element, declared.indices.contains(element) else { return nil }
            return declared[element]
        }
        #expect(facts.created.map { SwiftFacts.substitutingInfoPlistValues(in: $0.resolved ?? "", with: lookup) ?? "nil" } == [
            "com.example.main", "com.example.photo", "nil",
        ])
        #expect(SwiftFacts.substitutingInfoPlistValues(in: "$(INFOPLIST:NSUserActivityTypes)", with: lookup) == nil)
    }

    @Test("an element of anything but the Info.plist's array stays unresolved; Type.first is still a member")
    func otherElementsStayUnresolved() throws {
        let code = """
            import UIKit
            enum Kinds {
                static let all = ["com.example.a", "com.example.b"]
                static let one = "com.example.one"
                static let first = "com.example.first"
            }
            func go(_ lookup: [String: String]) {
                let list = ["com.example.a"]
                _ = NSUserActivity(activityType: list[0])
                _ = NSUserActivity(activityType: Kinds.all[1])
                _ = NSUserActivity(activityType: Kinds.all.first!)
                _ = NSUserActivity(activityType: lookup["key"]!)
                _ = NSUserActivity(activityType: String(Kinds.one.first!))
                _ = NSUserActivity(activityType: Kinds.first)
            }
            """
        let facts = try extractFacts(["Go.swift": code])
        #expect(facts.created.map { $0.resolved ?? "nil" } == ["nil", "nil", "nil", "nil", "nil", "com.example.first"])
    }
}
