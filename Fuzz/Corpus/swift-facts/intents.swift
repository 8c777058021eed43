import AppIntents

struct OpenItemIntent: AppIntent, OpenIntent {
    static var title: LocalizedStringResource = "Open Item"
    static let isDiscoverable = false
    @Parameter(title: "Item") var target: ItemEntity
    @Parameter(title: "Count") var count: Int?
    func perform() async throws -> some IntentResult { .result() }
}

struct ItemEntity: IndexedEntity {
    static var defaultQuery = ItemQuery()
    var id: String
}

enum Size: String, AppEnum {
    case small, large
    case huge = "HUGE"
}

protocol ItemIntent: AppIntent {}
struct Legacy: ItemIntent, CustomIntentMigratedAppIntent {
    static let intentClassName = "LegacyIntent"
}

struct Shortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: OpenItemIntent(), phrases: [
            "Open \(\.$target) in \(.applicationName)",
            "Show \(.applicationName)",
            localized,
        ], shortTitle: "Open", systemImageName: Names.image)
    }
}
