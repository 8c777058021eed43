import Foundation
import Testing
@testable import IntentKit

@Suite("App Shortcuts: phrase matching")
struct PhraseMatcherTests {
    let store = PlaceStore()
    let log = ActionLog()

    private func shortcuts(platform: Platform = .iOS27, synonyms: [String] = [], update: Bool = true) throws -> AppShortcuts {
        let registry = try makeWalkRegistry(store: store, log: log, platform: platform)
        let shortcuts = try AppShortcuts(applicationName: "Walk Mate", synonyms: synonyms, registry: registry, shortcuts: walkShortcuts)
        if update { try shortcuts.updateAppShortcutParameters() }
        return shortcuts
    }

    private func matchedTitle(_ match: PhraseMatch) -> String? {
        guard case let .matched(request) = match else { return nil }
        return request.values.values.first?.displayText
    }

    @Test func parameterlessPhrasesMatchIgnoringCaseAndSurroundingPunctuation() throws {
        let shortcuts = try shortcuts()
        for utterance in ["Generate a route in Walk Mate", "generate A ROUTE in walk mate!", "  “Make me a walk in Walk Mate.” ",
                          "Create  a walk\tin Walk Mate?"] {
            #expect(shortcuts.match(utterance) == .matched(IntentRequest(typeName: "GenerateRoutesIntent")), "\(utterance)")
        }
        #expect(shortcuts.match("Generate a route, in Walk Mate") == .noMatch)   // inner punctuation counts
        #expect(shortcuts.match("Generate a route in Walk") == .noMatch)
        #expect(shortcuts.match("") == .noMatch)
        #expect(shortcuts.match("?!") == .noMatch)
    }

