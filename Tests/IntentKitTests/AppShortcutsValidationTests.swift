import Foundation
import Testing
@testable import IntentKit

@Suite("App Shortcuts: Apple's rules at registration")
struct AppShortcutsValidationTests {
    let store = PlaceStore()
    let log = ActionLog()

    private func register(_ shortcuts: [AppShortcut], limits: AppShortcutLimits = .apple,
                          registry: IntentRegistry? = nil) throws -> AppShortcuts {
        try AppShortcuts(applicationName: "Walk Mate", registry: registry ?? makeWalkRegistry(store: store, log: log),
                         shortcuts: shortcuts, limits: limits)
    }

    private func violations(_ shortcuts: [AppShortcut], limits: AppShortcutLimits = .apple,
                            registry: IntentRegistry? = nil) throws -> [AppShortcutViolation] {
        do {
            _ = try register(shortcuts, limits: limits, registry: registry)
            return []
        } catch let error as AppShortcutsError {
            return error.violations
        }
    }

    private func shortcut(_ phrases: [AppShortcutPhrase], intent: String = "GenerateRoutesIntent") -> AppShortcut {
        AppShortcut(intent: intent, phrases: phrases, shortTitle: "Generate Routes", systemImageName: "map")
    }

    @Test func walkMateShortcutsAreValid() throws {
        let shortcuts = try register(walkShortcuts)
        #expect(shortcuts.shortcuts.count == 2)
        #expect(!shortcuts.hasFetchedParameters)
    }

    @Test func atMostTenShortcuts() throws {
        let eleven = (1...11).map { shortcut(["Route \($0) in ${applicationName}"]) }
        let found = try violations(eleven)
        #expect(found.map(\.rule) == [.tooManyShortcuts])
        #expect(found.first?.message == "11 App Shortcuts declared; an app may have at most 10")
        #expect(try violations(Array(eleven.prefix(10))).isEmpty)
    }

