import ActivityKit
import Foundation
import PropertyList
import Testing
@testable import ActivityBridgeCLI
import TestSupport

/// The donations commands run in-process with captured streams: progress and output placement.
@Suite("donations commands in-process")
struct DonationsInProcessTests {
    private func run(_ arguments: [String], in directory: URL, showsProgress: Bool) -> (ExitCode, String, String) {
        let context = CommandContext(standardOutput: CommandOutput(), standardError: CommandOutput(),
                                     showsProgress: showsProgress, currentDirectory: directory.path)
        let code = CommandRunner.run(ActivityBridgeCommand.self, arguments: arguments, context: context)
        return (code, context.standardOutput.capturedText, context.standardError.capturedText)
    }

    @Test func progressGoesToStandardErrorOnlyWhenShown() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        try DonationsCommandTests.writeLog(DonationsCommandTests.sampleLog(), to: directory.appendingPathComponent("log.plist"))

        let (quietCode, quietOut, quietErr) = run(["donations", "import", "--store", "quiet.sqlite", "log.plist"], in: directory, showsProgress: false)
        #expect(quietCode == .success)
        #expect(quietErr.isEmpty)

        let (code, out, err) = run(["donations", "import", "--store", "shown.sqlite", "log.plist"], in: directory, showsProgress: true)
        #expect(code == .success)
        #expect(out == quietOut.replacingOccurrences(of: "quiet.sqlite", with: "shown.sqlite"))  // stdout unchanged
        #expect(err.contains("reading log.plist…"))
        #expect(err.contains("stored 4 of 4 donations…"))
        #expect(err.hasSuffix("\r\u{1B}[K"))  // the line is cleared at the end
    }

    @Test func importSummaryAsJSON() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        try DonationsCommandTests.writeLog(DonationsCommandTests.sampleLog(), to: directory.appendingPathComponent("log.plist"))
        let (code, out, _) = run(["donations", "import", "--format", "json", "log.plist"], in: directory, showsProgress: false)
        #expect(code == .success)
        #expect(out == "{\"imported\":4,\"warnings\":0,\"notSuggestable\":{\"donation-not-eligible-for-prediction\":1}}\n")
    }

    @Test func warningsOfASuccessfulImportAreSummarisedPerRule() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        var activities = DonationsCommandTests.sampleLog()
        for index in activities.indices { activities[index]["colour"] = "red" }
        try DonationsCommandTests.writeLog(activities, to: directory.appendingPathComponent("log.plist"))
        let (code, _, err) = run(["donations", "import", "log.plist"], in: directory, showsProgress: false)
        #expect(code == .success)
        #expect(err == "log.plist: warning: 4 donation(s): unknown activity key 'colour' is ignored "
            + "(at donations[0].colour, donations[1].colour, donations[2].colour, …) [activity-unknown-key]\n")
    }

    @Test func listOnAnEmptyStoreIsEmpty() throws {
        let directory = try TemporaryDirectory.create()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DonationStore(path: directory.appendingPathComponent("empty.sqlite").path)
        try store.close()
        let (code, out, _) = run(["donations", "list", "--format", "json", "--store", "empty.sqlite"], in: directory, showsProgress: false)
        #expect(code == .success)
        #expect(out == "{\"donations\":[]}\n")
        let (_, suggest, _) = run(["donations", "suggest", "--store", "empty.sqlite"], in: directory, showsProgress: false)
        #expect(suggest == "no suggestions: no prediction-eligible, unexpired donations\n")
    }
}

@Suite("donations output helpers")
struct DonationsOutputHelperTests {
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"), (1_748_736_000.9, "2025-06-01T00:00:00Z"), (-1.0, "1969-12-31T23:59:59Z"),
        (253_402_300_799.0, "9999-12-31T23:59:59Z"), (1e300, "1e+300s"), (-.infinity, "-infs"),
    ])
    func timestampsNeverTrap(_ seconds: Double, _ expected: String) {
        #expect(DonationsJSON.timestamp(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func listFieldsStayOnOneLine() {
        #expect(DonationsListCommand.singleLine("plain") == "plain")
        #expect(DonationsListCommand.singleLine("a\tb\nc\r\nd") == "a b c  d")
    }
}
