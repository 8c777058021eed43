import Diagnostics

// The rules of `activity-bridge diff` (diff.md, "Rules"): what a release takes away from users. Each is
// declared once here: its id (the `Diagnostic.Rule` is the description's), severity, summary, rationale and
// examples (BASE and HEAD repository fragments, audited as an audit example is: see AuditRules.swift). A finding
// about BASE is marked in BASE, one about HEAD in HEAD (a target missing on either side: both). The checks
// (CompatibilityCheck.swift) report under them, at the severity declared here; the examples run in
// CompatibilityRuleExamplesTests, and the command-line article's table is generated from ``CompatibilityRules/all``.

extension Diagnostic.Rule {
    package static let compatCustomIntentDropped = RuleDescription.compatCustomIntentDropped.id
    package static let compatCustomIntentParameterDropped = RuleDescription.compatCustomIntentParameterDropped.id
    package static let compatIntentClassNameChanged = RuleDescription.compatIntentClassNameChanged.id
    package static let compatActivityTypeDropped = RuleDescription.compatActivityTypeDropped.id
    package static let compatActivityTypeUnhandled = RuleDescription.compatActivityTypeUnhandled.id
    package static let compatAppIntentRemoved = RuleDescription.compatAppIntentRemoved.id
    package static let compatAppIntentParameterChanged = RuleDescription.compatAppIntentParameterChanged.id
    package static let compatAppEnumCaseRemoved = RuleDescription.compatAppEnumCaseRemoved.id
    package static let compatAppEntityIdTypeChanged = RuleDescription.compatAppEntityIdTypeChanged.id
    package static let compatAppShortcutRemoved = RuleDescription.compatAppShortcutRemoved.id
    /// Added to diff.md's table: "a target missing on one side is a note".
    package static let compatTargetMissing = RuleDescription.compatTargetMissing.id
}

private let plistHead = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
private let plistTail = "</dict>\n</plist>\n"

/// `App/Info.plist` declaring `types` (raw `<string>` lines).
private func declaring(_ types: String...) -> String {
    plistHead + "<key>NSUserActivityTypes</key>\n<array>\n" + types.map { $0 + "\n" }.joined() + "</array>\n" + plistTail
}

/// `App/Intents.intentdefinition`: custom intent `name` (a raw `<string>` line) with parameters `parameters` (names;
/// a leading `↓` marks the name's `<string>`).
private func intentDefinition(_ name: String, parameters: [String] = []) -> String {
    let params = parameters.map { "<dict>\n<key>INIntentParameterName</key>\n" + ($0.hasPrefix("↓") ? "↓<string>\($0.dropFirst())" : "<string>\($0)") + "</string>\n<key>INIntentParameterType</key>\n<string>String</string>\n</dict>\n" }
    return plistHead + "<key>INIntents</key>\n<array>\n<dict>\n<key>INIntentName</key>\n\(name)\n"
        + (parameters.isEmpty ? "" : "<key>INIntentParameters</key>\n<array>\n" + params.joined() + "</array>\n")
        + "</dict>\n</array>\n" + plistTail
}

/// `App/Intents.swift`: App Intents and types (Swift declarations, one a line).
private func appIntents(_ declarations: String...) -> String { "import AppIntents\n\n" + declarations.map { $0 + "\n" }.joined() }

private func intent(_ name: String, className: String? = nil, parameters: String = "") -> String {
    "struct \(name): AppIntent\(className == nil ? "" : ", CustomIntentMigratedAppIntent") {"
        + (className.map { " static let intentClassName = \"\($0)\";" } ?? "")
        + " static let title: LocalizedStringResource = \"\(name)\";\(parameters) func perform() async throws -> some IntentResult { .result() } }"
}

/// An `AppShortcutsProvider` with one App Shortcut of `OpenIntent` whose phrases are `phrases` (Swift literals).
private func shortcuts(_ phrases: String) -> String {
    "struct ShopShortcuts: AppShortcutsProvider { static var appShortcuts: [AppShortcut] { AppShortcut(intent: OpenIntent(), phrases: [\(phrases)], shortTitle: \"Open\", systemImageName: \"bag\") } }"
}

private let donating = "App/Donate.swift"
private let donation = "import UIKit\nlet open = NSUserActivity(activityType: \"com.example.shop.open\")\nfunc handle(_ a: NSUserActivity) -> Bool { a.activityType == \"com.example.shop.open\" }\n"

