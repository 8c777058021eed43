import AppIntents

extension ExecuteActionIntent: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] = [
        .init(intent: Self(), phrases: ["Execute in \(.applicationName)"], shortTitle: "Execute"),
    ]
}

struct ComputedShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        return [.init(intent: ReportIntent(), phrases: ["Report with \(.applicationName)"])]
    }
    func entries() -> [AppShortcut] { [.init(intent: Self(), phrases: [])] }
}
