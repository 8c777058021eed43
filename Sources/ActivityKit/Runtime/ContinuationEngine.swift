import Diagnostics
import PropertyList

/// Replays `application(_:continue:restorationHandler:)`: handlers registered per activity type, and
/// the system's delivery rules in front of them.
///
/// Delivery, in order (each step can stop it; see ``ContinuationOutcome``):
/// 1. the activity must be valid (``UserActivity/validate()`` errors other than a missing required
///    key, and the data a system type needs) — else `invalidActivity`;
/// 2. the type must be declared in `NSUserActivityTypes` or be a system type the app may receive
///    (`com.apple.corespotlightquery` only with `CoreSpotlightContinuation`) — else `undeclared`;
/// 3. the ``willContinue`` hook is told the type;
/// 4. every key of `requiredUserInfoKeys` must be in userInfo — else ``didFailToContinue`` and
///    `missingRequiredKeys`;
/// 5. a handler must be registered for the type — else `noHandler`;
/// 6. the handler runs; its Bool gives `handled` / `notHandled`, and every object it passes to the
///    restoration handler gets `restoreUserActivityState(_:)`.
///
/// ```swift
/// let engine = ContinuationEngine(declaredTypes: ["com.donnywals.hairdressers.appointment"])
/// engine.register("com.donnywals.hairdressers.appointment") { activity, restore in
///     store(activity.userInfo)
///     return true
/// }
/// engine.continue(activity).outcome   // .handled
/// ```
///
/// Not thread-safe: like the app delegate, use it from one task at a time.
public final class ContinuationEngine {
    /// `application(_:continue:restorationHandler:)` for one type: gets the activity and a
    /// restoration handler, returns whether it handled the activity.
    public typealias Handler = (_ activity: UserActivity, _ restorationHandler: ([any UserActivityRestoring]) -> Void) -> Bool

    /// The app's `NSUserActivityTypes`, after build-setting expansion.
    public let declaredTypes: Set<String>
    /// The Info.plist's `CoreSpotlightContinuation`: Spotlight query continuation is delivered.
    public let coreSpotlightContinuation: Bool

    /// `application(_:willContinueUserActivityWithType:)`: called once an activity is admitted, before
    /// its data is checked. Return true when the app shows its own progress.
    public var willContinue: ((String) -> Bool)?
    /// `application(_:didFailToContinueUserActivityWithType:error:)`: an admitted activity could not
    /// be delivered.
    public var didFailToContinue: ((String, ContinuationFailure) -> Void)?

    private var handlers: [String: Handler] = [:]

    /// An engine for an app that declares `declaredTypes`.
    public init(declaredTypes: some Sequence<String>, coreSpotlightContinuation: Bool = false) {
        self.declaredTypes = Set(declaredTypes)
        self.coreSpotlightContinuation = coreSpotlightContinuation
    }

    /// An engine for the app whose Info.plist declared `declarations` (expanded types and
    /// `CoreSpotlightContinuation`).
    public convenience init(declarations: ActivityTypeDeclarations) {
        self.init(declaredTypes: declarations.resolvedTypes,
                  coreSpotlightContinuation: declarations.supportsCoreSpotlightContinuation)
    }

    /// Registers `handler` for `activityType`, replacing any earlier one.
    public func register(_ activityType: String, handler: @escaping Handler) {
        handlers[activityType] = handler
    }

    /// Removes the handler for `activityType`, if any.
    public func removeHandler(for activityType: String) {
        handlers[activityType] = nil
    }

    /// The types that have a handler, sorted.
    public var handledTypes: [String] { handlers.keys.sorted() }

    /// Whether the system would deliver `activityType` to this app at all (rule 2 above).
    public func accepts(_ activityType: String) -> Bool {
        if declaredTypes.contains(activityType) { return true }
        guard let system = SystemActivityType(rawValue: activityType) else { return false }
        return !system.requiresCoreSpotlightContinuation || coreSpotlightContinuation
    }

    /// Continues `activity` as handed over live (Handoff, a Siri suggestion tap): userInfo arrives whole.
    @discardableResult
    public func `continue`(_ activity: UserActivity) -> ContinuationResult {
        deliver(activity, restoring: false)
    }

    /// Continues a stored donation: only its `requiredUserInfoKeys` reach the handler (all keys when
    /// it names none), as the system stores only those for later restoration (R1.10).
    @discardableResult
    public func continueStored(_ activity: UserActivity) -> ContinuationResult {
        deliver(activity, restoring: true)
    }

    /// Checks rules 1, 2 and 4 without calling hooks or handlers: the outcome that stops delivery,
    /// or nil when the activity would reach the handler lookup.
    public func admission(of activity: UserActivity) -> ContinuationResult? {
        let errors = Self.invalidity(of: activity)
        if !errors.isEmpty {
            return ContinuationResult(outcome: .invalidActivity, activityType: activity.activityType, issues: errors)
        }
        guard accepts(activity.activityType) else {
            return ContinuationResult(outcome: .undeclared, activityType: activity.activityType)
        }
        let missing = activity.missingRequiredUserInfoKeys
        if !missing.isEmpty {
            return ContinuationResult(outcome: .missingRequiredKeys, activityType: activity.activityType, missingKeys: missing)
        }
        return nil
    }

    private func deliver(_ activity: UserActivity, restoring: Bool) -> ContinuationResult {
        let type = activity.activityType
        let errors = Self.invalidity(of: activity)
        if !errors.isEmpty {
            return ContinuationResult(outcome: .invalidActivity, activityType: type, issues: errors)
        }
        guard accepts(type) else {
            return ContinuationResult(outcome: .undeclared, activityType: type)
        }
        let showsProgress = willContinue?(type) ?? false
        let missing = activity.missingRequiredUserInfoKeys
        if !missing.isEmpty {
            didFailToContinue?(type, .missingRequiredKeys(missing))
            return ContinuationResult(
                outcome: .missingRequiredKeys, activityType: type, missingKeys: missing, appShowsProgress: showsProgress)
        }
        guard let handler = handlers[type] else {
            return ContinuationResult(outcome: .noHandler, activityType: type, appShowsProgress: showsProgress)
        }
        var delivered = activity
        if restoring { delivered.userInfo = activity.restoredUserInfo }
        var restored: [String] = []
        let handled = handler(delivered) { objects in
            for object in objects {
                object.restoreUserActivityState(delivered)
                restored.append(object.restorationIdentifier)
            }
        }
        return ContinuationResult(
            outcome: handled ? .handled : .notHandled, activityType: type, delivered: delivered,
            restoredObjects: restored, appShowsProgress: showsProgress)
    }

    /// The errors that make an activity undeliverable: validation errors except a missing required
    /// key (that has its own outcome), plus what the system types need.
    static func invalidity(of activity: UserActivity) -> [UserActivityIssue] {
        var errors = activity.validate().filter { $0.isError && $0.rule != .requiredUserInfoKeyMissing }
        guard let system = SystemActivityType(rawValue: activity.activityType) else { return errors }
        if system.requiresWebpageURL, activity.webpageURL == nil {
            errors.append(UserActivityIssue(.error, .invalidValue, at: PropertyListPath([.key("webpageURL")]),
                "\(system.rawValue) needs a webpageURL"))
        }
        if let key = system.requiredUserInfoKey, activity.userInfo[key]?.stringValue == nil {
            errors.append(UserActivityIssue(.error, .invalidValue, at: PropertyListPath([.key("userInfo"), .key(key)]),
                "\(system.rawValue) needs a string in userInfo[\"\(key)\"]"))
        }
        return errors
    }
}