    @Test(arguments: ["Load Berlin in Walk Mate", "  “Quoted” ", "...Hey,   you!!", "a\tb\r\nc", "$5 + 3 = 8?",
                      "(Open) [park] {now}", "", "   ", "?!", "x\u{1}y ", "Tab\u{0B}Vertical", "~`^_|@#%&*-"])
    func asciiNormalizingAgreesWithTheCharacterDefinition(_ text: String) {
        for (leading, trailing) in [(true, true), (true, false), (false, true)] {
            #expect(PhraseNormalizer.normalize(text, leading: leading, trailing: trailing)
                    == PhraseNormalizer.normalizeCharacters(text, leading: leading, trailing: trailing), "\(leading) \(trailing)")
        }
    }

    @Test func entityPhrasesNeedTheFirstParameterUpdate() throws {
        store.add("Berlin")
        let shortcuts = try shortcuts(update: false)
        #expect(shortcuts.match("Load Berlin in Walk Mate") == .noMatch)
        let update = try shortcuts.updateAppShortcutParameters()
        #expect(shortcuts.hasFetchedParameters)
        #expect(update == AppShortcutParameterUpdate(phraseCount: 6, registeredPhraseCount: 6))
        #expect(matchedTitle(shortcuts.match("Load Berlin in Walk Mate")) == "Berlin")
    }

    @Test func updatesFollowRenamesAndDeletes() throws {
        let berlin = store.add("Berlin")
        let shortcuts = try shortcuts()
        store.places[0].name = "Berlin Mitte"
        #expect(matchedTitle(shortcuts.match("Load Berlin in Walk Mate")) == "Berlin")   // stale until updated
        try shortcuts.updateAppShortcutParameters()
        #expect(shortcuts.phrases.contains("Load Berlin Mitte in Walk Mate"))
        #expect(!shortcuts.phrases.contains("Load Berlin in Walk Mate"))
        store.places.removeAll { $0.id == berlin.id }
        try shortcuts.updateAppShortcutParameters()
        #expect(shortcuts.match("Load Berlin Mitte in Walk Mate") == .noMatch)
    }

    @Test func phrasesListEveryExpansionInDeclarationOrder() throws {
        store.add("Berlin")
        store.add("Riverside Loop")
        let shortcuts = try shortcuts()
        #expect(shortcuts.phrases == [
            "Load Berlin in Walk Mate", "Load Riverside Loop in Walk Mate",
            "Generate a route in Walk Mate", "Generate me a route in Walk Mate", "Make me a walk in Walk Mate",
            "Create a walk in Walk Mate", "Generate walking routes in Walk Mate",
        ])
    }

    @Test func exactNameBeatsPartialMatches() throws {
        store.add("Park")
        store.add("Park North")
        store.add("Park South")
        let shortcuts = try shortcuts()
        #expect(matchedTitle(shortcuts.match("Open Park in Walk Mate")) == "Park")
    }

    @Test func severalPartialMatchesDisambiguate() throws {
        store.add("Park North")
        store.add("Park South")
        store.add("Riverside Loop")
        let shortcuts = try shortcuts()
        guard case let .disambiguation(candidates) = shortcuts.match("Open park with Walk Mate") else {
            Issue.record("expected disambiguation"); return
        }
        #expect(Set(candidates.titles) == ["Park North", "Park South"])
        #expect(candidates.allSatisfy { $0.request.typeName == "OpenWalkMatePlaceIntent" })
        #expect(matchedTitle(shortcuts.match("Open riverside with Walk Mate")) == "Riverside Loop")   // one partial: matched
        #expect(shortcuts.match("Load Central Park in Walk Mate") == .noMatch)
    }

    /// "Search for X" fits both "Search ${criteria}" (term "for X") and "Search for ${criteria}"
    /// (term "X"): the phrase whose fixed text covers more of the utterance wins.
    @Test func theSearchPhraseWithTheLongestFixedTextWins() throws {
        let shortcuts = try shortcuts()
        #expect(shortcuts.match("Search for Central Park in Walk Mate")
            == .matched(IntentRequest(typeName: "SearchFavoritesIntent", values: ["criteria": .string("Central Park")])))
        #expect(shortcuts.match("Search Central Park in Walk Mate")
            == .matched(IntentRequest(typeName: "SearchFavoritesIntent", values: ["criteria": .string("Central Park")])))
        // Only "Search ${criteria}" fits when nothing follows "for": the term is "for".
        #expect(shortcuts.match("Search for in Walk Mate")
            == .matched(IntentRequest(typeName: "SearchFavoritesIntent", values: ["criteria": .string("for")])))
    }

    @Test func theLongestFixedTextWinsForEntitiesTooAndRealTiesStillAsk() throws {
        store.add("Park")
        store.add("the Park")
        store.add("the Park North")
        store.add("the Park South")
        let registry = try makeWalkRegistry(store: store, log: log)
        let shortcuts = try AppShortcuts(applicationName: "Walk Mate", registry: registry, shortcuts: [
            AppShortcut(intent: "ShowSavedWalkIntent", phrases: ["Load ${walk} in ${applicationName}", "Load the ${walk} in ${applicationName}"],
                        shortTitle: "Show", systemImageName: "map"),
        ])
        try shortcuts.updateAppShortcutParameters()
        // Exact for "the Park" (through "Load ${walk}") and for "Park" (through "Load the ${walk}").
        #expect(matchedTitle(shortcuts.match("Load the Park in Walk Mate")) == "Park")
        // Several values through the same (longest) phrase are a real tie: Siri asks.
        guard case let .disambiguation(candidates) = shortcuts.match("Load the par in Walk Mate") else {
            Issue.record("expected disambiguation"); return
        }
        #expect(Set(candidates.titles) == ["Park", "the Park", "the Park North", "the Park South"])
    }

    @Test func sameTitleTwiceDisambiguates() throws {
        store.add("Berlin")
        store.add("Berlin")
        let shortcuts = try shortcuts()
        guard case let .disambiguation(candidates) = shortcuts.match("Load Berlin in Walk Mate") else {
            Issue.record("expected disambiguation"); return
        }
        #expect(candidates.count == 2)
    }

    @Test func matchingIgnoresDiacriticsAndUsesSynonyms() throws {
        store.add("Zürich Lakeside", synonyms: ["Lake Walk"])
        let shortcuts = try shortcuts(synonyms: ["WalkMate"])
        #expect(matchedTitle(shortcuts.match("load zurich lakeside in walk mate")) == "Zürich Lakeside")
        #expect(matchedTitle(shortcuts.match("Load Lake Walk in WalkMate")) == "Zürich Lakeside")
        // Synonyms match but are not listed as phrases.
        #expect(shortcuts.phrases == ["Load Zürich Lakeside in Walk Mate"] + Array(shortcuts.phrases.dropFirst()))
        #expect(!shortcuts.phrases.contains { $0.contains("WalkMate") || $0.contains("Lake Walk") })
    }

    @Test func schemaPhrasesFollowThePlatform() throws {
        store.add("Berlin")
        let modern = try shortcuts(platform: .iOS27)
        guard case let .matched(request) = modern.match("Open Berlin in Walk Mate") else { Issue.record("expected match"); return }
        #expect(request.typeName == "OpenWalkMatePlaceIntent")
        let older = try shortcuts(platform: .iOS18)
        #expect(older.match("Open Berlin in Walk Mate") == .noMatch)   // .system.open needs iOS 27
        #expect(matchedTitle(older.match("Load Berlin in Walk Mate")) == "Berlin")
    }

    @Test func searchSchemaHandsOverTheTermAsSpoken() throws {
        store.add("Berlin")
        let shortcuts = try shortcuts()
        guard case let .matched(request) = shortcuts.match("Search Central Park in Walk Mate.") else { Issue.record("expected match"); return }
        #expect(request == IntentRequest(typeName: "SearchFavoritesIntent", values: ["criteria": .string("Central Park")]))
        guard case let .matched(forTerm) = shortcuts.match("search walk mate for Zürich") else { Issue.record("expected match"); return }
        #expect(forTerm.values["criteria"] == .string("Zürich"))
    }

    @Test func declaredShortcutsBeatSchemaPhrasesForTheSameWords() throws {
        store.add("Berlin")
        let registry = try makeWalkRegistry(store: store, log: log)
        let shortcuts = try AppShortcuts(applicationName: "Walk Mate", registry: registry, shortcuts: [
            AppShortcut(intent: "ShowSavedWalkIntent", phrases: ["Open ${walk} in ${applicationName}"], shortTitle: "Show", systemImageName: "map"),
        ])
        try shortcuts.updateAppShortcutParameters()
        guard case let .matched(request) = shortcuts.match("Open Berlin in Walk Mate") else { Issue.record("expected match"); return }
        #expect(request.typeName == "ShowSavedWalkIntent")
    }

    @Test func enumPhrasesExpandWithoutAnUpdate() throws {
        let registry = IntentRegistry()
        let mode = IntentEnum(typeName: "Mode", cases: [.init("loop", DisplayRepresentation(title: "Loop", synonyms: ["Circle"])), .init("line", "Line")])
        try registry.register(IntentDefinition(typeName: "RouteMode", title: "Route", parameters: [.enumeration("mode", mode)]) { _, _ in .result() })
        let shortcuts = try AppShortcuts(applicationName: "Walk Mate", registry: registry, shortcuts: [
            AppShortcut(intent: "RouteMode", phrases: ["Plan a ${mode} in ${applicationName}"], shortTitle: "Route", systemImageName: "map"),
        ])
        #expect(shortcuts.phrases == ["Plan a Loop in Walk Mate", "Plan a Line in Walk Mate"])
        #expect(shortcuts.match("plan a circle in walk mate") == .matched(IntentRequest(typeName: "RouteMode", values: ["mode": .enumCase(mode.cases[0])])))
    }

    @Test func phrasesPastTheLimitAreDropped() throws {
        for index in 1...8 { store.add("Walk \(index)") }
        let registry = try makeWalkRegistry(store: store, log: log)
        let shortcuts = try AppShortcuts(applicationName: "Walk Mate", registry: registry, shortcuts: walkShortcuts,
                                         limits: AppShortcutLimits(maxShortcuts: 10, maxPhrases: 9))
        let update = try shortcuts.updateAppShortcutParameters()
        #expect(update.phraseCount == 13)
        #expect(update.registeredPhraseCount == 9)
        #expect(update.droppedPhraseCount == 4)
        #expect(matchedTitle(shortcuts.match("Load Walk 8 in Walk Mate")) == "Walk 8")
        #expect(shortcuts.match("Make me a walk in Walk Mate") == .noMatch)   // past the limit
        #expect(shortcuts.match("Generate a route in Walk Mate") != .noMatch)
    }

    @Test func failedUpdateKeepsThePreviousPhrases() throws {
        store.add("Berlin")
        let shortcuts = try shortcuts()
        store.failing = true
        #expect(throws: StoreFailure.self) { try shortcuts.updateAppShortcutParameters() }
        #expect(matchedTitle(shortcuts.match("Load Berlin in Walk Mate")) == "Berlin")
    }
}

