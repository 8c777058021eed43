/// What the phrase matcher made of an utterance.
public enum PhraseMatch: Hashable, Sendable {
    /// One intent, with the value the phrase named (if any); resolve and run it.
    case matched(IntentRequest)
    /// Several intents or values fit equally well: "Which one?" (R6.5).
    case disambiguation([IntentCandidate])
    case noMatch
}

/// What saying something to Siri ended in.
public enum UtteranceOutcome: Hashable, Sendable {
    case performed(PerformedIntent)
    case disambiguation([IntentCandidate])
    /// The phrase matched but a required value is missing: the system asks (R5.13).
    case needsValue(IntentValueRequest)
    case noMatch

    /// The replay outcome name: `handled`, `disambiguation`, `needsValue`, `noMatch`.
    public var name: String {
        switch self {
        case .performed: "handled"
        case .disambiguation: "disambiguation"
        case .needsValue: "needsValue"
        case .noMatch: "noMatch"
        }
    }

    /// The choices offered, for `disambiguation` and `needsValue`; empty otherwise.
    public var candidates: [IntentCandidate] {
        switch self {
        case let .disambiguation(candidates): candidates
        case let .needsValue(request): request.candidates
        default: []
        }
    }
}

/// The result of ``AppShortcuts/updateAppShortcutParameters()``.
public struct AppShortcutParameterUpdate: Hashable, Sendable {
    /// Phrases the declarations expand to with the current values.
    public var phraseCount: Int
    /// Phrases Siri knows after the update: at most the phrase limit.
    public var registeredPhraseCount: Int
    /// Expanded phrases beyond the limit, which Siri does not learn (R5.3).
    public var droppedPhraseCount: Int { phraseCount - registeredPhraseCount }
}
