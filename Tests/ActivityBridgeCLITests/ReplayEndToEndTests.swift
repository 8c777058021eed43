import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport

/// `activity-bridge replay` through the real built binary: the sample scripts, a failing script, a
/// script error, the three formats, `-o`, exit codes, and the per-script temporary directories.
@Suite("replay end to end")
struct ReplayEndToEndTests {
    static let failing = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>name</key><string>Deliberately wrong</string>
          <key>app</key><string>hairdressers</string>
          <key>launched</key><true/>
          <key>steps</key><array>
            <dict><key>do</key><string>bookAppointment</string><key>hairdresser</key><string>Jane</string>
              <key>day</key><string>Monday</string>
              <key>expect</key><dict><key>appointments.count</key><integer>2</integer></dict></dict>
            <dict><key>do</key><string>check</string><key>expect</key><dict><key>screen</key><string>appointments</string></dict></dict>
          </array>
        </dict></plist>
        """

    static let scriptError = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>name</key><string>Unknown step</string>
          <key>app</key><string>hairdressers</string>
          <key>steps</key><array>
            <dict><key>do</key><string>launch</string></dict>
            <dict><key>do</key><string>frobnicate</string></dict>
            <dict><key>do</key><string>finishLaunching</string></dict>
          </array>
        </dict></plist>
        """

    func withScripts<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
        try FixtureTree.with(files, purpose: "replay-e2e", body)
    }

    @Test func theSampleScriptsAllPass() throws {
        let scripts = try FileManager.default.contentsOfDirectory(
            atPath: BuiltBinary.packageRoot.appendingPathComponent("Samples/Replays").path).filter { $0.hasSuffix(".plist") }
        let result = try BuiltBinary.run(["replay", "Samples/Replays"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "the output ends with a newline")
        #expect(lines.dropLast().last.map(String.init) == "\(scripts.count) passed, 0 failed")
        #expect(!result.standardOutput.contains("FAIL"))
        #expect(result.standardError.isEmpty)
    }

    @Test func aFailedExpectationExitsOneAndSaysWhatWasExpected() throws {
        try withScripts(["wrong.plist": Self.failing]) { directory in
            let result = try BuiltBinary.run(["replay", "wrong.plist"], in: directory)
            #expect(result.status == 1)
            #expect(result.standardOutput == """
                wrong.plist: Deliberately wrong
                  FAIL  step 1 bookAppointment: ok — appointments.count: expected 2, got 1
                  PASS  step 2 check: ok
                0 passed, 1 failed

                """)
        }
    }

    @Test func aScriptErrorNamesTheStepAndItsLocation() throws {
        try withScripts(["error.plist": Self.scriptError]) { directory in
            let result = try BuiltBinary.run(["replay", "error.plist"], in: directory)
            #expect(result.status == 1)
            #expect(result.standardOutput.contains("  ERROR step 2 frobnicate: unknown step 'frobnicate' (at error.plist:7:5)\n"))
            #expect(!result.standardOutput.contains("step 3"), "the script stops at the error")
            #expect(result.standardOutput.hasSuffix("0 passed, 1 failed\n"))
        }
    }

    @Test func junitGoesToTheOutputFileAndTheSummaryToStdout() throws {
        try withScripts(["a-wrong.plist": Self.failing, "b-error.plist": Self.scriptError]) { directory in
            let result = try BuiltBinary.run(["replay", "--format", "junit", "-o", "report.xml", "."], in: directory)
            #expect(result.status == 1)
            #expect(result.standardOutput == "0 passed, 2 failed\n")
            let xml = try String(contentsOf: directory.appendingPathComponent("report.xml"), encoding: .utf8)
            #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"activity-bridge replay\" tests=\"2\" failures=\"1\" errors=\"1\">"))
            #expect(xml.contains("<testsuite name=\"./a-wrong.plist\" tests=\"1\" failures=\"1\" errors=\"0\">"))
            #expect(xml.contains("<failure message=\"step 1 (bookAppointment): appointments.count: expected 2, got 1\" type=\"expectation\">"))
            #expect(xml.contains("<error message=\"step 2 (frobnicate): unknown step &apos;frobnicate&apos;\" type=\"script-error\">"))
            let document = try XMLDocument(data: Data(xml.utf8))
            #expect(try document.nodes(forXPath: "//testcase").count == 2)
        }
    }

    @Test func jsonIsOneDocument() throws {
        try withScripts(["wrong.plist": Self.failing]) { directory in
            let result = try BuiltBinary.run(["replay", "--format", "json", "wrong.plist"], in: directory)
            #expect(result.status == 1)
            let object = try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any]
            let summary = object?["summary"] as? [String: Any]
            #expect(summary?["passed"] as? Int == 0)
            #expect(summary?["failed"] as? Int == 1)
            let scripts = object?["scripts"] as? [[String: Any]]
            let steps = scripts?.first?["steps"] as? [[String: Any]]
            let failure = (steps?.first?["failures"] as? [[String: Any]])?.first
            #expect(failure?["key"] as? String == "appointments.count")
            #expect(failure?["expected"] as? Int == 2)
            #expect(failure?["actual"] as? Int == 1)
        }
    }

    @Test func inputAndUsageErrorsHaveTheirExitCodes() throws {
        let missing = try BuiltBinary.run(["replay", "Samples/NoSuchDirectory"])
        #expect(missing.status == 66)
        #expect(missing.standardError.hasPrefix("error: no such file or directory: 'Samples/NoSuchDirectory'\n"))
        let none = try BuiltBinary.run(["replay"])
        #expect(none.status == 64)
        let format = try BuiltBinary.run(["replay", "--format", "xml", "Samples/Replays"])
        #expect(format.status == 64)
        #expect(format.standardError.hasPrefix("error: invalid value 'xml' for '--format'"))
        try withScripts([:]) { directory in
            let empty = try BuiltBinary.run(["replay", "."], in: directory)
            #expect(empty.status == 66)
        }
    }

    @Test func eachScriptsDirectoryIsRemovedAfterwards() throws {
        try withScripts(["wrong.plist": Self.failing, "error.plist": Self.scriptError]) { directory in
            let scratch = directory.appendingPathComponent("tmp")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let result = try BuiltBinary.run(
                ["replay", BuiltBinary.packageRoot.appendingPathComponent("Samples/Replays").path, "wrong.plist", "error.plist"],
                in: directory, environment: ["TMPDIR": scratch.path])
            #expect(result.status == 1)
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
        }
    }
}