@Suite("App Shortcuts: saying it to Siri")
struct UtteranceTests {
    let store = PlaceStore()
    let log = ActionLog()

    private func shortcuts() throws -> AppShortcuts {
        let shortcuts = try AppShortcuts(applicationName: "Walk Mate", registry: makeWalkRegistry(store: store, log: log),
                                         shortcuts: walkShortcuts)
        try shortcuts.updateAppShortcutParameters()
        return shortcuts
    }

    @Test func aMatchedPhraseRunsItsIntent() throws {
        store.add("Riverside Loop")
        let outcome = try shortcuts().perform(utterance: "Load Riverside Loop in Walk Mate")
        #expect(outcome.name == "handled")
        #expect(log.actions == ["openFavorite:Riverside Loop"])
    }

    @Test func disambiguationThenChoose() throws {
        store.add("Park North")
        store.add("Park South")
        let shortcuts = try shortcuts()
        let outcome = try shortcuts.perform(utterance: "Open Park in Walk Mate")
        #expect(outcome.name == "disambiguation")
        #expect(Set(outcome.candidates.titles) == ["Park North", "Park South"])
        #expect(log.actions.isEmpty)
        let chosen = try #require(try shortcuts.choose("park south", from: outcome))
        #expect(chosen.name == "handled")
        #expect(log.actions == ["openFavorite:Park South"])
        #expect(try shortcuts.choose("Atlantis", from: outcome) == nil)
    }

    @Test func noMatchRunsNothing() throws {
        let outcome = try shortcuts().perform(utterance: "Order a pizza in Walk Mate")
        #expect(outcome == .noMatch)
        #expect(outcome.candidates.isEmpty)
        #expect(log.actions.isEmpty)
    }

    @Test func missingValueAfterAMatchAsks() throws {
        store.add("Berlin")
        let registry = try makeWalkRegistry(store: store, log: log)
        let shortcuts = try AppShortcuts(applicationName: "Walk Mate", registry: registry, shortcuts: [
            AppShortcut(intent: "ShowSavedWalkIntent", phrases: ["Show a saved walk in ${applicationName}"], shortTitle: "Show", systemImageName: "map"),
        ])
        let outcome = try shortcuts.perform(utterance: "Show a saved walk in Walk Mate")
        #expect(outcome.name == "needsValue")
        #expect(outcome.candidates.titles == ["Berlin"])
        #expect(try shortcuts.choose("Berlin", from: outcome)?.name == "handled")
        #expect(log.actions == ["openFavorite:Berlin"])
    }
}
