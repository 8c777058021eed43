import ActivityBridge
import Audit
import Convert
import Diagnostics
import Foundation
import JSON
import TestSupport
import Testing
import ValueFlow

/// `convert --activity-type`: parameters typed from the userInfo values the readers saw (String, with why, where
/// a type cannot be known), the App Shortcuts provider from the `suggestedInvocationPhrase`s, and the bridge manifest.
@Suite("Convert: activity types")
struct ActivityConvertTests {
    static func site(_ values: [UserInfoValue], file: String = "App/Donor.swift", line: Int = 10, phrase: String? = nil) -> AuditReport.ActivityTypeEntry {
        AuditReport.ActivityTypeEntry(value: "\"com.example.order\"", resolved: "com.example.order", location: SourceLocation(file: file, line: line, column: 5),
                                      userInfoKeys: values.map(\.key), userInfoValues: values, suggestedInvocationPhrase: phrase)
    }

    static let handled = AuditReport.ActivityTypeEntry(value: "\"com.example.order\"", resolved: "com.example.order",
                                                       location: SourceLocation(file: "App/Scene.swift", line: 4, column: 9))

    static let typed = ActivityIntentGenerator.ActivityType(type: "com.example.order", created: [
        site([
            UserInfoValue(key: "name", kind: .string, expression: "\"soup\"", line: 11),
            UserInfoValue(key: "count", kind: .integer, expression: "3", line: 11),
            UserInfoValue(key: "ratio", kind: .double, expression: "0.5", line: 12),
            UserInfoValue(key: "flag", kind: .bool, expression: "true", line: 12),
            UserInfoValue(key: "when", kind: .date, expression: "Date()", line: 13),
            UserInfoValue(key: "link", kind: .url, expression: "URL(string: s)", line: 13),
            UserInfoValue(key: "opaque", kind: nil, expression: "item.value", line: 14),
            UserInfoValue(key: "mixed", kind: .integer, expression: "1", line: 14),
        ], phrase: "Order soup"),
        site([UserInfoValue(key: "mixed", kind: .string, expression: "\"one\"", line: 30)], file: "App/Other.swift", line: 29),
    ], handled: [handled])

