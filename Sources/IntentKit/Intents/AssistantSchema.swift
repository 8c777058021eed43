/// An assistant schema an intent adopts (`@AppIntent(schema: .system.open)`): a fixed shape the
/// system understands without an App Shortcut, so it brings its own phrases.
///
/// The phrase matcher adds each schema's ``impliedPhrases`` for every registered intent that
/// adopts it and is available on the current platform. Those phrases are the system's, not the
/// app's, so they do not count against the App Shortcut limits.
public enum AssistantSchema: String, Hashable, Sendable, CaseIterable {
    /// Opens an entity (`OpenIntent`, iOS 27; R7.1, R7.4): needs an entity or enum `target`.
    case open = "system.open"
    /// Hands the app a search term (iOS 18): needs a string `criteria`.
    case searchInApp = "system.searchInApp"

    /// The release the schema needs; the intent must not be available earlier.
    public var availability: Platform {
        switch self {
        case .open: .iOS27
        case .searchInApp: .iOS18
        }
    }

    /// The parameter the schema's shape fixes.
    public var parameterName: String {
        switch self {
        case .open: "target"
        case .searchInApp: "criteria"
        }
    }

    /// Whether `kind` fits the schema's parameter.
    public func accepts(_ kind: IntentParameter.Kind) -> Bool {
        switch self {
        case .open: kind.isPhraseParameter
        case .searchInApp: kind == .string
        }
    }

    /// What the system understands for an intent of this schema, as phrase templates.
    public var impliedPhrases: [AppShortcutPhrase] {
        switch self {
        case .open:
            ["Open ${target} in ${applicationName}", "Open ${target} with ${applicationName}"]
        case .searchInApp:
            ["Search ${criteria} in ${applicationName}", "Search for ${criteria} in ${applicationName}",
             "Search ${applicationName} for ${criteria}"]
        }
    }
}