extension RuleDescription {
    package static let compatCustomIntentDropped = RuleDescription(
        "compat-custom-intent-dropped", .error,
        "A custom intent of BASE is defined nowhere in HEAD and no App Intent of HEAD has its class name as intentClassName: every saved Shortcut that uses it breaks.",
        triggering: [.diff(base: ["App/Intents.intentdefinition": intentDefinition("↓<string>RefillCup</string>")], head: [:])],
        nonTriggering: [.diff(base: ["App/Intents.intentdefinition": intentDefinition("<string>RefillCup</string>")],
                              head: ["App/Intents.swift": appIntents(intent("RefillCupAppIntent", className: "RefillCupIntent"))])])

    package static let compatCustomIntentParameterDropped = RuleDescription(
        "compat-custom-intent-parameter-dropped", .warning,
        "A custom intent migrates to an App Intent that has no @Parameter of a BASE parameter's name, or one of an incompatible type (the system maps parameters by name): saved values of it are lost.",
        triggering: [.diff(base: ["App/Intents.intentdefinition": intentDefinition("<string>RefillCup</string>", parameters: ["↓size"])],
                           head: ["App/Intents.intentdefinition": intentDefinition("<string>RefillCup</string>", parameters: ["size"]),
                                  "App/Intents.swift": appIntents(intent("RefillCupAppIntent", className: "RefillCupIntent"))])],
        nonTriggering: [.diff(base: ["App/Intents.intentdefinition": intentDefinition("<string>RefillCup</string>", parameters: ["size"])],
                              head: ["App/Intents.intentdefinition": intentDefinition("<string>RefillCup</string>", parameters: ["size"]),
                                     "App/Intents.swift": appIntents(intent("RefillCupAppIntent", className: "RefillCupIntent",
                                                                            parameters: " @Parameter(title: \"Size\") var size: String;"))])])

    package static let compatIntentClassNameChanged = RuleDescription(
        "compat-intent-class-name-changed", .error,
        "An App Intent's intentClassName in BASE differs in HEAD, or moved to another intent: shortcuts migrated from the custom intent no longer find it.",
        triggering: [.diff(base: ["App/Intents.swift": appIntents("struct ↓RefillAppIntent: AppIntent, CustomIntentMigratedAppIntent { static let intentClassName = \"RefillCupIntent\"; static let title: LocalizedStringResource = \"Refill\"; func perform() async throws -> some IntentResult { .result() } }")],
                           head: ["App/Intents.swift": appIntents(intent("RefillAppIntent", className: "RefillMugIntent"))])],
        nonTriggering: [.diff(base: ["App/Intents.swift": appIntents(intent("RefillAppIntent", className: "RefillCupIntent"))],
                              head: ["App/Intents.swift": appIntents(intent("RefillAppIntent", className: "RefillCupIntent"))])])

    package static let compatActivityTypeDropped = RuleDescription(
        "compat-activity-type-dropped", .error,
        "An activity type BASE declares and creates is no longer declared in HEAD: Siri shortcuts and Handoff built on donated activities are never delivered again.",
        triggering: [.diff(base: ["App/Info.plist": declaring("↓<string>com.example.shop.open</string>"), donating: donation],
                           head: ["App/Info.plist": declaring(), donating: donation])],
        nonTriggering: [.diff(base: ["App/Info.plist": declaring("<string>com.example.shop.open</string>"), donating: donation],
                              head: ["App/Info.plist": declaring("<string>com.example.shop.open</string>"), donating: donation])])

    package static let compatActivityTypeUnhandled = RuleDescription(
        "compat-activity-type-unhandled", .warning,
        "An activity type is still declared, but no code of HEAD handles a type BASE handled.",
        triggering: [.diff(base: ["App/Info.plist": declaring("<string>com.example.shop.open</string>"),
                                  donating: "import UIKit\nlet open = NSUserActivity(activityType: \"com.example.shop.open\")\nfunc handle(_ a: NSUserActivity) -> Bool { a.activityType == ↓\"com.example.shop.open\" }\n"],
                           head: ["App/Info.plist": declaring("<string>com.example.shop.open</string>"),
                                  donating: "import UIKit\nlet open = NSUserActivity(activityType: \"com.example.shop.open\")\n"])],
        nonTriggering: [.diff(base: ["App/Info.plist": declaring("<string>com.example.shop.open</string>"), donating: donation],
                              head: ["App/Info.plist": declaring("<string>com.example.shop.open</string>"), donating: donation])])

    package static let compatAppIntentRemoved = RuleDescription(
        "compat-app-intent-removed", .error,
        "A discoverable App Intent type of BASE is gone in HEAD (a renamed type is a removed one): saved Shortcuts using it break.",
        triggering: [.diff(base: ["App/Intents.swift": appIntents("struct ↓OpenProductIntent: AppIntent { static let title: LocalizedStringResource = \"Open\"; func perform() async throws -> some IntentResult { .result() } }")],
                           head: ["App/Intents.swift": appIntents()])],
        nonTriggering: [.diff(base: ["App/Intents.swift": appIntents(intent("OpenProductIntent"))],
                              head: ["App/Intents.swift": appIntents(intent("OpenProductIntent"))])])

