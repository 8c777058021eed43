import Foundation
import JSON
import Testing
import TestSupport

/// Issue 16's constructs through the built binary: an identifier built at run time from the bundle identifier
/// in a raw-value enum and passed as a parameter, `case Kind.x.identifier:` in a switch, an intent reached
/// through a local and a prefixed custom intent's class name, each at its place with the type it really is.
@Suite("audit end to end: values built at run time, intents through locals, class prefixes")
struct AuditValueFlowEndToEndTests {
    static let kinds = #"""
        import Foundation

        enum ActivityKind: String {
            case newTab, openURL = "open-url"
            var identifier: String { "\(Bundle.main.bundleIdentifier ?? "").\(self.rawValue)" }
        }
        """#

    static let scene = """
        import UIKit
        import Intents

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func donate(_ kind: ActivityKind) {
                let activity = NSUserActivity(activityType: kind.identifier)
                activity.becomeCurrent()
            }

            func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                switch userActivity.activityType {
                case ActivityKind.newTab.identifier: break
                case ActivityKind.openURL.identifier: break
                default: break
                }
                guard let intent = userActivity.interaction?.intent else { return }
                if let chapter = intent as? ChapterIntent { print(chapter) }
            }
        }
        """

    static let definition = intentDefinition(
        "<dict><key>INIntentClassPrefix</key><string>XY</string><key>INIntentName</key><string>Chapter</string></dict>")

    func string(_ value: JSONValue?) -> String? {
        if case let .string(text)? = value { return text }
        return nil
    }

    func repository(declaring types: [String]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory("audit-value-flow")
        for sub in ["App.xcodeproj", "App"] {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let sources = ["App/Kinds.swift", "App/Scene.swift", "App/Intents.intentdefinition"]
        try folder.write(Data(AuditEndToEndTests.pbxproj(sources: sources).utf8), to: "App.xcodeproj/project.pbxproj")
        try folder.write(Data(AuditEndToEndTests.infoPlist(types: types).utf8), to: "App/Info.plist")
        try folder.write(Data(Self.kinds.utf8), to: "App/Kinds.swift")
        try folder.write(Data(Self.scene.utf8), to: "App/Scene.swift")
        try folder.write(Data(Self.definition.utf8), to: "App/Intents.intentdefinition")
        return folder
    }

    @Test func everySiteResolvedAndCheckedAgainstTheDeclarations() throws {
        let folder = try repository(declaring: ["$(PRODUCT_BUNDLE_IDENTIFIER).newTab", "XYChapterIntent"])
        let result = try BuiltBinary.run(["audit", "--format", "json", folder.url.path])
        #expect(result.status == 1)
        let document = try JSONParser().parse(result.standardOutput)
        guard case let .array(projects)? = document["projects"], case let .array(targets)? = projects.first?["targets"],
              let app = targets.first, let types = app["activityTypes"] else {
            Issue.record("no target in \(result.standardOutput)")
            return
        }
        func sites(_ kind: String) -> [String] {
            guard case let .array(entries)? = types[kind] else { return [] }
            return entries.map { "\(string($0["resolved"]) ?? "nil") \(string($0["file"]) ?? ""):\($0["line"]?.text ?? "")" }
        }
        // One entry per case at the parameter's site; each `case` its own case's value; the cast its class's.
        #expect(sites("created") == ["com.example.app.newTab App/Scene.swift:6", "com.example.app.open-url App/Scene.swift:6"])
        #expect(sites("handled") == [
            "com.example.app.newTab App/Scene.swift:12", "com.example.app.open-url App/Scene.swift:13",
            "XYChapterIntent App/Scene.swift:17",
        ])
        guard case let .array(customIntents)? = app["customIntents"] else { Issue.record("no customIntents"); return }
        #expect(customIntents.map { string($0["name"]) } == ["XYChapterIntent"])
        // open-url is the one type the Info.plist lacks: an error at each of its two sites, and nothing else.
        guard case let .array(diagnostics)? = document["diagnostics"] else { Issue.record("no diagnostics"); return }
        let undeclared = diagnostics.filter { string($0["rule"]) == "activity-type-undeclared-in-code" }
        #expect(undeclared.map { "\(string($0["file"]) ?? ""):\($0["line"]?.text ?? "")" } == ["App/Scene.swift:6", "App/Scene.swift:13"])
        #expect(undeclared.allSatisfy { string($0["message"])?.contains("'com.example.app.open-url'") == true })
    }

    @Test func declaringTheRunTimeTypeClearsTheErrors() throws {
        let folder = try repository(declaring: ["$(PRODUCT_BUNDLE_IDENTIFIER).newTab", "$(PRODUCT_BUNDLE_IDENTIFIER).open-url", "XYChapterIntent"])
        let result = try BuiltBinary.run(["audit", folder.url.path])
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("error:"))
    }
}
