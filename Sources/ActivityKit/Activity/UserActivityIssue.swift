public import Diagnostics
public import PropertyList

/// One problem with a ``UserActivity`` or its activity dictionary: which rule, how bad, where
/// (a path inside the activity dictionary, e.g. `userInfo.items[2]`), and a message.
///
/// The rule ids double as `Diagnostic.Rule`s, so a command can print an issue as a diagnostic at
/// the source location of ``path`` (see ``diagnostic(at:)``).
public struct UserActivityIssue: Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier for each kind of issue.
    public struct Rule: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }

        // Errors: Apple rejects these, or the activity cannot be built from the dictionary.
        /// `activityType` is missing or empty.
        public static let activityTypeEmpty: Rule = "activity-type-empty"
        /// A key of the activity dictionary holds a value of the wrong kind.
        public static let wrongValueType: Rule = "activity-wrong-type"
        /// A value has the right kind but an unusable content (e.g. a URL that does not parse).
        public static let invalidValue: Rule = "activity-invalid-value"
        /// userInfo holds something that is not a property-list value (R1.4).
        public static let userInfoUnsupportedValue: Rule = "user-info-unsupported-value"
        /// `webpageURL` is not `http` or `https` (R1.18).
        public static let webpageURLScheme: Rule = "webpage-url-scheme"
        /// A key of `requiredUserInfoKeys` is absent from userInfo.
        public static let requiredUserInfoKeyMissing: Rule = "required-user-info-key-missing"

        // Warnings: allowed, but Apple advises against it.
        /// The activity dictionary has a key this tool does not know (maybe a typo); it is ignored.
        public static let unknownKey: Rule = "activity-unknown-key"
        /// userInfo encodes to more than Apple's 3 KB advice (R1.7).
        public static let userInfoTooLarge: Rule = "user-info-too-large"
        /// Search-eligible with a webpageURL but no requiredUserInfoKeys: userInfo arrives empty (R1.11).
        public static let searchWithoutRequiredKeys: Rule = "search-without-required-keys"

        // Donation warnings: stored, but Siri could not suggest it (R4.2).
        /// A donation without a title.
        public static let donationNoTitle: Rule = "donation-no-title"
        /// A donation without a persistentIdentifier (it can never be deleted individually).
        public static let donationNoPersistentIdentifier: Rule = "donation-no-persistent-identifier"
        /// A donation that is not eligible for prediction.
        public static let donationNotEligibleForPrediction: Rule = "donation-not-eligible-for-prediction"
    }

    public var severity: Diagnostic.Severity
    public var rule: Rule
    /// Where in the activity dictionary; empty for the dictionary itself.
    public var path: PropertyListPath
    public var message: String

    public init(_ severity: Diagnostic.Severity, _ rule: Rule, at path: PropertyListPath, _ message: String) {
        self.severity = severity
        self.rule = rule
        self.path = path
        self.message = message
    }

    public var isError: Bool { severity == .error }

    /// `error: MESSAGE [rule]`, preceded by the path when there is one.
    public var description: String {
        let place = path.components.isEmpty ? "" : "\(path): "
        return "\(place)\(severity.rawValue): \(message) [\(rule.rawValue)]"
    }

    /// This issue as a diagnostic at `location`.
    public func diagnostic(at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity, Diagnostic.Rule(rawValue: rule.rawValue), message, at: location)
    }

    /// The same issue, with its path placed under `prefix` (e.g. `donations[3]`).
    public func nested(under prefix: PropertyListPath) -> UserActivityIssue {
        var copy = self
        copy.path = PropertyListPath(prefix.components + path.components)
        return copy
    }
}

/// An activity that cannot be built or donated: every error found (at least one), plus warnings.
public struct UserActivityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// All issues found, errors and warnings, in the order the checks ran.
    public var issues: [UserActivityIssue]

    public init(issues: [UserActivityIssue]) { self.issues = issues }

    public var errors: [UserActivityIssue] { issues.filter(\.isError) }
    public var warnings: [UserActivityIssue] { issues.filter { !$0.isError } }

    /// The errors, one per line.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
