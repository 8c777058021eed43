import ActivityKit
public import IntentKit
public import PropertyList

extension ReplaySession {
    /// `siri`: a phrase the user recorded continues its donation; otherwise the app's App Shortcuts
    /// decide; otherwise `noMatch`.
    func siriStep(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let utterance = try step.string("utterance")
        let said = ReplayPhrase.normalized(utterance)
        pendingQuestion = nil
        if let shortcut = voiceShortcuts.last(where: { ReplayPhrase.normalized($0.phrase) == said }) {
            return continuationResult(try deliver(shortcut.activity, stored: true))
        }
        if let result = try app.siri(utterance, in: self) { return result }
        guard let shortcuts = app.appShortcuts else { return ReplayStepResult(outcome: "noMatch") }
        switch shortcuts.match(utterance) {
        case let .matched(request):
            return try runIntent(request, source: "siri")
        case let .disambiguation(candidates):
            return ask("disambiguation", candidates: candidates)
        case .noMatch:
            return ReplayStepResult(outcome: "noMatch")
        }
    }

    /// `choose`: answers the last `disambiguation` / `needsValue` with one of its candidates.
    func chooseStep(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let name = try step.string("name")
        guard let question = pendingQuestion else {
            throw .failed("nothing to choose: no disambiguation or needsValue is pending")
        }
        guard let candidate = question.candidates.candidate(named: name) else {
            return ReplayStepResult(outcome: "noMatch", values: ["candidates": Self.titles(question.candidates)])
        }
        pendingQuestion = nil
        return try runIntent(candidate.request, source: "siri")
    }

    /// `runShortcut`: the Shortcuts app runs an intent by type name with the given parameters.
    func runShortcutStep(_ step: ReplayStep) throws(ReplayStepError) -> ReplayStepResult {
        let name = try step.string("intent")
        let parameters = try step.optionalDictionary("parameters")
        let registry = try intentRegistry(for: "intent")
        pendingQuestion = nil
        let request: IntentRequest
        do {
            request = try registry.request(name, parameters: parameters)
        } catch let IntentError.unavailable(_, requires, platform) {
            return Self.unavailable(name, requires: requires, platform: platform)
        } catch let error as IntentError {
            switch error {
            case .unknownIntent:
                throw .invalidArgument(key: "intent", reason: error.description)
            case .entityNotFound, .ambiguousEntity:
                return ReplayStepResult(outcome: "failed", values: ["error": .string(error.description)])
            default:
                throw .invalidArgument(key: "parameters", reason: error.description)
            }
        } catch {
            throw .failed("\(name): \(error)")
        }
        return try runIntent(request, source: "shortcuts")
    }

    /// Resolves and performs `request`: `handled` (+ `dialog`, `value`), or `needsValue`
    /// (+ `parameter`, `candidates`) which a later `choose` answers.
    public func runIntent(_ request: IntentRequest, source: String) throws(ReplayStepError) -> ReplayStepResult {
        let registry = try intentRegistry(for: "intent")
        let outcome: IntentRunOutcome
        do {
            outcome = try registry.run(request, source: source)
        } catch let IntentError.unavailable(name, requires, platform) {
            return Self.unavailable(name, requires: requires, platform: platform)
        } catch {
            return ReplayStepResult(outcome: "failed", values: ["error": .string(String(describing: error))])
        }
        return try result(of: outcome)
    }

    /// An intent run as a step result; remembers the question of a `needsValue` and the intent
    /// that ran. Apps use it for the runs their App Shortcuts start.
    public func result(of outcome: IntentRunOutcome) throws(ReplayStepError) -> ReplayStepResult {
        switch outcome {
        case let .performed(performed):
            noteIntentRan(performed)
            if performed.opensApp, app.launchPhase == .closed { try app.launch() }
            var values = PropertyListDictionary()
            values["intent"] = .string(performed.intent.typeName)
            if let dialog = performed.result.dialog { values["dialog"] = .string(dialog) }
            if let value = performed.result.value { values["value"] = value.propertyListValue }
            for entry in app.received(.intent(performed)) where values[entry.key] == nil { values[entry.key] = entry.value }
            return ReplayStepResult(outcome: "handled", values: values)
        case let .needsValue(needs):
            return ask("needsValue", candidates: needs.candidates, extra: ["parameter": .string(needs.parameterName)])
        }
    }

    /// Siri asks the user to pick: `disambiguation` or `needsValue` with the candidates' titles;
    /// the next `choose` answers.
    public func ask(_ kind: String, candidates: [IntentCandidate], extra: PropertyListDictionary = [:]) -> ReplayStepResult {
        pendingQuestion = ReplayQuestion(kind: kind, candidates: candidates)
        var values = extra
        values["candidates"] = Self.titles(candidates)
        return ReplayStepResult(outcome: kind, values: values)
    }

    private func intentRegistry(for key: String) throws(ReplayStepError) -> IntentRegistry {
        guard let registry = app.intents else {
            throw .invalidArgument(key: key, reason: "\(appName) has no App Intents")
        }
        return registry
    }

    static func titles(_ candidates: [IntentCandidate]) -> PropertyListValue {
        .array(candidates.map { .string($0.title) })
    }

    static func unavailable(_ name: String, requires: Platform, platform: Platform) -> ReplayStepResult {
        ReplayStepResult(outcome: "unavailable", values: [
            "error": .string("\(name) needs \(requires); the script runs on \(platform)"),
        ])
    }
}
