public import PropertyList

/// What one step did and whether its expectations held.
public struct ReplayStepReport: Hashable, Sendable {
    public var index: Int
    public var action: String
    /// The step's result (`outcome` first); nil when the step could not run.
    public var result: PropertyListDictionary?
    public var failures: [ReplayExpectationFailure]
    /// Set when the step could not run: the script stops here.
    public var error: ReplayScriptError?

    public init(index: Int, action: String, result: PropertyListDictionary?, failures: [ReplayExpectationFailure] = [], error: ReplayScriptError? = nil) {
        self.index = index
        self.action = action
        self.result = result
        self.failures = failures
        self.error = error
    }

    public var outcome: String? { result?["outcome"]?.stringValue }
    public var passed: Bool { error == nil && failures.isEmpty }

    /// `step 3 (check): appointments.count: expected 2, got 1`, one per failed expectation.
    public var failureMessages: [String] {
        if let error { return [error.summary] }
        return failures.map { "step \(index) (\(action)): \($0)" }
    }
}

/// The run of one script.
public struct ReplayScriptReport: Hashable, Sendable {
    public var file: String
    /// The script's `name`, or the file name when the script could not be parsed.
    public var name: String
    public var app: String?
    public var steps: [ReplayStepReport]
    /// A script-level error (unreadable, malformed, unknown app) or the error of the step that stopped it.
    public var error: ReplayScriptError?

    public init(file: String, name: String, app: String?, steps: [ReplayStepReport] = [], error: ReplayScriptError? = nil) {
        self.file = file
        self.name = name
        self.app = app
        self.steps = steps
        self.error = error
    }

    public var passed: Bool { error == nil && steps.allSatisfy(\.passed) }

    /// Every failure of the script, step by step (a script-level error alone when there is one).
    public var failureMessages: [String] {
        if let error, error.step == nil { return [error.summary] }
        return steps.flatMap(\.failureMessages)
    }
}

/// The run of every script given to the runner, in order.
public struct ReplayReport: Hashable, Sendable {
    public var scripts: [ReplayScriptReport]

    public init(scripts: [ReplayScriptReport]) { self.scripts = scripts }

    public var passedCount: Int { scripts.filter(\.passed).count }
    public var failedCount: Int { scripts.count - passedCount }
    public var passed: Bool { failedCount == 0 }

    /// `N passed, N failed`, counting scripts: the last line of the text report.
    public var summaryLine: String { "\(passedCount) passed, \(failedCount) failed" }
}
