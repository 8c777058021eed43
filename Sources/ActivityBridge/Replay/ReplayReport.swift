public import Diagnostics
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
    /// What the script passes or fails with but should be said: a declared activity type whose
    /// `$(…)` no build setting expands (`activity-type-unresolved-variable`, at the declaration).
    public var warnings: [Diagnostic]

    public init(
        file: String, name: String, app: String?, steps: [ReplayStepReport] = [], error: ReplayScriptError? = nil,
        warnings: [Diagnostic] = []
    ) {
        self.file = file
        self.name = name
        self.app = app
        self.steps = steps
        self.error = error
        self.warnings = warnings
    }

    public var passed: Bool { error == nil && steps.allSatisfy(\.passed) }

    /// Every failure of the script, step by step (a script-level error alone when there is one).
    public var failureMessages: [String] {
        if let error, error.step == nil { return [error.summary] }
        return steps.flatMap(\.failureMessages)
    }

    /// Every failure, each where the script says what failed: a failed expectation at its `expect`
    /// key, a step that could not run at its step, a script-level error at its place (or line 1) —
    /// what a test framework reports as an issue at a file and line (README, "Library").
    public var issues: [ReplayIssue] {
        let start = SourceLocation(file: file, line: 1, column: 1)
        if let error, error.step == nil { return [ReplayIssue(message: error.summary, location: error.location ?? start)] }
        return steps.flatMap { step -> [ReplayIssue] in
            if let error = step.error { return [ReplayIssue(message: error.summary, location: error.location ?? start)] }
            return step.failures.map { failure in
                ReplayIssue(message: "step \(step.index) (\(step.action)): \(failure)", location: failure.location ?? start)
            }
        }
    }
}

/// One failure of a script at the place it is written (``ReplayScriptReport/issues``).
public struct ReplayIssue: Hashable, Sendable, CustomStringConvertible {
    /// `step 2 (continue): outcome: expected "handled", got "undeclared"`.
    public var message: String
    /// The script file as the runner was given it, and the line and column.
    public var location: SourceLocation

    public init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `FILE:LINE:COL: step 2 (continue): …`.
    public var description: String { "\(location): \(message)" }
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
