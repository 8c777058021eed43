import AppIntents

struct WalkMateAppShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: ShowSavedWalkIntent(),
            phrases: [
                "Load \(\.$walk) in \(.applicationName)"
            ],
            shortTitle: "Open Favorite Walk",
            systemImageName: "figure.walk"
        )
        AppShortcut(
            intent: GenerateRoutesIntent(),
            phrases: [
                "Generate a route in \(.applicationName)",
                "Generate me a route in \(.applicationName)",
                "Make me a walk in \(.applicationName)",
                "Create a walk with Walk Mate",
                "Generate walking routes in \(.applicationName)"
            ],
            shortTitle: "Generate Routes",
            systemImageName: "point.topleft.down.to.point.bottomright.curvepath"
        )
    }
}
