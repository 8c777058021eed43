import ActivityBridgeCLI
import Foundation
import TestSupport
import Testing

/// Every command's whole `--help` text, as the built binary prints it, against a golden file in
/// `Help/` (named by the command's words: `activity-bridge-plist-lint.txt`). Help is derived from the
/// commands' declarations, so a change here is a change of the command-line contract: review it,
/// then regenerate the files with scripts/update-help-goldens.sh. The commands are walked from the
/// registered command tree, so a new command fails ``everyCommandHasAGoldenFile()`` until it has one.
@Suite("--help golden texts")
struct HelpGoldenTests {
    static let commands: [[String]] = ActivityBridgeCommand.configuration.tree.map { configuration in
        configuration.path.split(separator: " ").map(String.init)
    }

    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Help")

    @Test(arguments: commands)
    func helpMatchesItsGoldenFile(_ words: [String]) throws {
        let name = (["activity-bridge"] + words).joined(separator: "-") + ".txt"
        let golden = try String(contentsOf: Self.goldenDirectory.appendingPathComponent(name), encoding: .utf8)
        let result = try BuiltBinary.run(words + ["--help"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput == golden, "\(name) differs from the built binary's help")
        // `-h` prints the same text.
        #expect(try BuiltBinary.run(words + ["-h"]).standardOutput == golden)
    }

    @Test func everyCommandHasAGoldenFile() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldenDirectory.path).filter { $0.hasSuffix(".txt") }
        #expect(Set(files) == Set(Self.commands.map { (["activity-bridge"] + $0).joined(separator: "-") + ".txt" }))
    }
}
