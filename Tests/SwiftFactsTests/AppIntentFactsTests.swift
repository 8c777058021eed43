import Foundation
import Testing
import SwiftFacts

/// App Intents, entities, enums and App Shortcuts in fixtures of our own, at exact line:column.
@Suite("App Intents and App Shortcuts", .enabled(if: parserAvailable, "this build has no SwiftSyntax host libraries (Package.swift, ACTIVITY_BRIDGE_SWIFT_HOST_LIBS)"))
struct AppIntentFactsTests {
    static let intents = #"""
    import AppIntents

    protocol FeedbackIntent: AppIntent {}

    struct OpenItemIntent: OpenIntent {
        static var title: LocalizedStringResource = "Open Item"
        static let isDiscoverable = false
        @Parameter(title: "Item") var target: ItemEntity
        @Parameter(title: "Count") var count: Int?
        @Parameter var note: Optional<String>
        var notAParameter = 1
        func perform() async throws -> some IntentResult { .result() }
    }

    struct OrderSoupAppIntent: AppIntent, CustomIntentMigratedAppIntent {
        static let intentClassName = SoupNames.order
        static var title: LocalizedStringResource { "Order Soup" }
        @Parameter(title: "Soup") var soup: SoupEnum
    }

    struct ReportIntent: FeedbackIntent {
        static var title = LocalizedStringResource("Report", table: "Intents")
    }

    struct LateIntent {}
    extension LateIntent: AppIntents.AppIntent, @unchecked Sendable {
        static var isDiscoverable: Bool { true }
    }

    enum SoupNames { static let order = "OrderSoupIntent" }

