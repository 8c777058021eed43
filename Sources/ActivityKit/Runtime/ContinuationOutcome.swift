/// What became of one continued activity: the `outcome` values of replay scripts (ActivityBridge.docc, Replay scripts).
public enum ContinuationOutcome: String, Hashable, Sendable, CaseIterable {
    /// A registered handler took the activity and returned true.
    case handled
    /// The handler ran and returned false (iOS would then try to open a document by URL, R2.4).
    case notHandled
    /// The type is neither in the app's `NSUserActivityTypes` nor a system type the app may receive;
    /// the system does not deliver it (R2.1, R2.2).
    case undeclared
    /// The type is deliverable, but the app registered no handler for it.
    case noHandler
    /// A key named in `requiredUserInfoKeys` is absent from userInfo; delivery stops.
    case missingRequiredKeys
    /// The activity itself is malformed (unusable dictionary, empty type, non-http(s) webpageURL,
    /// a system type without the data it needs).
    case invalidActivity
}

/// Why a continuation the app was told about (`willContinue`) did not reach its handler, as passed
/// to the `didFailToContinue` hook (`scene(_:didFailToContinueUserActivityWithType:error:)`, R2.6).
public enum ContinuationFailure: Hashable, Sendable, CustomStringConvertible {
    /// These required userInfo keys were absent.
    case missingRequiredKeys([String])

    public var description: String {
        switch self {
        case let .missingRequiredKeys(keys): "missing required userInfo keys: \(keys.joined(separator: ", "))"
        }
    }
}

/// The full report of one continuation: the outcome, what was delivered, and what the handler did.
public struct ContinuationResult: Hashable, Sendable, CustomStringConvertible {
    public var outcome: ContinuationOutcome
    /// The activity's type; empty when the activity could not even be built.
    public var activityType: String
    /// The activity as the handler received it (for a stored donation: only its required keys),
    /// nil when nothing was delivered.
    public var delivered: UserActivity?
    /// The ``UserActivityRestoring/restorationIdentifier`` of each object the handler passed to the
    /// restoration handler, in order; each had `restoreUserActivityState(_:)` called.
    public var restoredObjects: [String]
    /// For ``ContinuationOutcome/missingRequiredKeys``: the keys that were absent.
    public var missingKeys: [String]
    /// For ``ContinuationOutcome/invalidActivity``: the errors found.
    public var issues: [UserActivityIssue]
    /// What the `willContinue` hook answered: true means the app shows its own progress, false (or no
    /// hook) means the system tells the user (R2.3). False when the hook was not reached.
    public var appShowsProgress: Bool
    /// For ``ContinuationOutcome/notHandled``, why, when the route knows: a legacy handler only
    /// returns false, but the bridge knows which userInfo value did not convert, or which intent
    /// did not resolve.
    public var reason: String?

    public init(
        outcome: ContinuationOutcome, activityType: String, delivered: UserActivity? = nil,
        restoredObjects: [String] = [], missingKeys: [String] = [], issues: [UserActivityIssue] = [],
        appShowsProgress: Bool = false, reason: String? = nil
    ) {
        self.outcome = outcome
        self.activityType = activityType
        self.delivered = delivered
        self.restoredObjects = restoredObjects
        self.missingKeys = missingKeys
        self.issues = issues
        self.appShowsProgress = appShowsProgress
        self.reason = reason
    }

    /// One line: the outcome and why.
    public var description: String {
        switch outcome {
        case .handled: "handled: \(activityType)"
        case .notHandled: "notHandled: " + (reason ?? "the handler for \(activityType) returned false")
        case .undeclared: "undeclared: \(activityType) is not in NSUserActivityTypes"
        case .noHandler: "noHandler: no handler for \(activityType)"
        case .missingRequiredKeys: "missingRequiredKeys: \(missingKeys.joined(separator: ", "))"
        case .invalidActivity:
            "invalidActivity: " + issues.filter(\.isError).map(\.message).joined(separator: "; ")
        }
    }
}

/// An object a continuation handler hands to the restoration handler; the engine then calls
/// ``restoreUserActivityState(_:)`` on it, as UIKit does for `UIUserActivityRestoring` objects (R2.4).
public protocol UserActivityRestoring: AnyObject {
    /// A name for reports and tests (e.g. the view controller's restoration identifier).
    var restorationIdentifier: String { get }
    func restoreUserActivityState(_ activity: UserActivity)
}
