/// An app's registered App Shortcuts and the phrase matcher Siri uses for them.
///
/// Registration checks Apple's rules (at most 10 shortcuts, `${applicationName}` once in every
/// phrase, at most one parameter per phrase and only an entity or enum, at most 1,000 phrases
/// once expanded) and throws an ``AppShortcutsError`` listing every violation, each naming the
/// shortcut and phrase. Entity parameters expand only after ``updateAppShortcutParameters()``,
/// which re-reads the entities' suggested values (R5.9); call it at launch and whenever entities
/// are added, renamed or deleted.
///
/// ```swift
/// let shortcuts = try AppShortcuts(
///     applicationName: "Walk Mate", registry: registry,
///     shortcuts: [AppShortcut(intent: "ShowSavedWalkIntent", phrases: ["Load ${walk} in ${applicationName}"],
///                             shortTitle: "Open Favorite Walk", systemImageName: "figure.walk")])
/// try shortcuts.updateAppShortcutParameters()
/// try shortcuts.perform(utterance: "Load Berlin in Walk Mate")   // .performed(…)
/// ```
public final class AppShortcuts {
    public let applicationName: String
    /// Other names of the app that `${applicationName}` also matches.
    public let applicationNameSynonyms: [String]
    public let shortcuts: [AppShortcut]
    public let limits: AppShortcutLimits
    public let registry: IntentRegistry
    /// Whether ``updateAppShortcutParameters()`` has succeeded at least once.
    public private(set) var hasFetchedParameters = false
    private var index = PhraseIndex()

    /// Registers `shortcuts` for the app.
    /// - Throws: ``AppShortcutsError`` with every violation; nothing is registered then.
    public init(
        applicationName: String, synonyms: [String] = [], registry: IntentRegistry,
        shortcuts: [AppShortcut], limits: AppShortcutLimits = .apple
    ) throws(AppShortcutsError) {
        var violations = AppShortcutsValidator(registry: registry, limits: limits).violations(of: shortcuts)
        if registry.hasAppShortcuts {
            violations.insert(AppShortcutViolation(
                .multipleProviders, message: "the app already registered its App Shortcuts; an app has one provider"), at: 0)
        }
        guard violations.isEmpty else { throw AppShortcutsError(violations) }
        self.applicationName = applicationName
        applicationNameSynonyms = synonyms
        self.registry = registry
        self.shortcuts = shortcuts
        self.limits = limits
        registry.hasAppShortcuts = true
        // Enum values are known at build time; entity values wait for the first update.
        index = PhraseIndex(shortcuts: shortcuts, impliedBy: registeredDefinitions, applicationNames: applicationNames,
                            budget: limits.maxPhrases) { parameter in
            if case let .enumeration(enumeration) = parameter.kind { return enumeration.cases.map(IntentValue.enumCase) }
            return nil
        }
    }

    /// Registers a provider's shortcuts.
    public convenience init<Provider: AppShortcutsProvider>(
        _ provider: Provider.Type, applicationName: String, synonyms: [String] = [],
        registry: IntentRegistry, limits: AppShortcutLimits = .apple
    ) throws(AppShortcutsError) {
        try self.init(applicationName: applicationName, synonyms: synonyms, registry: registry,
                      shortcuts: provider.appShortcuts, limits: limits)
    }

    /// The app name followed by its synonyms.
    public var applicationNames: [String] { [applicationName] + applicationNameSynonyms }

    private var registeredDefinitions: [IntentDefinition] {
        registry.registeredIntentNames.compactMap(registry.registeredDefinition(named:))
    }

    /// Re-reads every entity parameter's suggested entities and rebuilds the phrases. Phrases past
    /// the limit are dropped (Siri does not learn them) and reported in the result.
    /// - Throws: what a query throws; the previous phrases stay in place then.
    @discardableResult
    public func updateAppShortcutParameters() throws -> AppShortcutParameterUpdate {
        var suggestions: [String: [IntentValue]] = [:]
        let rebuilt = try PhraseIndex(shortcuts: shortcuts, impliedBy: registeredDefinitions, applicationNames: applicationNames,
                                      budget: limits.maxPhrases) { parameter -> [IntentValue]? in
            switch parameter.kind {
            case let .enumeration(enumeration):
                return enumeration.cases.map(IntentValue.enumCase)
            case let .entity(typeName):
                if let cached = suggestions[typeName] { return cached }
                let values = try registry.entityType(named: typeName).suggestedEntities().map(IntentValue.entity)
                suggestions[typeName] = values
                return values
            default:
                return nil
            }
        }
        index = rebuilt
        hasFetchedParameters = true
        return AppShortcutParameterUpdate(phraseCount: rebuilt.phraseCount, registeredPhraseCount: rebuilt.expandedPhrases.count)
    }

    /// Every phrase Siri knows from the app's App Shortcuts, expanded with the app name and each
    /// current parameter value's title, in declaration order (the replay's `shortcutPhrases`).
    /// A search term stays as its `${name}` placeholder.
    public var phrases: [String] { index.expandedPhrases }

    /// Matches an utterance (ignoring case, diacritics and surrounding punctuation) against the
    /// phrases of intents available on the registry's platform.
    public func match(_ utterance: String) -> PhraseMatch {
        index.match(utterance) { registry.isAvailable($0) }
    }

    /// Says `utterance` to Siri: match, then resolve and run the intent.
    /// - Throws: ``IntentError`` when the matched intent fails.
    public func perform(utterance: String) throws -> UtteranceOutcome {
        switch match(utterance) {
        case let .matched(request): try run(request)
        case let .disambiguation(candidates): .disambiguation(candidates)
        case .noMatch: .noMatch
        }
    }

    /// Answers a `disambiguation` or `needsValue` with the candidate titled `title` (ignoring case
    /// and diacritics) and runs on. Nil when no single candidate has that title.
    public func choose(_ title: String, from outcome: UtteranceOutcome) throws -> UtteranceOutcome? {
        guard let candidate = outcome.candidates.candidate(named: title) else { return nil }
        return try run(candidate.request)
    }

    private func run(_ request: IntentRequest) throws -> UtteranceOutcome {
        switch try registry.run(request, source: "siri") {
        case let .performed(performed): .performed(performed)
        case let .needsValue(needs): .needsValue(needs)
        }
    }
}
