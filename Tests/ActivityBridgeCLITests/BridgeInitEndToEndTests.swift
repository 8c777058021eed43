import Foundation
import Testing
import TestSupport

/// `activity-bridge bridge init --app-model` through the real built binary.
@Suite("bridge init end to end")
struct BridgeInitEndToEndTests {
    @Test func draftsTheOutlinerManifestToAFileThatValidates() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = BuiltBinary.packageRoot.appendingPathComponent("Samples/AppModels/Outliner-AppModel.plist").path
        let result = try BuiltBinary.run(["bridge", "init", "--app-model", model, "-o", "Outliner-Bridge.plist"], in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == """
            note: 'io.example.outliner.openEditor' is declared but no intent's intentClassName or name matches; it stays with the legacy handler
            note: 'io.example.outliner.search' is declared but no intent's intentClassName or name matches; it stays with the legacy handler

            """)
        let draft = try String(contentsOf: directory.appendingPathComponent("Outliner-Bridge.plist"), encoding: .utf8)
        #expect(draft.contains("<key>EditOutlineIntent</key>\n\t\t<dict>\n\t\t\t<key>intent</key>\n\t\t\t<string>EditOutlineAppIntent</string>"))
        // The draft is a clean bridge manifest for the model.
        let lint = try BuiltBinary.run(["plist", "lint", "Outliner-Bridge.plist"], in: directory)
        #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
    }

    @Test func aModelWithErrorsDraftsNothing() throws {
        let file = "Samples/AppModels/Invalid/Mistakes-AppModel.plist"
        let result = try BuiltBinary.run(["bridge", "init", "--app-model", file])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("error: app model '\(file)' has errors; nothing was drafted\n"))
        #expect(result.standardError.contains("\(file):5:2: error: 'formatVersion' must be <integer>1</integer>"))
    }

    @Test func withoutAModelItIsAUsageError() throws {
        let result = try BuiltBinary.run(["bridge", "init"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("error: missing option '--app-model APP.plist'\n"))
    }
}