    @Test func everyPhraseNeedsTheApplicationNameOnce() throws {
        let found = try violations([shortcut(["Generate a route", "Walk ${applicationName} in ${applicationName}"])])
        #expect(found.map(\.rule) == [.missingApplicationName, .repeatedApplicationName])
        #expect(found[0].shortcut == "Generate Routes (GenerateRoutesIntent)")
        #expect(found[0].phrase == "Generate a route")
        #expect(found[0].description == """
            App Shortcut 'Generate Routes (GenerateRoutesIntent)', phrase "Generate a route": \
            every App Shortcut phrase must contain '${applicationName}' once [missing-application-name]
            """)
        #expect(found[1].phrase == "Walk ${applicationName} in ${applicationName}")
    }

    @Test func atMostOneParameterPerPhrase() throws {
        let registry = try makeWalkRegistry(store: store, log: log)
        try registry.register(IntentDefinition(typeName: "Compare", title: "Compare", parameters: [
            .entity("first", PlaceEntity.self), .entity("second", PlaceEntity.self),
        ]) { _, _ in .result() })
        let found = try violations([AppShortcut(intent: "Compare", phrases: ["Compare ${first} and ${second} in ${applicationName}"],
                                                shortTitle: "Compare", systemImageName: "arrow")], registry: registry)
        #expect(found.map(\.rule) == [.multipleParameters])
        #expect(found.first?.message == "the phrase has 2 parameters (first, second); at most one is allowed")
    }

    @Test func phraseParametersMustBeEntitiesOrEnums() throws {
        let found = try violations([shortcut(["Walk ${distance} in ${applicationName}"])])
        #expect(found.map(\.rule) == [.unsupportedParameterType])
        #expect(found.first?.message == "parameter 'distance' is measurement (km); a phrase parameter must be an entity or enum")
        // A search schema's criteria is the one free-text exception.
        let search = AppShortcut(intent: "SearchFavoritesIntent", phrases: ["Find ${criteria} in ${applicationName}"],
                                 shortTitle: "Search", systemImageName: "magnifyingglass")
        #expect(try violations([search]).isEmpty)
    }

    @Test func unknownParametersIntentsAndMalformedPhrases() throws {
        let found = try violations([
            shortcut(["Walk ${speed} in ${applicationName}", "Walk ${distance in ${applicationName}", "Walk ${} in ${applicationName}", "Walk ${the walk} in ${applicationName}"]),
            AppShortcut(intent: "FlyIntent", phrases: ["Fly in ${applicationName}"], shortTitle: "Fly", systemImageName: "airplane"),
        ])
        #expect(found.map(\.rule) == [.unknownParameter, .malformedPhrase, .malformedPhrase, .malformedPhrase, .unknownIntent])
        #expect(found[0].message == "intent 'GenerateRoutesIntent' has no parameter 'speed'")
        #expect(found[1].message == "'${' has no closing '}'")
        #expect(found[2].message == "'${}' names nothing")
        #expect(found[3].message == "'${the walk}' does not name a parameter")
        #expect(found[4].shortcut == "Fly (FlyIntent)")
    }

    @Test func incompleteShortcutsAreRejected() throws {
        let found = try violations([AppShortcut(intent: "GenerateRoutesIntent", phrases: [], shortTitle: " ", systemImageName: "")])
        #expect(found.map(\.rule) == [.incompleteShortcut])
        #expect(found.first?.message == "the shortcut has no phrases, a short title or a system image name")
    }

    @Test func atMostAThousandPhrasesCountingEnumValues() throws {
        let registry = try makeWalkRegistry(store: store, log: log)
        let many = IntentEnum(typeName: "Trail", cases: (1...600).map { .init("t\($0)", DisplayRepresentation(title: "Trail \($0)")) })
        try registry.register(IntentDefinition(typeName: "TrailIntent", title: "Trail", parameters: [.enumeration("trail", many)]) { _, _ in .result() })
        let shortcut = AppShortcut(intent: "TrailIntent", phrases: ["Walk ${trail} in ${applicationName}", "Hike ${trail} in ${applicationName}"],
                                   shortTitle: "Trail", systemImageName: "map")
        let found = try violations([shortcut], registry: registry)
        #expect(found.map(\.rule) == [.tooManyPhrases])
        #expect(found.first?.message == "the phrases expand to 1200 with every parameter value; an app may have at most 1000")
    }

    @Test func oneProviderPerApp() throws {
        let registry = try makeWalkRegistry(store: store, log: log)
        _ = try register(walkShortcuts, registry: registry)
        let found = try violations(walkShortcuts, registry: registry)
        #expect(found.map(\.rule) == [.multipleProviders])
    }

    @Test func failedRegistrationDoesNotClaimTheApp() throws {
        let registry = try makeWalkRegistry(store: store, log: log)
        #expect(throws: AppShortcutsError.self) { try register([shortcut(["no app name"])], registry: registry) }
        _ = try register(walkShortcuts, registry: registry)
    }

    @Test func providersRegisterTheirDeclaredShortcuts() throws {
        enum Provider: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] { walkShortcuts }
        }
        let shortcuts = try AppShortcuts(Provider.self, applicationName: "Walk Mate", registry: makeWalkRegistry(store: store, log: log))
        #expect(shortcuts.shortcuts == walkShortcuts)
    }

    @Test func phraseTemplatesParse() throws {
        let phrase: AppShortcutPhrase = "Load ${walk} in ${applicationName}"
        #expect(try phrase.segments() == [.text("Load "), .parameter("walk"), .text(" in "), .applicationName])
        #expect(phrase.parameterNames == ["walk"])
        #expect(phrase.applicationNameCount == 1)
        #expect(phrase.expanded(applicationName: "Walk Mate", values: ["walk": "Berlin"]) == "Load Berlin in Walk Mate")
        #expect(throws: PhraseSyntaxError.unterminatedPlaceholder) { try AppShortcutPhrase("Load ${walk").segments() }
        #expect(throws: PhraseSyntaxError.emptyPlaceholder) { try AppShortcutPhrase("Load ${ }").segments() }
    }
}
