import Convert
import Foundation
import ObjCFacts
import SwiftFacts
import TestSupport
import Testing

/// Objective-C intent handlers (Fixtures/Larder): found with libclang in `@implementation`s, named as Swift
/// imports them (`NS_SWIFT_NAME`, the adopted `…IntentHandling` protocol, or Swift's default name), called from
/// `perform()` only when the target's bridging header imports their class, else a TODO that says why.
@Suite("Convert: Objective-C handlers", .enabled(if: ObjCFactsExtractor.isAvailable, "no libclang"),
       .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser"))
struct ObjCHandlerTests {
    static let classNames: Set<String> = ["LDStockIntent", "LDCountIntent", "LDClearIntent", "LDHideIntent"]
    static let swiftNames = ["StockIntent": "LDStockIntent", "CountIntent": "LDCountIntent", "ClearIntent": "LDClearIntent", "HideIntent": "LDHideIntent"]

    static func handlers(bridgingHeader: String?) -> [String: IntentHandler] {
        IntentHandlerFinder(root: ConvertFixtures.larder.path).handlers(for: classNames, swiftNames: swiftNames) { _ in bridgingHeader }
    }

    @Test("each handler with the Swift name its header gives it; the one its bridging header does not import is unreachable")
    func finding() throws {
        let found = Self.handlers(bridgingHeader: ConvertFixtures.larderBridgingHeader)
        #expect(found.keys.sorted() == Self.classNames.sorted())
        let stock = try #require(found["LDStockIntent"])
        #expect(stock.language == .objectiveC && stock.className == "LDStockIntentHandler" && stock.intentType == "StockIntent")
        #expect(stock.file == "Larder/LDStockIntentHandler.m" && stock.line == 5 && stock.usesCompletion)
        #expect(stock.methodName == "handle" && stock.intentLabel == "intent" && stock.unreachable == nil)
        // Through LarderHandlers.h; named by the adopted protocol.
        let count = try #require(found["LDCountIntent"])
        #expect(count.methodName == "handle" && count.intentLabel == "intent" && count.unreachable == nil, "\(count)")
        // Declared plainly: Swift's own name; the `- (` in its body is no method.
        let clear = try #require(found["LDClearIntent"])
        #expect(clear.methodName == "handleClear" && clear.intentLabel == nil && clear.unreachable == nil, "\(clear)")
        #expect(clear.line == 4)
        let hide = try #require(found["LDHideIntent"])
        #expect(hide.unreachable == "its bridging header Larder/Larder-Bridging-Header.h does not import Larder/LDHideIntentHandler.h", "\(hide)")
    }

    @Test("without a bridging header no Objective-C handler can be called")
    func noBridgingHeader() {
        for (_, handler) in Self.handlers(bridgingHeader: nil) {
            #expect(handler.unreachable?.hasPrefix("the target has no bridging header (SWIFT_OBJC_BRIDGING_HEADER) importing ") == true, "\(handler)")
        }
    }

    @Test("a Swift handler is taken before an Objective-C one of the same intent")
    func swiftFirst() throws {
        let directory = try TemporaryDirectory("convert-objc")
        let repository = try ConvertFixtures.copy(ConvertFixtures.larder, into: directory, as: "Larder")
        try Data("""
            import Intents
            final class StockHandler: NSObject {
                func handle(intent: StockIntent) async -> StockIntentResponse { fatalError() }
            }

            """.utf8).write(to: repository.appendingPathComponent("Larder/StockHandler.swift"))
        let found = IntentHandlerFinder(root: repository.path).handlers(for: Self.classNames, swiftNames: Self.swiftNames) { _ in nil }
        #expect(found["LDStockIntent"]?.language == .swift && found["LDStockIntent"]?.className == "StockHandler")
        #expect(found["LDCountIntent"]?.language == .objectiveC)
    }

    @Test("convert: perform() calls the reachable handlers as Swift names them, the other keeps its TODO with why; all type-check")
    func converting() throws {
        let directory = try TemporaryDirectory("convert-objc")
        let repository = try ConvertFixtures.copy(ConvertFixtures.larder, into: directory, as: "Larder")
        let result = try BuiltBinary.run(["convert", "."], in: repository)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("note: LDStockIntent: perform() calls the Objective-C LDStockIntentHandler.handle(intent:completion:) (Larder/LDStockIntentHandler.m:5)"),
                "\(result.standardError)")
        #expect(result.standardError.contains("note: LDClearIntent: perform() calls the Objective-C LDClearIntentHandler.handleClear(_:completion:) (Larder/Handlers/LDClearIntentHandler.m:4)"))
        #expect(result.standardError.contains("LDHideIntent: perform() does not call the Objective-C handler LDHideIntentHandler (Larder/LDHideIntentHandler.m:4): its bridging header Larder/Larder-Bridging-Header.h does not import Larder/LDHideIntentHandler.h; it throws a TODO instead"),
                "\(result.standardError)")
        let folder = repository.appendingPathComponent("ConvertedAppIntents/Larder")
        func file(_ name: String) throws -> String { try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) }
        #expect(try file("StockAppIntent.swift").contains("    LDStockIntentHandler().handle(intent: intent) { continuation.resume(returning: $0) }\n"))
        #expect(try file("StockAppIntent.swift").contains("let intent = StockIntent()\n"))
        #expect(try file("ClearAppIntent.swift").contains("    LDClearIntentHandler().handleClear(intent) { continuation.resume(returning: $0) }\n"))
        let hide = try file("HideAppIntent.swift")
        #expect(hide.contains("// TODO(activity-bridge convert): call the Objective-C handler LDHideIntentHandler (Larder/LDHideIntentHandler.m:4), or do here what it did:"))
        #expect(hide.contains("try NotConverted.fail(Self.intentClassName)") && !hide.contains("import Intents"))

        let after = try BuiltBinary.run(["audit", "."], in: repository)
        #expect(!after.standardOutput.contains("custom-intent-not-migrated"), "\(after.standardOutput)")

        if ConvertFixtures.swiftc != nil {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0).path }
            let checked = try StubModules.shared.get().typecheck(files + [ConvertFixtures.larderLegacy.path], swiftVersion: "6")
            #expect(checked.status == 0, "\(checked.standardError)")
        }
    }

    @Test("convert without the bridging header setting: every Objective-C handler is a TODO, and a note says why")
    func convertingWithoutBridgingHeader() throws {
        let directory = try TemporaryDirectory("convert-objc")
        let repository = try ConvertFixtures.copy(ConvertFixtures.larder, into: directory, as: "Larder")
        let spec = repository.appendingPathComponent("project.yml")
        let text = try String(contentsOf: spec, encoding: .utf8).replacingOccurrences(of: "      SWIFT_OBJC_BRIDGING_HEADER: Larder/Larder-Bridging-Header.h\n", with: "")
        try Data(text.utf8).write(to: spec)
        let result = try BuiltBinary.run(["convert", "."], in: repository)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("perform() calls"), "\(result.standardError)")
        #expect(result.standardError.components(separatedBy: ": the target has no bridging header (SWIFT_OBJC_BRIDGING_HEADER) importing ").count - 1 == 4,
                "\(result.standardError)")
    }

    @Test("without libclang the Objective-C handlers are not looked for, and a note says so; the intents still convert")
    func withoutLibClang() throws {
        let directory = try TemporaryDirectory("convert-objc")
        let repository = try ConvertFixtures.copy(ConvertFixtures.larder, into: directory, as: "Larder")
        let result = try BuiltBinary.run(["convert", "."], in: repository, environment: ["ACTIVITY_BRIDGE_LIBCLANG": ""])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("note: Objective-C handlers were not looked for in the repository's 4 .m/.mm files (Objective-C checks are off: no libclang could be loaded"),
                "\(result.standardError)")
        #expect(result.standardError.contains("perform() of LDClearIntent, LDCountIntent, LDHideIntent, LDStockIntent throws a TODO\n"), "\(result.standardError)")
        let stock = try String(contentsOf: repository.appendingPathComponent("ConvertedAppIntents/Larder/StockAppIntent.swift"), encoding: .utf8)
        #expect(stock.contains("no handle(intent:) was found"))
    }
}
