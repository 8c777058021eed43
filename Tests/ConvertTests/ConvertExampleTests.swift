import Foundation
import SwiftFacts
import TestSupport
import Testing

/// The end-to-end example `Examples/ConvertIntents`: its script, exactly as a team runs it (audit → convert →
/// audit), with the built binary, then what it wrote. The script fails when a step does not show what it should.
@Suite("Convert: the Examples/ConvertIntents example", .enabled(if: SwiftFactsExtractor.isAvailable, "built without the toolchain's SwiftParser"))
struct ConvertExampleTests {
    static let example = TestPaths.inPackage("Examples/ConvertIntents")

    @Test("convert.sh: the audit finds PNAddItemIntent unmigrated, convert writes its App Intents, the audit then finds nothing")
    func script() throws {
        let directory = try TemporaryDirectory("convert-example")
        let result = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), [Self.example.appendingPathComponent("convert.sh").path, directory.url.path],
                                          environment: ["ACTIVITY_BRIDGE": BuiltBinary.url.path])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("[custom-intent-not-migrated]"), "\(result.standardOutput)")
        #expect(result.standardError.contains("note: PNAddItemIntent: perform() calls AddItemIntentHandler.handle(intent:) (Pantry/AddItemIntentHandler.swift:6)"),
                "\(result.standardError)")

        let folder = directory.url.appendingPathComponent("Pantry/ConvertedAppIntents/Pantry")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["AddItemAppIntent.swift", "ItemAppEntity.swift", "PackagingAppEnum.swift"])
        let intent = try String(contentsOf: folder.appendingPathComponent("AddItemAppIntent.swift"), encoding: .utf8)
        #expect(intent.contains("static let intentClassName = \"PNAddItemIntent\"\n"))
        for declaration in ["var item: ItemAppEntity?", "var quantity: Int?", "var packaging: PackagingAppEnum?"] { #expect(intent.contains(declaration), "\(declaration)") }
        #expect(intent.contains(#"ParameterSummaryWhenCondition(\AddItemAppIntent.$quantity, .hasAnyValue) {"#), "\(intent)")
        #expect(intent.contains("AddItemIntentHandler().handle(intent: intent) { continuation.resume(returning: $0) }"))
        #expect(intent.contains(#"Summary("Add \(\.$quantity) \(\.$packaging) of \(\.$item)", table: "Pantry")"#))
        #expect(intent.contains(#"Summary("Add \(\.$item)", table: "Pantry")"#))
        let packaging = try String(contentsOf: folder.appendingPathComponent("PackagingAppEnum.swift"), encoding: .utf8)
        for line in ["case .unknown: 0", "case .loose: 1", "case .box: 2", "case .jar: 3"] { #expect(packaging.contains(line)) }
        // The README shows the summary exactly as written.
        let readme = try String(contentsOf: Self.example.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = try #require(readme.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(intent.contains(shown.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")), "\(shown)")
        // The example itself is never written: the script works on a copy.
        #expect(!FileManager.default.fileExists(atPath: Self.example.appendingPathComponent("Pantry/ConvertedAppIntents").path))
    }

    @Test("the example's App Intents type-check against the AppIntents stub (written without the handler call, which needs the app's legacy classes)",
          .enabled(if: ConvertFixtures.swiftc != nil, "no swiftc on PATH"))
    func typeChecks() throws {
        let directory = try TemporaryDirectory("convert-example")
        let repository = try ConvertFixtures.copy(Self.example.appendingPathComponent("Pantry"), into: directory, as: "Pantry")
        let out = directory.url.appendingPathComponent("out")
        let result = try BuiltBinary.run(["convert", "--no-handlers", "--out", out.path, "."], in: repository)
        #expect(result.status == 0, "\(result.standardError)")
        let folder = out.appendingPathComponent("Pantry")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0).path }
        #expect(files.count == 3)
        let checked = try StubModules.shared.get().typecheck(files, swiftVersion: "6")
        #expect(checked.status == 0, "\(checked.standardError)")
    }

    @Test("the script fails when the audit finds nothing to migrate (its check is real)")
    func scriptChecks() throws {
        let directory = try TemporaryDirectory("convert-example")
        // A binary that prints nothing: step 1's check must fail the script.
        let fake = try directory.write(Data("#!/bin/sh\nexit 0\n".utf8), to: "fake-activity-bridge")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let result = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), [Self.example.appendingPathComponent("convert.sh").path, directory.url.path],
                                          environment: ["ACTIVITY_BRIDGE": fake.path])
        #expect(result.status != 0)
    }
}