    package static let compatAppIntentParameterChanged = RuleDescription(
        "compat-app-intent-parameter-changed", .warning,
        "An App Intent keeps its name but a @Parameter is removed, renamed or changes type: saved values of it are lost.",
        triggering: [.diff(base: ["App/Intents.swift": appIntents(intent("NoteIntent", parameters: " @Parameter(title: \"Text\") var ↓text: String;"))],
                           head: ["App/Intents.swift": appIntents(intent("NoteIntent", parameters: " @Parameter(title: \"Text\") var body: String;"))])],
        nonTriggering: [.diff(base: ["App/Intents.swift": appIntents(intent("NoteIntent", parameters: " @Parameter(title: \"Text\") var text: String;"))],
                              head: ["App/Intents.swift": appIntents(intent("NoteIntent", parameters: " @Parameter(title: \"Text\") var text: String;"))])])

    package static let compatAppEnumCaseRemoved = RuleDescription(
        "compat-app-enum-case-removed", .error,
        "An AppEnum case of BASE is gone in HEAD: saved Shortcuts that chose it fail.",
        triggering: [.diff(base: ["App/Intents.swift": appIntents("enum Size: String, AppEnum { case small, ↓large }")],
                           head: ["App/Intents.swift": appIntents("enum Size: String, AppEnum { case small }")])],
        nonTriggering: [.diff(base: ["App/Intents.swift": appIntents("enum Size: String, AppEnum { case small, large }")],
                              head: ["App/Intents.swift": appIntents("enum Size: String, AppEnum { case small, large, huge }")])])

    package static let compatAppEntityIdTypeChanged = RuleDescription(
        "compat-app-entity-id-type-changed", .error,
        "An AppEntity's id type differs between BASE and HEAD: saved references to its entities no longer resolve.",
        triggering: [.diff(base: ["App/Intents.swift": appIntents("struct ↓ProductEntity: AppEntity { var id: String }")],
                           head: ["App/Intents.swift": appIntents("struct ProductEntity: AppEntity { var id: Int }")])],
        nonTriggering: [.diff(base: ["App/Intents.swift": appIntents("struct ProductEntity: AppEntity { var id: String }")],
                              head: ["App/Intents.swift": appIntents("struct ProductEntity: AppEntity { var id: String }")])])

    package static let compatAppShortcutRemoved = RuleDescription(
        "compat-app-shortcut-removed", .note,
        "An App Shortcut (or one of its phrases) of BASE is gone in HEAD: what users say to Siri for it stops working.",
        triggering: [.diff(base: ["App/Intents.swift": appIntents(intent("OpenIntent"), shortcuts("\"Open \\(.applicationName)\", ↓\"Show \\(.applicationName)\""))],
                           head: ["App/Intents.swift": appIntents(intent("OpenIntent"), shortcuts("\"Open \\(.applicationName)\""))])],
        nonTriggering: [.diff(base: ["App/Intents.swift": appIntents(intent("OpenIntent"), shortcuts("\"Open \\(.applicationName)\""))],
                              head: ["App/Intents.swift": appIntents(intent("OpenIntent"), shortcuts("\"Open \\(.applicationName)\", \"Show \\(.applicationName)\""))])])

    package static let compatTargetMissing = RuleDescription(
        "compat-target-missing", .note,
        "A target of one side is not on the other (targets are matched by name): its surface is not compared.",
        triggering: [.diff(base: [donating: donation], head: [donating: donation], baseArguments: ["--mark-project"], headArguments: ["--target", "Store", "--mark-project"])],
        nonTriggering: [.diff(base: [donating: donation], head: [donating: donation])])
}

/// Every rule `diff` can report, for `--disable` and SARIF's `tool.driver.rules`.
package enum CompatibilityRules {
    package static let all: [RuleDescription] = [
        .compatCustomIntentDropped, .compatCustomIntentParameterDropped, .compatIntentClassNameChanged,
        .compatActivityTypeDropped, .compatActivityTypeUnhandled, .compatAppIntentRemoved, .compatAppIntentParameterChanged,
        .compatAppEnumCaseRemoved, .compatAppEntityIdTypeChanged, .compatAppShortcutRemoved, .compatTargetMissing,
    ]

    package static func description(of rule: Diagnostic.Rule) -> RuleDescription? { all.first { $0.id == rule } }
}
