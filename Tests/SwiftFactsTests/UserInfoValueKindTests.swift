import Foundation
import Testing
import SwiftFacts
import ValueFlow

/// The kind of each `userInfo` value a Swift creation site writes (what `convert --activity-type` types its
/// parameters with), and its `suggestedInvocationPhrase`.
@Suite("userInfo value kinds and invocation phrases", .enabled(if: parserAvailable, "this build has no SwiftSyntax host libraries"))
struct UserInfoValueKindTests {
    static let donor = #"""
    import Foundation

    enum Keys { static let query = "query" }
    let defaultQuery = "soup"

    final class Donor {
        func donate(count: Int, item: Item) {
            let activity = NSUserActivity(activityType: "com.example.typed")
            activity.userInfo = [
                "name": "literal", "count": 3, "ratio": -0.5, "flag": true, "when": Date(),
                "link": URL(string: "https://example.com")!, "id": UUID().uuidString, "text": String(count),
                Keys.query: defaultQuery, "cast": item.value as Double, "opaque": item.value,
            ]
            activity.userInfo?["later"] = "\(count) items"
            activity.suggestedInvocationPhrase = NSLocalizedString("Order soup", comment: "")
            activity.becomeCurrent()
        }
    }
    """#

    @Test("literals, Foundation expressions and resolved constants have a kind; anything else is unknown, with why")
    func kinds() throws {
        let facts = try extractFacts(["Donor.swift": Self.donor])
        let values = try #require(facts.created.first?.userInfoValues)
        let kinds = values.map { "\($0.key)=\($0.kind?.rawValue ?? "nil")" }
        #expect(kinds == ["name=string", "count=integer", "ratio=double", "flag=bool", "when=date", "link=url", "id=string",
                          "text=string", "query=string", "cast=double", "opaque=nil", "later=string"])
        let opaque = try #require(values.first { $0.key == "opaque" })
        #expect(opaque.expression == "item.value" && opaque.line == 12)
        #expect(opaque.unknownReason == UserInfoValue.notStaticReason)
        #expect(facts.created.first?.suggestedInvocationPhrase == "Order soup")
    }

    @Test("a userInfo assigned something unreadable has no values, as it has no keys")
    func unknownDictionary() throws {
        let facts = try extractFacts(["Donor.swift": """
            import Foundation
            func donate(info: [String: Any]) {
                let activity = NSUserActivity(activityType: "com.example.opaque")
                activity.userInfo = info
                activity.suggestedInvocationPhrase = info.description
            }
            """])
        #expect(facts.created.first?.userInfoKeys == nil)
        #expect(facts.created.first?.userInfoValues == nil)
        #expect(facts.created.first?.suggestedInvocationPhrase == nil)
    }

    static let declared = #"""
    import Foundation
    import SwiftUI

    let globalLimit = 10

    struct RouteView: View {
        let distanceKm: Double
        var name: String?
        static let origin = URL(string: "https://example.com")!

        var body: some View {
            Text("x").userActivity("com.example.route") { activity in
                let day = Date()
                let label = "walk"
                let (a, b) = (1, "two")
                activity.userInfo = ["distanceKm": distanceKm, "day": day, "label": label, "limit": globalLimit,
                                     "self": self.distanceKm, "optional": name as Any, "a": a, "activity": activity, "b": b]
            }
        }

        func share(count: Int, items: [String]) {
            // Shadows the Double property with a String: the property must not type it.
            guard let distanceKm = items.first else { return }
            let activity = NSUserActivity(activityType: "com.example.share")
            activity.userInfo = ["distanceKm": distanceKm, "parameter": count, "self": self.distanceKm]
        }
    }
    """#

    @Test("a name is typed by its declaration, nearest scope first; any binding not modelled (a loop, if let, a tuple) leaves it unknown")
    func declaredKinds() throws {
        let facts = try extractFacts(["Route.swift": Self.declared])
        let route = try #require(facts.created.first { $0.resolved == "com.example.route" }?.userInfoValues)
        #expect(route.map { "\($0.key)=\($0.kind?.rawValue ?? "nil")" } == [
            "distanceKm=double", "day=date", "label=string", "limit=integer", "self=double", "optional=nil", "a=nil", "activity=nil", "b=nil",
        ])
        let share = try #require(facts.created.first { $0.resolved == "com.example.share" }?.userInfoValues)
        #expect(share.map { "\($0.key)=\($0.kind?.rawValue ?? "nil")" } == ["distanceKm=nil", "parameter=integer", "self=double"])
    }
}
