/// One App Shortcut: an intent, its trigger phrases (the first is the primary one, R5.10), and
/// the tile's short title and image (R5.12).
public struct AppShortcut: Hashable, Sendable {
    /// The registered intent's type name.
    public var intentTypeName: String
    public var phrases: [AppShortcutPhrase]
    public var shortTitle: String
    public var systemImageName: String

    public init(intent intentTypeName: String, phrases: [AppShortcutPhrase], shortTitle: String, systemImageName: String) {
        self.intentTypeName = intentTypeName
        self.phrases = phrases
        self.shortTitle = shortTitle
        self.systemImageName = systemImageName
    }

    /// `Open Favorite Walk (ShowSavedWalkIntent)`: how messages name a shortcut.
    public var label: String {
        shortTitle.isEmpty ? intentTypeName : "\(shortTitle) (\(intentTypeName))"
    }
}

/// The one type of an app that declares its App Shortcuts (`AppShortcutsProvider`, R5.1).
public protocol AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] { get }
}

/// Apple's limits on App Shortcuts (R5.2, R5.3). Lift them only to measure, never to model an app.
public struct AppShortcutLimits: Hashable, Sendable {
    /// At most this many App Shortcuts per app (10).
    public var maxShortcuts: Int
    /// At most this many trigger phrases per app, counting every parameter value (1,000).
    public var maxPhrases: Int

    public init(maxShortcuts: Int = 10, maxPhrases: Int = 1000) {
        self.maxShortcuts = maxShortcuts
        self.maxPhrases = maxPhrases
    }

    public static let apple = AppShortcutLimits()
}
