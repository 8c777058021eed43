/// One broken App Shortcut rule, naming the shortcut and phrase it is about.
public struct AppShortcutViolation: Hashable, Sendable, CustomStringConvertible {
    public enum Rule: String, Hashable, Sendable {
        /// More than 10 App Shortcuts (R5.2).
        case tooManyShortcuts = "too-many-shortcuts"
        /// More than 1,000 phrases once parameter values are expanded (R5.3).
        case tooManyPhrases = "too-many-phrases"
        /// A phrase without `${applicationName}` (R5.4).
        case missingApplicationName = "missing-application-name"
        /// A phrase with `${applicationName}` more than once (R5.4: "should have one").
        case repeatedApplicationName = "repeated-application-name"
        /// A phrase with more than one parameter (R5.5).
        case multipleParameters = "multiple-parameters"
        /// A phrase parameter that is not an entity or enum (R5.6).
        case unsupportedParameterType = "unsupported-parameter-type"
        /// A phrase parameter the intent does not declare.
        case unknownParameter = "unknown-parameter"
        /// The shortcut names an intent the registry does not have.
        case unknownIntent = "unknown-intent"
        /// A shortcut without phrases, short title or image (R5.12).
        case incompleteShortcut = "incomplete-shortcut"
        /// `${` without `}`, or `${}`.
        case malformedPhrase = "malformed-phrase"
        /// A second provider for one app (R5.1).
        case multipleProviders = "multiple-providers"
    }

    public var rule: Rule
    /// The shortcut's label (short title and intent), when the rule is about one shortcut.
    public var shortcut: String?
    /// The phrase template, when the rule is about one phrase.
    public var phrase: String?
    public var message: String

    public init(_ rule: Rule, shortcut: String? = nil, phrase: String? = nil, message: String) {
        self.rule = rule
        self.shortcut = shortcut
        self.phrase = phrase
        self.message = message
    }

    /// `App Shortcut 'Open Favorite Walk (ShowSavedWalkIntent)', phrase "Load ${walk}": MESSAGE [rule]`.
    public var description: String {
        var location: [String] = []
        if let shortcut { location.append("App Shortcut '\(shortcut)'") }
        if let phrase { location.append("phrase \"\(phrase)\"") }
        let prefix = location.isEmpty ? "" : location.joined(separator: ", ") + ": "
        return "\(prefix)\(message) [\(rule.rawValue)]"
    }
}

/// App Shortcuts that break Apple's rules; registration fails and nothing is registered.
public struct AppShortcutsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every violation found, in declaration order.
    public var violations: [AppShortcutViolation]

    public init(_ violations: [AppShortcutViolation]) { self.violations = violations }

    public var rules: [AppShortcutViolation.Rule] { violations.map(\.rule) }

    public var description: String {
        "invalid App Shortcuts:\n" + violations.map { "  " + $0.description }.joined(separator: "\n")
    }
}
