import Foundation
import Testing
import SwiftFacts

/// Created and handled activity types in fixtures of our own, each at its exact line:column, with every kind
/// of constant resolution.
@Suite("Activity sites and constant resolution", .enabled(if: parserAvailable, "this build has no SwiftSyntax host libraries (Package.swift, ACTIVITY_BRIDGE_SWIFT_HOST_LIBS)"))
struct ActivitySiteTests {
    static let constants = #"""
    import Foundation

    enum ActivityType: String {
        case open = "com.example.app.open"
        case browse
    }

    struct Constants {
        enum Activity {
            static let edit = "com.example.app.edit"
            static let share = Bundle.main.bundleIdentifier! + ".share"
        }
    }

    let globalType = "com.example.app.global"

    enum SceneActivity {
        case lights, heating
        var activityIdentifier: String {
            switch self {
            case .lights: return "ha.scene.lights"
            case .heating: return "ha.scene.heating"
            }
        }
    }
    """#

    static let donor = #"""
    import Foundation

    final class Donor {
        static let base = "com.example"
        func typeName() -> String { "\(Donor.base).function" }

        func donate(scene: SceneActivity) {
            let first = NSUserActivity(activityType: ActivityType.open.rawValue)
            first.userInfo = ["id": 1, "name": "x"]
            first.requiredUserInfoKeys = ["id", "missing"]
            _ = NSUserActivity(activityType: Constants.Activity.edit)
            _ = NSUserActivity(activityType: "com.example.app.literal")
            _ = NSUserActivity(activityType: globalType)
            _ = NSUserActivity(activityType: scene.activityIdentifier)
            _ = NSUserActivity(activityType: Self.base + ".concat")
            _ = NSUserActivity(activityType: "\(Donor.base).interpolated")
            _ = NSUserActivity(activityType: typeName())
            _ = NSUserActivity(activityType: Constants.Activity.share)
            _ = NSUserActivity(activityType: ActivityType.browse.rawValue)
            _ = NSUserActivity(activityType: runtimeValue())
            let ü = NSUserActivity(activityType: "é.x"); _ = ü
        }
    }
    """#

    @Test("every creation site, resolved through each kind of constant")
    func created() throws {
        let facts = try extractFacts(["Constants.swift": Self.constants, "Donor.swift": Self.donor])
        #expect(lines(facts.created) == [
            "Donor.swift:8:50 activityInitializer ActivityType.open.rawValue => com.example.app.open",
            "Donor.swift:11:42 activityInitializer Constants.Activity.edit => com.example.app.edit",
            "Donor.swift:12:42 activityInitializer \"com.example.app.literal\" => com.example.app.literal",
            "Donor.swift:13:42 activityInitializer globalType => com.example.app.global",
            "Donor.swift:14:42 activityInitializer scene.activityIdentifier => ha.scene.lights",
            "Donor.swift:14:42 activityInitializer scene.activityIdentifier => ha.scene.heating",
            "Donor.swift:15:42 activityInitializer Self.base + \".concat\" => com.example.concat",
            "Donor.swift:16:42 activityInitializer \"\\(Donor.base).interpolated\" => com.example.interpolated",
            "Donor.swift:17:42 activityInitializer typeName() => com.example.function",
            "Donor.swift:18:42 activityInitializer Constants.Activity.share => $(PRODUCT_BUNDLE_IDENTIFIER).share",
            "Donor.swift:19:42 activityInitializer ActivityType.browse.rawValue => browse",
            "Donor.swift:20:42 activityInitializer runtimeValue() => nil",
            // Columns count characters: `ü` is two UTF-8 bytes, one column.
            "Donor.swift:21:46 activityInitializer \"é.x\" => é.x",
        ])
        #expect(facts.created[0].userInfoKeys == ["id", "name"])
        #expect(facts.created[0].requiredUserInfoKeys == ["id", "missing"])
        #expect(facts.created[1].userInfoKeys == nil && facts.created[1].requiredUserInfoKeys == nil)
        #expect(SwiftFacts.substitutingBundleIdentifier(in: facts.created[9].resolved!, with: "com.acme") == "com.acme.share")
    }

    static let handler = #"""
    import UIKit

