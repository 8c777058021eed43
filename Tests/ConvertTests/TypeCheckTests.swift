import Convert
import Foundation
import TestSupport
import Testing

/// The generated files type-check with the real `swiftc` against the AppIntents interface stub
/// (Fixtures/AppIntentsStub), in Swift 5 and Swift 6 language modes: a `@Parameter` of a type App Intents does not
/// take, a missing import, a wrong conformance fails here rather than in the team's Xcode.
@Suite("Convert: generated files type-check", .enabled(if: ConvertFixtures.swiftc != nil, "no swiftc on PATH"))
struct TypeCheckTests {
    func modules() throws -> StubModules { try StubModules.shared.get() }

    func write(_ output: AppIntentGenerator.Output, into directory: TemporaryDirectory) throws -> [String] {
        try output.files.map { file in try directory.write(Data(file.contents.utf8), to: file.name).path }
    }

    @Test("the Kitchen fixture, with its legacy handlers called, in Swift 5 and 6", arguments: ["5", "6"])
    func kitchenWithHandlers(swiftVersion: String) throws {
        let definition = try ConvertFixtures.kitchenDefinition()
        let handlers = IntentHandlerFinder(root: ConvertFixtures.kitchen.path).handlers(
            for: Set(definition.intents.map(\.className)),
            swiftNames: Dictionary(uniqueKeysWithValues: definition.intents.map { ($0.name + "Intent", $0.className) }))
        #expect(handlers.keys.sorted() == ["KTCheckStatusIntent", "KTPlaceOrderIntent"])
        #expect(handlers["KTPlaceOrderIntent"]?.usesCompletion == true && handlers["KTCheckStatusIntent"]?.usesCompletion == false)
        let directory = try TemporaryDirectory("convert-typecheck")
        let files = try write(AppIntentGenerator().generate(definition, intents: definition.intents, handlers: handlers), into: directory)
        let result = try modules().typecheck(files + [ConvertFixtures.kitchenLegacy.path, ConvertFixtures.kitchenHandlers.path],
                                             swiftVersion: swiftVersion)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }

    @Test("the Kitchen fixture without handlers: only AppIntents, no legacy class needed")
    func kitchenWithoutHandlers() throws {
        let definition = try ConvertFixtures.kitchenDefinition()
        let directory = try TemporaryDirectory("convert-typecheck")
        let files = try write(AppIntentGenerator().generate(definition, intents: definition.intents), into: directory)
        let result = try modules().typecheck(files, swiftVersion: "6")
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test("an activity type's intent, every parameter type it can have, and the App Shortcuts provider, in Swift 5 and 6", arguments: ["5", "6"])
    func activityTypes(swiftVersion: String) throws {
        let directory = try TemporaryDirectory("convert-typecheck")
        let conversion = try Converter(root: "/nonexistent", report: ActivityConvertTests.report()).convert(activityTypes: ["com.example.order"])
        let swiftFiles = conversion.files.filter { $0.path.hasSuffix(".swift") }
        #expect(swiftFiles.count == 2)
        let files = try swiftFiles.map { file in try directory.write(Data(file.contents.utf8), to: (file.path as NSString).lastPathComponent).path }
        let result = try modules().typecheck(files, swiftVersion: swiftVersion)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }

    @Test("the stub refuses a phrase interpolating anything but the application name or a parameter")
    func stubRefusesPhrase() throws {
        let directory = try TemporaryDirectory("convert-typecheck")
        let source = try directory.write(Data("""
            import AppIntents
            struct Open: AppIntent {
                static let title: LocalizedStringResource = "Open"
                func perform() async throws -> some IntentResult { .result() }
            }
            struct Shortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] {
                    AppShortcut(intent: Open(), phrases: ["Open \\(42) in \\(.applicationName)"], shortTitle: "Open", systemImageName: "app")
                }
            }

            """.utf8), to: "Phrase.swift")
        let result = try modules().typecheck([source.path], swiftVersion: "6")
        #expect(result.status != 0)
    }

    @Test("the stub refuses what App Intents refuses: a parameter of a type without _IntentValue")
    func stubRefuses() throws {
        let directory = try TemporaryDirectory("convert-typecheck")
        let source = try directory.write(Data("""
            import AppIntents
            final class MediaItem {}
            struct Bad: AppIntent {
                static let title: LocalizedStringResource = "Bad"
                @Parameter(title: "Media") var media: MediaItem?
                func perform() async throws -> some IntentResult { .result() }
            }

            """.utf8), to: "Bad.swift")
        let result = try modules().typecheck([source.path], swiftVersion: "6")
        #expect(result.status != 0)
        #expect(result.standardError.contains("_IntentValue"), "\(result.standardError)")
    }
}
