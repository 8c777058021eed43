import Foundation
public import ActivityKit
import PropertyList

extension ReplaySession {
    /// The steps every app shares, by `do` name.
    public static let commonSteps: [String] = [
        "launch", "finishLaunching", "continue", "continueDonation", "donate", "recordPhrase",
        "deleteDonations", "siri", "choose", "runShortcut", "spotlightSearch", "spotlightTap", "check",
    ]

    /// Runs every step in order, checking each step's `expect`; stops at the first step that cannot run.
    public func run() -> ReplayScriptReport {
        var report = ReplayScriptReport(file: script.file, name: script.name, app: script.app, warnings: warnings)
        for step in script.steps {
            do {
                let result = try perform(step).dictionary
                try app.afterStep()
                var failures: [ReplayExpectationFailure] = []
                if !step.expectations.isEmpty {
                    failures = ReplayExpectation.failures(of: step.expectations, result: result, snapshot: try snapshot())
                    for index in failures.indices {
                        failures[index].location = step.expectationLocations[failures[index].key] ?? step.location
                    }
                }
                report.steps.append(ReplayStepReport(index: step.index, action: step.action, result: result, failures: failures))
            } catch {
                let failure = ReplayScriptError(file: script.file, location: step.location, step: step.index,
                                                action: step.action, message: error.description)
                report.steps.append(ReplayStepReport(index: step.index, action: step.action, result: nil, error: failure))
                report.error = failure
                break
            }
        }
        return report
    }

    /// Performs one step: the app's own steps first, then the common ones.
    public func perform(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        if let result = try app.perform(step, in: self) { return result }
        switch step.action {
        case "launch":
            try app.launch()
            return .ok
        case "finishLaunching":
            try app.finishLaunching()
            return .ok
        case "continue":
            return try continueStep(step)
        case "continueDonation":
            return try continueDonationStep(step)
        case "donate":
            return try donateStep(step)
        case "recordPhrase":
            return try recordPhraseStep(step)
        case "deleteDonations":
            return try deleteDonationsStep(step)
        case "siri":
            return try siriStep(step)
        case "choose":
            return try chooseStep(step)
        case "runShortcut":
            return try runShortcutStep(step)
        case "spotlightSearch":
            return try spotlightSearchStep(step)
        case "spotlightTap":
            return try spotlightTapStep(step)
        case "check":
            return .ok
        default:
            throw .unknownStep(step.action)
        }
    }

    // MARK: Legacy activities

    private func continueStep(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let dictionary = try step.dictionary("activity")
        let (activity, issues) = UserActivity.decode(activityDictionary: dictionary)
        guard let activity else { return Self.invalid(issues) }
        return continuationResult(try deliver(activity, stored: false))
    }

    private func continueDonationStep(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let identifier = try step.string("persistentIdentifier")
        guard let activity = try storedDonation(identifier) else { return Self.notFound(identifier) }
        return continuationResult(try deliver(activity, stored: true))
    }

    private func donateStep(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let dictionary = try step.dictionary("activity")
        let (decoded, issues) = UserActivity.decode(activityDictionary: dictionary)
        guard let activity = decoded else { return Self.invalid(issues) }
        let receipt: DonationReceipt
        do {
            receipt = try donations.donate(activity)
        } catch {
            if case let .invalidActivity(invalid) = error { return Self.invalid(invalid.issues) }
            throw .failed("cannot store the donation: \(error)")
        }
        let warnings = receipt.warnings
        guard !warnings.isEmpty else { return ReplayStepResult(outcome: "donated") }
        return ReplayStepResult(outcome: "donated", values: ["warnings": .array(warnings.map { .string($0.rule.rawValue) })])
    }

    private func recordPhraseStep(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let identifier = try step.string("persistentIdentifier")
        let phrase = try step.string("phrase")
        guard !ReplayPhrase.normalized(phrase).isEmpty else {
            throw .invalidArgument(key: "phrase", reason: "a phrase needs at least one word")
        }
        guard let activity = try storedDonation(identifier) else { return Self.notFound(identifier) }
        remember(VoiceShortcut(phrase: phrase, persistentIdentifier: identifier, activity: activity))
        return .ok
    }

    private func deleteDonationsStep(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let all = try step.bool("all", default: false)
        guard all || step.has("persistentIdentifiers") else { throw .missingArgument("persistentIdentifiers") }
        let identifiers = all ? [] : try step.strings("persistentIdentifiers")
        do {
            if all {
                try donations.deleteAllDonations()
            } else {
                try donations.deleteDonations(withPersistentIdentifiers: identifiers)
            }
        } catch {
            throw .failed("cannot delete donations: \(error)")
        }
        return .ok
    }

    /// The newest stored donation with `identifier`, or nil.
    func storedDonation(_ identifier: String) throws(ReplayStepError) -> UserActivity? {
        do {
            return try donations.activity(persistentIdentifier: identifier)
        } catch {
            throw .failed("cannot read donations: \(error)")
        }
    }

    // MARK: Results

    /// A continuation as a step result: `outcome`, plus `missingKeys`, `restored`, `issues` or
    /// `reason` (why a bridged continuation was not handled) when set.
    public static func result(of continuation: ContinuationResult) -> ReplayStepResult {
        var values = PropertyListDictionary()
        if !continuation.missingKeys.isEmpty {
            values["missingKeys"] = .array(continuation.missingKeys.map { .string($0) })
        }
        if !continuation.restoredObjects.isEmpty {
            values["restored"] = .array(continuation.restoredObjects.map { .string($0) })
        }
        if !continuation.issues.isEmpty {
            values["issues"] = .array(continuation.issues.map { .string($0.rule.rawValue) })
        }
        if let reason = continuation.reason {
            values["reason"] = .string(reason)
        }
        return ReplayStepResult(outcome: continuation.outcome.rawValue, values: values)
    }

    /// A continuation as a step result (``result(of:)-(ContinuationResult)``) plus what the app says it received.
    public func continuationResult(_ continuation: ContinuationResult) -> ReplayStepResult {
        var result = Self.result(of: continuation)
        for entry in app.received(.continuation(continuation)) where result.values[entry.key] == nil {
            result.values[entry.key] = entry.value
        }
        return result
    }

    static func invalid(_ issues: [UserActivityIssue]) -> ReplayStepResult {
        let errors = issues.filter(\.isError)
        return ReplayStepResult(outcome: ContinuationOutcome.invalidActivity.rawValue,
                                values: ["issues": .array(errors.map { .string($0.rule.rawValue) })])
    }

    /// `notFound`: no stored donation (or Spotlight result) by that name.
    static func notFound(_ name: String) -> ReplayStepResult {
        ReplayStepResult(outcome: "notFound")
    }
}