    final class AppDelegate: UIResponder, UIApplicationDelegate {
        func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                         restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool {
            if userActivity.activityType == ActivityType.open.rawValue { return true }
            if "com.example.app.left" == userActivity.activityType && true { return true }
            guard userActivity.activityType != globalType + ".not" else { return false }
            switch userActivity.activityType {
            case Constants.Activity.edit, "com.example.app.literal":
                return true
            case let other where other.isEmpty:
                return false
            default:
                break
            }
            return [ActivityType.browse.rawValue, "com.example.app.listed"].contains(userActivity.activityType)
        }
    }
    """#

    @Test("comparisons either way round, switch cases and contains checks are handled sites")
    func handled() throws {
        let facts = try extractFacts(["Constants.swift": Self.constants, "AppDelegate.swift": Self.handler])
        #expect(lines(facts.handled) == [
            "AppDelegate.swift:6:41 comparison ActivityType.open.rawValue => com.example.app.open",
            "AppDelegate.swift:7:12 comparison \"com.example.app.left\" => com.example.app.left",
            "AppDelegate.swift:8:44 comparison globalType + \".not\" => com.example.app.global.not",
            "AppDelegate.swift:10:14 switchCase Constants.Activity.edit => com.example.app.edit",
            "AppDelegate.swift:10:39 switchCase \"com.example.app.literal\" => com.example.app.literal",
            "AppDelegate.swift:17:17 containsCheck ActivityType.browse.rawValue => browse",
            "AppDelegate.swift:17:47 containsCheck \"com.example.app.listed\" => com.example.app.listed",
        ])
        #expect(facts.created.isEmpty)
    }

    static let swiftUI = #"""
    import SwiftUI