    @Test("each parameter has the type of the values written for it; String with a TODO and a note, never a guess")
    func typedParameters() throws {
        let (file, notes, parameters) = ActivityIntentGenerator().generate(Self.typed)
        let declared = file.contents.split(separator: "\n").filter { $0.hasPrefix("    var ") }.map { String($0.dropFirst(8)) }
        #expect(declared == ["name: String?", "count: Int?", "ratio: Double?", "flag: Bool?", "when: Date?", "link: URL?",
                             "opaque: String?", "mixed: String?"])
        #expect(parameters.map(\.swiftType) == ["String", "Int", "Double", "Bool", "Date", "URL", "String", "String"])
        #expect(file.contents.contains(
            "    // TODO(activity-bridge convert): String, as the type is not known: `item.value` (App/Donor.swift:14) is \(UserInfoValue.notStaticReason).\n"))
        #expect(file.contents.contains("the creation sites write different kinds: `1` (App/Donor.swift:14) Int, `\"one\"` (App/Other.swift:30) String"))
        #expect(notes.count == 2)
        #expect(notes.allSatisfy { $0.hasPrefix("com.example.order: parameter '") })
    }

    @Test("a required key no creation site's userInfo gives a value for stays String, with why")
    func requiredKeyWithoutValue() throws {
        var entry = Self.site([])
        entry.userInfoKeys = nil
        entry.userInfoValues = nil
        entry.requiredUserInfoKeys = ["id"]
        let (parameters, notes) = ActivityIntentGenerator.parameters(.init(type: "com.example.order", created: [entry], handled: []))
        #expect(parameters.map(\.swiftType) == ["String"])
        #expect(notes == ["com.example.order: parameter 'id' is a String: no creation site's userInfo value for it could be read"])
    }

    @Test("a phrase gets \\(.applicationName) once: the app's name replaced, else appended; quotes and backslashes escaped")
    func phrases() {
        #expect(ActivityShortcutsGenerator.phrase("Order soup.", applicationName: "Soup Chef") == #"Order soup in \(.applicationName)"#)
        #expect(ActivityShortcutsGenerator.phrase("Order from soup chef", applicationName: "Soup Chef") == #"Order from \(.applicationName)"#)
        #expect(ActivityShortcutsGenerator.phrase(#"Say "hi" \ now"#, applicationName: nil) == #"Say \"hi\" \\ now in \(.applicationName)"#)
    }

    @Test("the provider: one App Shortcut per phrase, repeated phrases and more than 10 left out with a note; none when no phrase")
    func provider() throws {
        let shortcuts = (0..<12).map { ActivityShortcutsGenerator.Shortcut(intent: "T\($0)ActivityIntent", activityType: "t\($0)", phrase: "Do \($0 % 11)") }
        let (file, notes) = ActivityShortcutsGenerator().generate(target: "Soup App", applicationName: nil, shortcuts: shortcuts, existingShortcuts: 0)
        let text = try #require(file?.contents)
        #expect(file?.name == "SoupAppActivityShortcuts.swift")
        #expect(text.hasPrefix(AppIntentGenerator.headerPrefix))
        #expect(text.contains("struct SoupAppActivityShortcuts: AppShortcutsProvider {"))
        #expect(text.components(separatedBy: "AppShortcut(\n").count - 1 == 10)
        #expect(text.contains(#"        phrases: ["Do 0 in \(.applicationName)"],"#))
        #expect(notes == ["t11: its suggestedInvocationPhrase 'Do 0' is another type's too: no App Shortcut for it (Siri could not tell them apart)",
                          "t10: no App Shortcut: the app would have more than 10 (R5.2)"])
        #expect(ActivityShortcutsGenerator().generate(target: "App", applicationName: nil, shortcuts: [], existingShortcuts: 0).file == nil)
        let full = ActivityShortcutsGenerator().generate(target: "App", applicationName: nil, shortcuts: Array(shortcuts.prefix(1)), existingShortcuts: 10)
        #expect(full.file == nil && full.notes.count == 1)
    }

    /// A report of one application target that creates and handles `com.example.order`.
    static func report(appShortcuts: [AuditReport.AppShortcut] = []) -> AuditReport {
        var target = AuditReport.Target(name: "Soup", productType: "com.apple.product-type.application")
        target.created = Self.typed.created
        target.handled = [Self.handled]
        target.applicationName = "Soup Chef"
        target.appShortcuts = appShortcuts
        var project = AuditReport.Project(path: "Soup.xcodeproj", configuration: "Release")
        project.targets = [target]
        var report = AuditReport()
        report.projects = [project]
        return report
    }

    @Test("per target: the intent, the provider and the bridge manifest, which reads back and routes the type into the intent")
    func conversion() throws {
        let conversion = try Converter(root: "/nonexistent", report: Self.report()).convert(activityTypes: ["com.example.order"])
        #expect(conversion.files.map(\.path) == ["ConvertedAppIntents/Soup/ExampleOrderActivityIntent.swift", "ConvertedAppIntents/Soup/Soup-Bridge.plist",
                                                 "ConvertedAppIntents/Soup/SoupActivityShortcuts.swift"])
        let manifest = try #require(conversion.files.first { $0.path.hasSuffix(".plist") }?.contents)
        #expect(GeneratedFileWriter.isGenerated(manifest, path: "Soup-Bridge.plist"))
        let reading = BridgeManifestReader().read(Data(manifest.utf8), file: "Soup-Bridge.plist")
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        let mapping = try #require(reading.manifest?.mapping(for: "com.example.order"))
        #expect(mapping.targets.first?.intent == "ExampleOrderActivityIntent")
        #expect(mapping.targets.first?.bindings.map(\.parameter).sorted() == ["count", "flag", "link", "mixed", "name", "opaque", "ratio", "when"])
        let provider = try #require(conversion.files.first { $0.path.hasSuffix("Shortcuts.swift") }?.contents)
        #expect(provider.contains(#"phrases: ["Order soup in \(.applicationName)"],"#))
    }

    @Test("an app with App Shortcuts of its own gets no second provider (R5.1): a note says what to add to its own")
    func ownProvider() throws {
        let own = AuditReport.AppShortcut(intent: "OpenIntent", location: SourceLocation(file: "App/Shortcuts.swift", line: 3, column: 9))
        let conversion = try Converter(root: "/nonexistent", report: Self.report(appShortcuts: [own])).convert(activityTypes: ["com.example.order"])
        #expect(!conversion.files.contains { $0.path.hasSuffix("Shortcuts.swift") })
        #expect(conversion.notes.contains { $0.hasPrefix("Soup has App Shortcuts of its own (App/Shortcuts.swift:3)") && $0.contains("ExampleOrderActivityIntent()") })
    }

    @Test("the writer replaces a manifest it wrote and refuses a plist of someone else's")
    func manifestOwnership() throws {
        let directory = try TemporaryDirectory("convert-manifest")
        let conversion = try Converter(root: "/nonexistent", report: Self.report()).convert(activityTypes: ["com.example.order"])
        let writer = GeneratedFileWriter(folder: directory.url.path, shownFolder: ".")
        try writer.write(try writer.plan(conversion.files))
        #expect(try writer.plan(conversion.files).allSatisfy { $0.change == .unchanged })
        let path = directory.url.appendingPathComponent("ConvertedAppIntents/Soup/Soup-Bridge.plist")
        try Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict/></plist>\n".utf8).write(to: path)
        #expect(throws: GeneratedFileWriter.Failure.clash(["./ConvertedAppIntents/Soup/Soup-Bridge.plist"])) { try writer.plan(conversion.files) }
        #expect(!GeneratedFileWriter.isGenerated(AppIntentGenerator.headerPrefix + "\n", path: "A.plist"))
    }

    @Test("the audit JSON extends each created site with userInfoValues and suggestedInvocationPhrase, after the keys it had")
    func auditJSON() throws {
        let text = Self.report().jsonValue.text.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
        #expect(text.contains(#""userInfoKeys":["name","count","ratio","flag","when","link","opaque","mixed"],"requiredUserInfoKeys":null,"userInfoValues":[{"key":"name","kind":"string","expression":"\"soup\"","line":11,"unknown":null}"#), "\(text)")
        #expect(text.contains(#"{"key":"opaque","kind":null,"expression":"item.value","line":14,"unknown":"not"#), "\(text)")
        #expect(text.contains(#""suggestedInvocationPhrase":"Ordersoup"}"#), "\(text)")
        #expect(!text.contains(#""handled":[{"value":"\"com.example.order\"","resolved":"com.example.order","file":"App/Scene.swift","line":4,"column":9,"language":"swift","unresolved":null,"userInfo"#))
    }
}