    struct ItemEntity: AppEntity { var id: String }
    struct IndexedItem: IndexedEntity { var id: Int }
    enum SoupEnum: String, AppEnum {
        case tomato, chicken = "chicken-noodle"
        case leek
    }
    """#

    @Test("intents through AppIntent, OpenIntent, a refining protocol of the app and an extension")
    func appIntents() throws {
        let facts = try extractFacts(["Intents.swift": Self.intents])
        #expect(facts.appIntents.map { "\($0.position) \($0.name) \($0.conformances)" } == [
            "Intents.swift:5:8 OpenItemIntent [\"OpenIntent\"]",
            "Intents.swift:15:8 OrderSoupAppIntent [\"AppIntent\", \"CustomIntentMigratedAppIntent\"]",
            "Intents.swift:21:8 ReportIntent [\"FeedbackIntent\"]",
            "Intents.swift:25:8 LateIntent [\"AppIntent\", \"Sendable\"]",
        ])
        let open = facts.appIntents[0]
        #expect(open.title == SwiftValue(written: "\"Open Item\"", resolved: "Open Item"))
        #expect(open.isDiscoverable == false)
        #expect(open.intentClassName == nil && !open.isCustomIntentMigrated)
        #expect(open.parameters.map { "\($0.position) \($0.name): \($0.type) base=\($0.baseType) optional=\($0.optional) title=\($0.title?.resolved ?? "-")" } == [
            "Intents.swift:8:35 target: ItemEntity base=ItemEntity optional=false title=Item",
            "Intents.swift:9:36 count: Int? base=Int optional=true title=Count",
            "Intents.swift:10:20 note: Optional<String> base=String optional=true title=-",
        ])
        let soup = facts.appIntents[1]
        #expect(soup.isCustomIntentMigrated)
        #expect(soup.intentClassName == SwiftValue(written: "SoupNames.order", resolved: "OrderSoupIntent"))
        #expect(soup.title?.resolved == "Order Soup")
        #expect(facts.appIntents[2].title == SwiftValue(written: "LocalizedStringResource(\"Report\", table: \"Intents\")", resolved: "Report"))
        #expect(facts.appIntents[3].isDiscoverable == true)
    }

    @Test("entities (AppEntity and refinements) and enums with their case identifiers")
    func entitiesAndEnums() throws {
        let facts = try extractFacts(["Intents.swift": Self.intents])
        #expect(facts.appEntities.map { "\($0.position) \($0.name)" } == [
            "Intents.swift:32:8 ItemEntity", "Intents.swift:33:8 IndexedItem",
        ])
        #expect(facts.appEnums.count == 1)
        #expect(facts.appEnums.first.map { "\($0.position) \($0.name)" } == "Intents.swift:34:6 SoupEnum")
        #expect(facts.appEnums.first?.cases.map { "\($0.position) \($0.name)" } == [
            "Intents.swift:35:10 tomato", "Intents.swift:35:18 chicken", "Intents.swift:36:10 leek",
        ])
    }

    @Test("a class-name constant and conformers of the app's own AppIntent refinement, in files without trigger names")
    func foundInRounds() throws {
        let files: KeyValuePairs = [
            "Migrated.swift": """
            import AppIntents
            protocol Feedback: AppIntent {}
            struct OrderSoup: CustomIntentMigratedAppIntent {
                static let intentClassName = Names.order
            }
            """,
            "Names.swift": "enum Names { static let order = \"OrderSoup\" + \"Intent\" }\n",
            "Report.swift": "struct Report: Feedback {\n    static let title: LocalizedStringResource = \"Report\"\n}\n",
            "Other.swift": "struct Other { let order = 1 }\n",
        ]
        let facts = try extractFacts(files)
        #expect(facts.appIntents.map { "\($0.position) \($0.name) \($0.intentClassName?.resolved ?? "-")" } == [
            "Migrated.swift:3:8 OrderSoup OrderSoupIntent", "Report.swift:1:8 Report -",
        ])
        #expect(facts.parsedFiles == ["Migrated.swift", "Names.swift", "Report.swift"])
    }

    @Test("a fact type's declaration and extensions in files without trigger names are parsed too, as without the prefilter")
    func partsOfFactTypesInOtherFiles() throws {
        let files: KeyValuePairs = [
            "Book.swift": "import AppIntents\nstruct BookEntity: AppEntity { var id: String }\n",
            "Book+Display.swift": "extension BookEntity {\n    static var typeDisplayRepresentation: TypeDisplayRepresentation = \"Book\"\n}\n",
            // Declared without App Intents, made an AppEnum elsewhere: the cases are in the plain file.
            "Genre.swift": "enum Genre: String {\n    case novel, poem\n}\n",
            "Genre+AppEnum.swift": "import AppIntents\nextension Genre: AppEnum {}\n",
            "Other.swift": "struct Other { let genre = 1 }\n",
        ]
        let facts = try extractFacts(files)
        #expect(facts.appEntities.map { "\($0.position) \($0.name) \($0.displayName?.resolved ?? "-")" } == ["Book.swift:2:8 BookEntity Book"])
        #expect(facts.appEnums.map { "\($0.position) \($0.name) \($0.cases.map(\.name))" } == ["Genre.swift:1:6 Genre [\"novel\", \"poem\"]"])
        #expect(facts.parsedFiles == ["Book+Display.swift", "Book.swift", "Genre+AppEnum.swift", "Genre.swift"])
        let everything = try extractFacts(files, usePrefilter: false)
        #expect(facts.summaryLines(details: true) == everything.summaryLines(details: true))
    }

    static let shortcuts = #"""
    import AppIntents

