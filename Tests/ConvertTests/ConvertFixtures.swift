import Convert
import Foundation
import TestSupport

/// The convert tests' fixtures (Tests/ConvertTests/Fixtures): the Kitchen repository (every SiriKit parameter
/// type, an enum with a keyword case, a custom type, prefixed classes, a widget intent, Swift handlers of both
/// forms), the Larder repository (Objective-C handlers, a bridging header), what Xcode would generate for their
/// legacy sides, and the AppIntents interface stub.
enum ConvertFixtures {
    static let folder = TestPaths.inPackage("Tests/ConvertTests/Fixtures")
    static let kitchen = folder.appendingPathComponent("Kitchen")
    static let kitchenDefinitionPath = "App/Kitchen.intentdefinition"
    static let kitchenLegacy = folder.appendingPathComponent("KitchenLegacy/LegacyIntents.swift")
    static let kitchenHandlers = kitchen.appendingPathComponent("App/IntentHandlers.swift")
    static let stub = folder.appendingPathComponent("AppIntentsStub")
    /// An app whose intent handlers are Objective-C (Fixtures/Larder), with what Swift sees of them (LarderLegacy).
    static let larder = folder.appendingPathComponent("Larder")
    static let larderLegacy = folder.appendingPathComponent("LarderLegacy/LegacyIntents.swift")
    static let larderBridgingHeader = "Larder/Larder-Bridging-Header.h"

    static func kitchenDefinition() throws -> IntentDefinition {
        let data = try Data(contentsOf: kitchen.appendingPathComponent(kitchenDefinitionPath))
        return try IntentDefinition.read(data, path: kitchenDefinitionPath)
    }

    /// A copy of a folder in a new temporary directory (the tests never write into fixtures or ../shared).
    static func copy(_ source: URL, into directory: TemporaryDirectory, as name: String) throws -> URL {
        let destination = directory.url.appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: destination)
        return destination
    }

    /// The toolchain's `swiftc` (beside the `swift` on PATH); nil when there is none.
    static let swiftc: URL? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()
}

/// The AppIntents, CoreLocation and Intents stubs built as modules once, and `swiftc -typecheck` of sources
/// against them: the real compiler, so a generated declaration AppIntents would refuse fails here.
final class StubModules: @unchecked Sendable {
    static let shared: Result<StubModules, any Error> = Result { try StubModules() }

    let directory: TemporaryDirectory

    private init() throws {
        directory = try TemporaryDirectory("convert-stub-modules")
        for module in ["CoreLocation", "Intents", "AppIntents"] {
            let source = ConvertFixtures.stub.appendingPathComponent("\(module).swift").path
            let output = try Self.swiftc([
                "-emit-module", "-parse-as-library", "-module-name", module, "-swift-version", "6", "-I", directory.url.path,
                source, "-o", directory.path("\(module).swiftmodule"),
            ])
            guard output.status == 0 else { throw StubError(message: "the \(module) stub does not compile:\n\(output.standardError)") }
        }
    }

    struct StubError: Error, CustomStringConvertible { var message: String; var description: String { message } }

    static func swiftc(_ arguments: [String]) throws -> ProcessOutput {
        guard let swiftc = ConvertFixtures.swiftc else { throw StubError(message: "no swiftc on PATH") }
        return try ExternalTool.run(swiftc.path, arguments)
    }

    /// `swiftc -typecheck` of `files` together, in Swift language mode `version`; the compiler's diagnostics.
    func typecheck(_ files: [String], swiftVersion version: String) throws -> ProcessOutput {
        try Self.swiftc(["-typecheck", "-swift-version", version, "-I", directory.url.path] + files)
    }
}