    struct ContentView: View {
        let router: Router
        var body: some View {
            Text("Hello")
                .userActivity("com.example.app.view", isActive: true) { activity in
                    activity.userInfo = ["item": 1]
                    activity.addUserInfoEntries(from: ["extra": 2])
                    activity.requiredUserInfoKeys = ["item"]
                }
                .userActivity(ActivityType.open.rawValue) { $0.userInfo = someDictionary }
                .onContinueUserActivity(ActivityType.browse.rawValue) { _ in }
                .onContinueUserActivity("com.example.app.perform", perform: router.handle)
                .onAppear { router.onContinueUserActivity("not.a.modifier") }
        }
    }
    """#

    @Test("SwiftUI modifiers: userActivity with the keys its closure writes, onContinueUserActivity")
    func swiftUIModifiers() throws {
        let facts = try extractFacts(["Constants.swift": Self.constants, "ContentView.swift": Self.swiftUI])
        #expect(lines(facts.created) == [
            "ContentView.swift:7:27 userActivityModifier \"com.example.app.view\" => com.example.app.view",
            "ContentView.swift:12:27 userActivityModifier ActivityType.open.rawValue => com.example.app.open",
        ])
        #expect(facts.created[0].userInfoKeys == ["item", "extra"])
        #expect(facts.created[0].requiredUserInfoKeys == ["item"])
        // A dictionary that is not a literal: the keys are unknown, not empty.
        #expect(facts.created[1].userInfoKeys == nil)
        #expect(lines(facts.handled) == [
            "ContentView.swift:13:37 onContinueUserActivity ActivityType.browse.rawValue => browse",
            "ContentView.swift:14:37 onContinueUserActivity \"com.example.app.perform\" => com.example.app.perform",
        ])
    }

    @Test("an ambiguous name, a cycle and an unknown type stay unresolved, kept as written")
    func unresolved() throws {
        let source = #"""
        import Foundation
        enum A { static let kind = "a.kind" }
        enum B { static let kind = "b.kind" }
        let loopA = loopB
        let loopB = loopA
        func donate() {
            _ = NSUserActivity(activityType: .kind)
            _ = NSUserActivity(activityType: loopA)
            _ = NSUserActivity(activityType: UIApplication.kind)
            _ = NSUserActivity(activityType: A.kind)
        }
        """#
        let facts = try extractFacts(["Unresolved.swift": source])
        #expect(lines(facts.created) == [
            "Unresolved.swift:7:38 activityInitializer .kind => nil",
            "Unresolved.swift:8:38 activityInitializer loopA => nil",
            "Unresolved.swift:9:38 activityInitializer UIApplication.kind => nil",
            "Unresolved.swift:10:38 activityInitializer A.kind => a.kind",
        ])
    }

    @Test("interpolating an enum case gives its name; ?? falls back to what resolves; subscript and added keys")
    func interpolationCoalescingAndKeys() throws {
        let source = #"""
        import Foundation
        enum Kind: String { case reading = "com.example.reading" }
        enum Keys { static let id = "id" }
        func donate(optional: String?) {
            let a = NSUserActivity(activityType: "com.example.\(Kind.reading)")
            a.userInfo = [:]
            a.userInfo?[Keys.id] = 1
            a.addUserInfoEntries(from: ["extra": 2])
            a.requiredUserInfoKeys = Set([Keys.id, "extra"])
            let b = NSUserActivity(activityType: optional ?? Kind.reading.rawValue)
            b.userInfo = ["known": 1, runtimeKey(): 2]
            self.c = NSUserActivity(activityType: String(describing: Kind.reading))
            c.userInfo = ["fromAssignment": true]
            _ = NSUserActivity(activityType: NSStringFromClass(OrderSoupIntent.self))
        }
        """#
        let facts = try extractFacts(["Keys.swift": source])
        #expect(lines(facts.created) == [
            #"Keys.swift:5:42 activityInitializer "com.example.\(Kind.reading)" => com.example.reading"#,
            "Keys.swift:10:42 activityInitializer optional ?? Kind.reading.rawValue => com.example.reading",
            "Keys.swift:12:43 activityInitializer String(describing: Kind.reading) => reading",
            "Keys.swift:14:38 activityInitializer NSStringFromClass(OrderSoupIntent.self) => OrderSoupIntent",
        ])
        #expect(facts.created[0].userInfoKeys == ["id", "extra"])
        #expect(facts.created[0].requiredUserInfoKeys == ["id", "extra"])
        // One key that cannot be followed makes the whole set unknown, so no rule can claim a key is missing.
        #expect(facts.created[1].userInfoKeys == nil)
        #expect(facts.created[2].userInfoKeys == ["fromAssignment"])
    }

    @Test("constants of files without trigger names are found, round after round, and only those files parsed")
    func crossFileRounds() throws {
        let site = """
        import Foundation
        func donate() { _ = NSUserActivity(activityType: Keys.remote) }
        """
        let keys = """
        enum Keys { static let remote = Prefix.value + ".remote" }
        """
        let prefix = """
        struct Prefix { static let value = "com.example" }
        """
        let unrelated = """
        struct Unrelated { let value = 1 }
        """
        let files: KeyValuePairs = ["Site.swift": site, "Keys.swift": keys, "Prefix.swift": prefix, "Unrelated.swift": unrelated]
        let facts = try extractFacts(files)
        #expect(lines(facts.created) == ["Site.swift:2:50 activityInitializer Keys.remote => com.example.remote"])
        #expect(facts.parsedFiles == ["Keys.swift", "Prefix.swift", "Site.swift"])
        #expect(facts.swiftFiles == 4)
        // Without the prefilter every file is parsed and the facts are the same.
        let everything = try extractFacts(files, usePrefilter: false)
        #expect(lines(everything.created) == lines(facts.created))
        #expect(everything.parsedFiles.count == 4)
    }

    @Test("a name resolved outside the type that uses it: files that may declare a member of that name are parsed too")
    func memberInAnotherFileShadowsGlobal() throws {
        let site = """
        import Foundation
        let kind = "com.example.global"
        struct Router {
            static func donate() { _ = NSUserActivity(activityType: kind) }
        }
        """
        // No trigger name here, and `kind` resolves without it; yet inside Router this member is what `kind` means.
        let member = "extension Router {\n    static let kind = \"com.example.member\"\n}\n"
        let files: KeyValuePairs = ["Site.swift": site, "Router+Kind.swift": member, "Other.swift": "struct Other { let value = 1 }\n"]
        let facts = try extractFacts(files)
        #expect(lines(facts.created) == ["Site.swift:4:61 activityInitializer kind => com.example.member"])
        #expect(facts.parsedFiles == ["Router+Kind.swift", "Site.swift"])
        #expect(lines(try extractFacts(files, usePrefilter: false).created) == lines(facts.created))
    }

    @Test("a constant whose name follows its keyword after a comment is still found by the prefilter")
    func commentBetweenKeywordAndName() throws {
        let site = """
        import Foundation
        func donate() {
            _ = NSUserActivity(activityType: blockType)
            _ = NSUserActivity(activityType: nestedType)
            _ = NSUserActivity(activityType: lineType)
        }
        """
        // Global constants, each in a file of its own: the prefilter can find each file by the name alone.
        let block = "let /* the block one */ blockType = \"com.example.block\""
        let nested = "let /* a /* nested */ comment */ nestedType = \"com.example.nested\""
        let line = "let // a line comment\n    lineType = \"com.example.line\""
        let files: KeyValuePairs = ["Site.swift": site, "Block.swift": block, "Nested.swift": nested, "Line.swift": line]
        let facts = try extractFacts(files)
        #expect(lines(facts.created) == [
            "Site.swift:3:38 activityInitializer blockType => com.example.block",
            "Site.swift:4:38 activityInitializer nestedType => com.example.nested",
            "Site.swift:5:38 activityInitializer lineType => com.example.line",
        ])
        #expect(facts.parsedFiles == ["Block.swift", "Line.swift", "Nested.swift", "Site.swift"])
        #expect(lines(try extractFacts(files, usePrefilter: false).created) == lines(facts.created))
    }

    @Test("a file that cannot be read is reported by name, the others still give their facts")
    func unreadableFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftfacts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("Good.swift")
        try Data(#"let a = NSUserActivity(activityType: "x.y")"#.utf8).write(to: good)
        let facts = try SwiftFactsExtractor().extract([
            SwiftSourceFile(path: good.path, displayPath: "Good.swift"),
            SwiftSourceFile(path: folder.appendingPathComponent("Missing.swift").path, displayPath: "Missing.swift"),
        ])
        #expect(lines(facts.created) == ["Good.swift:1:38 activityInitializer \"x.y\" => x.y"])
        #expect(facts.unreadableFiles.map(\.file) == ["Missing.swift"])
        #expect(facts.unreadableFiles.first?.reason.isEmpty == false)
    }

    @Test("a file with syntax errors still gives the facts the parser recovers")
    func syntaxErrors() throws {
        let source = """
        func broken( {
            _ = NSUserActivity(activityType: "still.found")
        """
        let facts = try extractFacts(["Broken.swift": source])
        #expect(lines(facts.created) == ["Broken.swift:2:38 activityInitializer \"still.found\" => still.found"])
    }
}

@Suite("SwiftFacts without the parser")
struct ParserUnavailableTests {
    @Test("extraction says why it is off", .enabled(if: !parserAvailable, "this build has the parser"))
    func unavailable() {
        #expect(throws: SwiftParserUnavailable.self) { try SwiftFactsExtractor().extract([]) }
        #expect(SwiftParserUnavailable().description.contains("ACTIVITY_BRIDGE_SWIFT_HOST_LIBS"))
    }
}