    struct ItemShortcuts: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] {
            AppShortcut(
                intent: OpenItemIntent(),
                phrases: [
                    "Open \(\.$target) in \(.applicationName)",
                    "Show \(.applicationName)",
                ],
                shortTitle: "Open Item",
                systemImageName: "doc"
            )
            if #available(iOS 18, *) {
                AppShortcut(intent: OrderSoupAppIntent(), phrases: ["Order \(\.$soup) with \(.applicationName)", Phrases.extra],
                            shortTitle: LocalizedStringResource("Order"), systemImageName: Images.cup)
            }
        }
    }

    enum Images { static let cup = "cup.and.saucer" }

    struct ArrayShortcuts: AppShortcutsProvider {
        static let appShortcuts: [AppShortcut] = [
            AppShortcut(intent: ReportIntent(), phrases: ["Report with \(.applicationName)"], shortTitle: "Report", systemImageName: "flag"),
        ]
    }
    """#

    @Test("shortcuts in the result-builder and the array form, phrases as written, each at its line:column")
    func appShortcuts() throws {
        let facts = try extractFacts(["Shortcuts.swift": Self.shortcuts])
        #expect(facts.shortcutsProviders.map { "\($0.position) \($0.name)" } == [
            "Shortcuts.swift:3:8 ItemShortcuts", "Shortcuts.swift:23:8 ArrayShortcuts",
        ])
        #expect(facts.appShortcuts.map { "\($0.position) \($0.intent) in \($0.provider ?? "-")" } == [
            "Shortcuts.swift:5:9 OpenItemIntent in ItemShortcuts",
            "Shortcuts.swift:15:13 OrderSoupAppIntent in ItemShortcuts",
            "Shortcuts.swift:25:9 ReportIntent in ArrayShortcuts",
        ])
        #expect(facts.appShortcuts.flatMap(\.phrases).map { "\($0.position) \($0.isLiteral ? "" : "(expression) ")\($0.text)" } == [
            #"Shortcuts.swift:8:17 Open \(\.$target) in \(.applicationName)"#,
            #"Shortcuts.swift:9:17 Show \(.applicationName)"#,
            #"Shortcuts.swift:15:65 Order \(\.$soup) with \(.applicationName)"#,
            #"Shortcuts.swift:15:110 (expression) Phrases.extra"#,
            #"Shortcuts.swift:25:55 Report with \(.applicationName)"#,
        ])
        #expect(facts.appShortcuts[0].shortTitle == SwiftValue(written: "\"Open Item\"", resolved: "Open Item"))
        #expect(facts.appShortcuts[0].systemImageName?.resolved == "doc")
        #expect(facts.appShortcuts[1].shortTitle?.resolved == "Order")
        #expect(facts.appShortcuts[1].systemImageName == SwiftValue(written: "Images.cup", resolved: "cup.and.saucer"))
    }
    static let implicitInitShortcuts = #"""
    extension ExecuteActionIntent: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] = [
            .init(
                intent: Self(),
                phrases: ["Execute in \(.applicationName)"],
                shortTitle: "Execute"
            )
        ]
    }

    struct ComputedShortcuts: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] {
            [.init(intent: ReportIntent(), phrases: ["Report with \(.applicationName)"], shortTitle: "Report")]
        }
    }

    struct Menu {
        static let entries: [MenuEntry] = [.init(intent: ReportIntent(), phrases: ["not a shortcut"])]
    }
    """#

    @Test("`.init(intent:phrases:…)` in an array whose declared element type is AppShortcut, `Self()` as the provider's own intent")
    func implicitInitAppShortcuts() throws {
        let facts = try extractFacts(["Shortcuts.swift": Self.implicitInitShortcuts])
        #expect(facts.appShortcuts.map { "\($0.position) \($0.intent) in \($0.provider ?? "-")" } == [
            "Shortcuts.swift:3:9 ExecuteActionIntent in ExecuteActionIntent",
            "Shortcuts.swift:13:10 ReportIntent in ComputedShortcuts",
        ])
        #expect(facts.appShortcuts.flatMap(\.phrases).map { "\($0.position) \($0.text)" } == [
            #"Shortcuts.swift:5:23 Execute in \(.applicationName)"#,
            #"Shortcuts.swift:13:50 Report with \(.applicationName)"#,
        ])
        #expect(facts.appShortcuts[0].shortTitle?.resolved == "Execute")
    }
}
